/** The charges the archive moves out of D1 (docs/payments.md, Archive), and the lots it visits. */
import { and, asc, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { OVER_STATUSES } from '../../core/archive';
import type { DB } from '../db/client';
import { charges, lots, reservations } from '../db/schema';

export type Charge = typeof charges.$inferSelect;

/** Every lot: the directory of lots is small, and a lot with nothing to move answers at once. */
export const everyLotId = (db: DB) => db.select({ id: lots.id }).from(lots);

/**
 * The oldest charges of a lot written before `before`, of reservations that are over (or archived
 * already, over by then), in the order D1 wrote them: a range of charges_lot_time_idx.
 */
export const chargesToMove = (db: DB, lotId: string, before: string, limit: number): Promise<Charge[]> =>
  db
    .select(getTableColumns(charges))
    .from(charges)
    .leftJoin(reservations, eq(reservations.id, charges.reservationId))
    .where(
      and(
        eq(charges.lotId, lotId),
        lt(charges.createdAt, before),
        or(isNull(reservations.id), inArray(reservations.status, [...OVER_STATUSES])),
      ),
    )
    .orderBy(asc(charges.createdAt), sql`${charges}.rowid`)
    .limit(limit);

/** A reservation's lot and when it was made: its charges are of that lot, charged since. */
export async function reservationSpan(db: DB, id: string) {
  const [row] = await db
    .select({ lotId: reservations.lotId, createdAt: reservations.createdAt })
    .from(reservations)
    .where(eq(reservations.id, id));
  return row;
}

/** The statement that deletes charges once their period lists them (the rollups keep them: migrations/0047). */
export const deleteMovedCharges = (db: DB, ids: string[]) =>
  db.$client.prepare('DELETE FROM charges WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(ids));
