/** The bookings the archive moves out of D1 (docs/payments.md, Archive). */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { OVER_STATUSES } from '../../core/archive';
import type { DB } from '../db/client';
import { archivedBookings, reservations } from '../db/schema';

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
 * migrations/0059): only at the version the archive holds, so a booking changed meanwhile stays in D1
 * and is written again on the next run.
 */
export const deleteMovedReservations = (db: DB, moved: Pick<Reservation, 'id' | 'version'>[]) =>
  db.$client
    .prepare(
      `DELETE FROM reservations WHERE status IN (${OVER_STATUSES.map((s) => `'${s}'`).join(', ')})
         AND (id, version) IN (SELECT value ->> '$[0]', value ->> '$[1]' FROM json_each(?1))`,
    )
    .bind(JSON.stringify(moved.map(({ id, version }) => [id, version])));

/**
 * The statement that notes, in the move's batch, which drivers have bookings in a lot's period: the
 * drivers as one JSON value, since D1 binds at most 100 values a statement and a batch has hundreds.
 */
export const noteDriversOf = (db: DB, lotId: string, month: string, moved: Pick<Reservation, 'userId'>[]) =>
  db.$client
    .prepare(
      `INSERT INTO archived_bookings (user_id, lot_id, month) SELECT DISTINCT value, ?1, ?2 FROM json_each(?3) WHERE true
         ON CONFLICT DO NOTHING`,
    )
    .bind(lotId, month, JSON.stringify(moved.map((row) => row.userId)));

/** The lots and months whose periods hold a driver's archived bookings, the newest month first. */
export const periodsOfDriver = (db: DB, userId: string) =>
  db
    .select({ lotId: archivedBookings.lotId, month: archivedBookings.month })
    .from(archivedBookings)
    .where(eq(archivedBookings.userId, userId))
    .orderBy(desc(archivedBookings.month));

/** The months from `from` on whose periods of a lot hold a driver's archived bookings, oldest first. */
export const periodsOfDriverAt = (db: DB, userId: string, lotId: string, from: string) =>
  db
    .select({ month: archivedBookings.month })
    .from(archivedBookings)
    .where(and(eq(archivedBookings.userId, userId), eq(archivedBookings.lotId, lotId), gte(archivedBookings.month, from)))
    .orderBy(asc(archivedBookings.month));
