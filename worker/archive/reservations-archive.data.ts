/** The bookings the archive moves out of D1 (docs/payments.md, Archive). */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { OVER_STATUSES } from '../../core/archive';
import type { DB } from '../db/client';
import { reservations } from '../db/schema';

export type Reservation = typeof reservations.$inferSelect;

/** A lot's bookings over and ended before `before`, the earliest end first: a range of reservations_lot_end_idx. */
export const reservationsToMove = (db: DB, lotId: string, before: string, limit: number): Promise<Reservation[]> =>
  db
    .select()
    .from(reservations)
    .where(and(eq(reservations.lotId, lotId), lt(reservations.endTs, before), inArray(reservations.status, [...OVER_STATUSES])))
    .orderBy(asc(reservations.endTs), asc(reservations.id))
    .limit(limit);

/**
 * The statement that deletes moved bookings once their period lists them (the rollups keep them:
 * migrations/0058): only at the version the archive holds, so a booking changed meanwhile stays in D1
 * and is written again on the next run.
 */
export const deleteMovedReservations = (db: DB, moved: Pick<Reservation, 'id' | 'version'>[]) =>
  db.$client
    .prepare(
      `DELETE FROM reservations WHERE status IN (${OVER_STATUSES.map((s) => `'${s}'`).join(', ')})
         AND (id, version) IN (SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?1))`,
    )
    .bind(JSON.stringify(moved.map(({ id, version }) => [id, version])));
