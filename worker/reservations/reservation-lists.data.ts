/**
 * Which of a driver's reservations a list shows: My Reservations' tabs and the History filters, as SQL over the
 * reservation and its lot, so the lists page and count on the server. Timestamps are stored as
 * `toISOString()` text, which sorts and compares in time order.
 */
import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReservationTab } from '../../core/booking';
import { rangeStart, squashSearch, type HistoryFilter } from '../../core/history';
import type { DB } from '../db/client';
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

/**
 * `squashSearch` in SQL for stored names and plates: single-line text, so spaces are the only gaps.
 * SQLite's lower() folds ASCII letters only, so a non-ASCII capital (Ñ) matches only as typed.
 */
const squashed = (column: SQLWrapper) => sql`replace(lower(${column}), ' ', '')`;

/** What the History filters read: the reservation's, or (a monthly pass's receipt) the pass's plate and start and no status. */
export type HistoryColumns = { plate: SQLWrapper; status: SQLWrapper; startTs: SQLWrapper };
const RESERVATION_COLUMNS: HistoryColumns = {
  plate: reservations.vehiclePlate,
  status: reservations.status,
  startTs: reservations.startTs,
};

/** `matchesHistory` of core/history.ts in SQL over the reservation (or the `facts` given) and its lot. */
export function historyWhere(filter: HistoryFilter, now: Date, facts: HistoryColumns = RESERVATION_COLUMNS): SQL | undefined {
  const needle = squashSearch(filter.search);
  const since = rangeStart(filter.range, now);
  return and(
    needle ? sql`(instr(${squashed(lots.name)}, ${needle}) > 0 OR instr(${squashed(facts.plate)}, ${needle}) > 0)` : undefined,
    filter.status === 'all' ? undefined : sql`${facts.status} = ${filter.status}`,
    since ? sql`${facts.startTs} >= ${since.toISOString()}` : undefined,
  );
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
