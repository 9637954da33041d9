/**
 * Which of a driver's reservations a list shows: My Reservations' tabs and the History filters, as SQL over the
 * reservation and its lot, so the lists page and count on the server. Timestamps are stored as
 * `toISOString()` text, which sorts and compares in time order.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ReservationTab } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import type { DB } from '../db/client';
import { historyWhere } from '../db/history';
import { lots, reservations } from '../db/schema';

/**
 * `reservationTab` of core/booking.ts in SQL (worker/reservations/reservations-list.test.ts keeps the
 * two in agreement): Upcoming = CONFIRMED and not started; Active = ACTIVE or CONFIRMED, not ended;
 * Past = the rest.
 */
export function tabOf(now: Date): SQL<ReservationTab> {
  const at = now.toISOString();
  return sql<ReservationTab>`CASE
    WHEN ${reservations.status} = 'CONFIRMED' AND ${reservations.startTs} > ${at} THEN 'upcoming'
    WHEN ${reservations.status} IN ('ACTIVE', 'CONFIRMED') AND ${reservations.endTs} > ${at} THEN 'active'
    ELSE 'past' END`;
}

/** How many of the driver's reservations match the filter, in all and per tab. */
export async function countOwnReservations(db: DB, userId: string, filter: HistoryFilter, now = new Date()) {
  const tab = tabOf(now);
  const rows = await db
    .select({ tab, count: count() })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(and(eq(reservations.userId, userId), historyWhere(filter, now)))
    .groupBy(tab);
  const counts = { upcoming: 0, active: 0, past: 0 };
  for (const row of rows) counts[row.tab] = row.count;
  return { total: counts.upcoming + counts.active + counts.past, ...counts };
}

/** Which of these reservations are in D1: a booking caught between the archive's two writes is in both places, and D1's copy is the one listed. */
export async function inD1(db: DB, ids: string[]) {
  const rows = await db.all<{ id: string }>(
    sql`SELECT id FROM reservations WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
  return new Set(rows.map((row) => row.id));
}
