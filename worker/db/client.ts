import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

export type DB = DrizzleD1Database<typeof schema>;

/** D1 binds at most 100 parameters per statement; a slot row has 8. */
export const SLOT_ROWS_PER_INSERT = 12;

export const createDb = (d1: D1Database): DB => drizzle(d1, { schema });

/** A drizzle query as a plain D1 statement, so it can share one D1 batch (one transaction) with hand-written SQL. */
export function statementOf(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return d1.prepare(sql).bind(...params);
}
