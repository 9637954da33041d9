/**
 * Keyset pages, newest first (docs/foundation.md, Lists). A page is read in (sort key DESC, id DESC)
 * order from where the previous one ended, so rows written meanwhile never shift a page the way
 * OFFSET would: no row is served twice and none is skipped. The cursor is the last row's sort key and
 * id as base64url JSON; clients treat it as opaque.
 */
import { and, asc, desc, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { fromBase64url, toBase64url } from '../../core/base64url';
import type { Page } from '../../core/paging';

export type Cursor = { key: string; id: string };
export type PageRequest = { limit: number; cursor?: Cursor };

const toBase64Url = (text: string) => toBase64url(new TextEncoder().encode(text));
const fromBase64Url = (text: string) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(fromBase64url(text));

export const encodeCursor = ({ key, id }: Cursor) => toBase64Url(JSON.stringify([key, id]));

/** The cursor a page gave out, or null for anything else. */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(fromBase64Url(raw));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string' && part.length > 0))
      return { key: value[0], id: value[1] };
  } catch {
    // Not base64url JSON: not one of ours.
  }
  return null;
}

/**
 * Rows after the cursor in (key DESC, id DESC) order. Written as `key <= k AND (key < k OR id < i)`
 * rather than a row-value comparison so SQLite can seek the (user, key) index to the cursor.
 */
export const afterCursor = (key: SQLiteColumn, id: SQLiteColumn, cursor?: Cursor): SQL | undefined =>
  cursor ? and(lte(key, cursor.key), or(lt(key, cursor.key), lt(id, cursor.id))) : undefined;

export const newestFirst = (key: SQLiteColumn, id: SQLiteColumn) => [desc(key), desc(id)];

/** The same in (key ASC, id ASC) order, for lists read alphabetically (lots by name). */
export const afterCursorAscending = (key: SQLiteColumn, id: SQLiteColumn, cursor?: Cursor): SQL | undefined =>
  cursor ? and(gte(key, cursor.key), or(gt(key, cursor.key), gt(id, cursor.id))) : undefined;

export const alphabetical = (key: SQLiteColumn, id: SQLiteColumn) => [asc(key), asc(id)];

/** Read `limit + 1` rows: the extra one only says whether another page follows. */
export const rowsToRead = (page: PageRequest) => page.limit + 1;

export function pageOf<Row, Item>(rows: Row[], page: PageRequest, cursorOf: (row: Row) => Cursor, view: (row: Row) => Item): Page<Item> {
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return { items: kept.map(view), nextCursor: rows.length > page.limit && last ? encodeCursor(cursorOf(last)) : null };
}
