/**
 * A driver's reservations wherever they live (docs/payments.md, Archive, Bookings): D1 and the archived
 * periods holding theirs, one row per id, in the same order, tabs, filters and counts. The periods are
 * read only when a page needs rows older than the newest archived month allows D1 to answer alone.
 */
import { OVER_STATUSES } from '../../core/archive';
import { reservationTab, type ReservationTab } from '../../core/booking';
import { matchesHistory, rangeStart, type HistoryFilter } from '../../core/history';
import { manilaMonthRange } from '../../core/time';
import type { ArchiveContext } from '../archive/archive.service';
import { archivedPeriodsOfDriver, archivedReservationsIn } from '../archive/reservations-archive.service';
import { pageOf, type Cursor, type PageRequest } from '../db/pages';
import { countOwnReservations, inD1 } from './reservation-lists.data';
import { archivedReservationViews, ownReservationRows, type ReservationView } from './reservations.data';

type HistoryList = { tab?: ReservationTab; filter: HistoryFilter; page: PageRequest };
type Periods = Awaited<ReturnType<typeof archivedPeriodsOfDriver>>;

/** Text compared by code unit, as SQLite compares it. */
const byCodeUnit = (a: string, b: string) => Number(a > b) - Number(a < b);

/** Latest start first, then id: the lists' keyset order. */
const newestFirst = (a: ReservationView, b: ReservationView) => byCodeUnit(b.startTs, a.startTs) || byCodeUnit(b.id, a.id);
const afterCursor = (row: ReservationView, cursor?: Cursor) =>
  !cursor || newestFirst({ startTs: cursor.key, id: cursor.id } as ReservationView, row) < 0;

/**
 * Whether archived rows can match at all: they are over and ended (the Past tab), and each started
 * before the end of the newest month holding them.
 */
function archiveMayMatch(periods: Periods, list: Omit<HistoryList, 'page'>, now: Date) {
  if (periods.length === 0 || (list.tab && list.tab !== 'past')) return false;
  if (list.filter.status !== 'all' && !(OVER_STATUSES as readonly string[]).includes(list.filter.status)) return false;
  const since = rangeStart(list.filter.range, now);
  return since === null || since.toISOString() < startedBefore(periods);
}

/** Every archived booking started before the end of the newest month holding one. */
const startedBefore = ([newest]: Periods) => manilaMonthRange(newest.month).end;

/** The driver's archived reservations the list shows, as they see them, leaving out any still in D1. */
async function archivedMatching(ctx: ArchiveContext, userId: string, periods: Periods, list: Omit<HistoryList, 'page'>, now: Date) {
  const rows = await archivedReservationsIn(ctx, userId, periods);
  const listed = await inD1(
    ctx.db,
    rows.map((row) => row.id),
  );
  const views = await archivedReservationViews(
    ctx.db,
    rows.filter((row) => !listed.has(row.id)),
  );
  return views.filter(
    (row) =>
      (!list.tab || reservationTab(row, now) === list.tab) &&
      matchesHistory({ lotName: row.lotName, plate: row.vehiclePlate, status: row.status, startTs: row.startTs }, list.filter, now),
  );
}

/** A page of the driver's reservations, D1's and the archive's merged by the keyset order, each id once. */
export async function ownReservationPage(ctx: ArchiveContext, userId: string, list: HistoryList, now = new Date()) {
  const [rows, periods] = await Promise.all([ownReservationRows(ctx.db, userId, list, now), archivedPeriodsOfDriver(ctx, userId)]);
  // D1 answers alone when it fills the page (and its one more) with rows started after every archived one.
  const d1Fills = rows.length > list.page.limit && rows[list.page.limit].startTs >= (periods.length ? startedBefore(periods) : '');
  if (d1Fills || !archiveMayMatch(periods, list, now)) return pageOf(rows, list.page, cursorOf, (row) => row);
  const archived = (await archivedMatching(ctx, userId, periods, list, now)).filter((row) => afterCursor(row, list.page.cursor));
  return pageOf([...rows, ...archived].sort(newestFirst), list.page, cursorOf, (row) => row);
}

const cursorOf = (row: ReservationView): Cursor => ({ key: row.startTs, id: row.id });

/** How many of the driver's reservations match the filter, in all and per tab, archived ones counted once in Past. */
export async function ownReservationCounts(ctx: ArchiveContext, userId: string, filter: HistoryFilter, now = new Date()) {
  const [counts, periods] = await Promise.all([countOwnReservations(ctx.db, userId, filter, now), archivedPeriodsOfDriver(ctx, userId)]);
  if (!archiveMayMatch(periods, { filter }, now)) return counts;
  const archived = (await archivedMatching(ctx, userId, periods, { filter }, now)).length;
  return { ...counts, total: counts.total + archived, past: counts.past + archived };
}
