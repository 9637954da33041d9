/** The archive's directory (docs/payments.md, Archive): which closed periods are in the ARCHIVE bucket. */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { ArchivedKind, Period } from '../../core/archive';
import { statementOf, type DB } from '../db/client';
import { archivedPeriods } from '../db/schema';

export type ListedPeriod = typeof archivedPeriods.$inferSelect;

/** The directory's row of a period, if it was archived. */
export async function listedPeriod(db: DB, { kind, lotId, month }: Period): Promise<ListedPeriod | undefined> {
  const [row] = await db
    .select()
    .from(archivedPeriods)
    .where(and(eq(archivedPeriods.kind, kind), eq(archivedPeriods.lotId, lotId), eq(archivedPeriods.month, month)));
  return row;
}

/** The archived periods of a kind at a lot, of the months from `from` to `to` included, oldest first. */
export const listedPeriodsOf = (db: DB, kind: ArchivedKind, lotId: string, { from, to }: { from: string; to: string }) =>
  db
    .select()
    .from(archivedPeriods)
    .where(
      and(
        eq(archivedPeriods.kind, kind),
        eq(archivedPeriods.lotId, lotId),
        gte(archivedPeriods.month, from),
        lte(archivedPeriods.month, to),
      ),
    )
    .orderBy(asc(archivedPeriods.month));

/**
 * The statement that lists a period as written. Two writers of one period are kept apart by the
 * bucket's conditional put; a slower one's older count never replaces a larger one.
 */
export const listPeriod = (db: DB, row: ListedPeriod) =>
  statementOf(
    db,
    db
      .insert(archivedPeriods)
      .values(row)
      .onConflictDoUpdate({
        target: [archivedPeriods.kind, archivedPeriods.lotId, archivedPeriods.month],
        set: { key: row.key, rows: row.rows, bytes: row.bytes, archivedAt: row.archivedAt },
        setWhere: sql`excluded.rows >= ${archivedPeriods.rows}`,
      }),
  );
