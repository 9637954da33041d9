/** The archive's directory (docs/payments.md, Archive): which closed periods are in the ARCHIVE bucket. */
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
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
 * bucket's conditional put; a slower one's older count never replaces a larger one. A rewrite may
 * bring plates in full (a late move), so it unmarks the plates' masking: only the retention marks it.
 */
export const listPeriod = (db: DB, row: Omit<ListedPeriod, 'platesMaskedAt'>) =>
  statementOf(
    db,
    db
      .insert(archivedPeriods)
      .values(row)
      .onConflictDoUpdate({
        target: [archivedPeriods.kind, archivedPeriods.lotId, archivedPeriods.month],
        set: { key: row.key, rows: row.rows, bytes: row.bytes, archivedAt: row.archivedAt, platesMaskedAt: null },
        setWhere: sql`excluded.rows >= ${archivedPeriods.rows}`,
      }),
  );

/** A page of the bookings' periods of months up to `through` whose plates are not masked yet, oldest first (archived_periods_full_plates_idx). */
export const bookingPeriodsWithFullPlates = (db: DB, through: string, page: number) =>
  db
    .select({ lotId: archivedPeriods.lotId, month: archivedPeriods.month })
    .from(archivedPeriods)
    // The kind written out, not bound, so that SQLite sees the partial index's condition.
    .where(and(sql`${archivedPeriods.kind} = 'reservations'`, lte(archivedPeriods.month, through), isNull(archivedPeriods.platesMaskedAt)))
    .orderBy(asc(archivedPeriods.month))
    .limit(page);

/**
 * The statement that marks a period's plates masked, right after the statement listing the rewrite
 * that masked them, in the same batch: only if that listing took (`changes()`), so a move that listed
 * more rows meanwhile leaves the period unmarked, to be masked again.
 */
export const markPlatesMasked = (db: DB, { kind, lotId, month }: Period, at: string) =>
  db.$client
    .prepare('UPDATE archived_periods SET plates_masked_at = ?1 WHERE kind = ?2 AND lot_id = ?3 AND month = ?4 AND changes() > 0')
    .bind(at, kind, lotId, month);
