/**
 * The History filters (search, status, range) as SQL, so the lists of reservations and of receipts
 * page and count on the server with the same rule. Timestamps are stored as `toISOString()` text,
 * which sorts and compares in time order.
 */
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rangeStart, squashSearch, type HistoryFilter } from '../../core/history';
import { lots, reservations } from './schema';

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
