/**
 * The History screen's filters, to find a past stay: search by lot name or plate, status, and a date range of
 * the last 7, 30 or 365 days (by the reservation's start; upcoming ones count as in range). The same
 * rule filters the Reservations and Receipts tabs and the CSV export of what is shown.
 */
import { RESERVATION_STATUSES, type ReservationStatus } from './booking';
import { csvManilaTime, csvPesos, inert, toCsv } from './csv';
import { DAY_MS } from './time';

export const HISTORY_RANGES = { all: 'All time', week: 'Last 7 days', month: 'Last 30 days', year: 'Last 365 days' } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;
const RANGE_DAYS: Record<HistoryRange, number | null> = { all: null, week: 7, month: 30, year: 365 };

export type HistoryFilter = { search: string; status: ReservationStatus | 'all'; range: HistoryRange };
export const NO_HISTORY_FILTER: HistoryFilter = { search: '', status: 'all', range: 'all' };

/** What the filters look at in a row of either tab; a monthly pass's receipt has no reservation status (a status filter leaves it out). */
export type HistoryFacts = { lotName: string; plate: string | null; status: ReservationStatus | null; startTs: string };

/** Plates match with or without their space ("nbc1234" finds "NBC 1234"): both sides lose their spaces. */
export const squashSearch = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The earliest start the range keeps, or null for all time. */
export function rangeStart(range: HistoryRange, now = new Date()): Date | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

export function matchesHistory(row: HistoryFacts, filter: HistoryFilter, now = new Date()): boolean {
  const needle = squashSearch(filter.search);
  if (needle && !squashSearch(row.lotName).includes(needle) && !squashSearch(row.plate ?? '').includes(needle)) return false;
  if (filter.status !== 'all' && row.status !== filter.status) return false;
  const since = rangeStart(filter.range, now);
  return since === null || new Date(row.startTs) >= since;
}

/** The query parameters for a filter, leaving out what does not narrow the list. */
export const historyQueryOf = (filter: HistoryFilter) => ({
  q: squashSearch(filter.search) ? filter.search : undefined,
  status: filter.status === 'all' ? undefined : filter.status,
  range: filter.range === 'all' ? undefined : filter.range,
});

export type HistoryCsvRow = HistoryFacts & {
  /** The reservation's Pass ID (none for a monthly pass's receipt). */
  passId: string | null;
  endTs: string;
  slotLabel: string | null;
  amountCents: number;
  /** The official number of the row's current receipt (docs/booking.md, Receipts), and of the VOID that voided it, if any. */
  receiptNumber: string | null;
  voidNumber: string | null;
};

/** The rows shown, as CSV (Manila times, pesos, the receipt's official number). */
export function historyCsv(rows: HistoryCsvRow[]): string {
  const header = [
    'Pass ID',
    'Lot',
    'Plate',
    'Slot',
    'Start (Asia/Manila)',
    'End (Asia/Manila)',
    'Status',
    'Amount (PHP)',
    'Receipt No.',
    'Voided by',
  ];
  return toCsv([
    header,
    ...rows.map((r) => [
      r.passId ?? '',
      inert(r.lotName),
      inert(r.plate ?? ''),
      inert(r.slotLabel ?? ''),
      csvManilaTime(r.startTs),
      csvManilaTime(r.endTs),
      r.status ?? 'MONTHLY PASS',
      csvPesos(r.amountCents),
      r.receiptNumber ?? '',
      r.voidNumber ?? '',
    ]),
  ]);
}

/** History's tabs. */
const HISTORY_TABS = ['reservations', 'receipts'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

/** The History screen's tab and filters as the URL holds them (anything else falls back to the default). */
export type HistorySearch = { tab: HistoryTab; status: HistoryFilter['status']; range: HistoryRange; q?: string };

export const historySearchOf = (raw: { tab?: unknown; status?: unknown; range?: unknown; q?: unknown }): HistorySearch => ({
  tab: HISTORY_TABS.find((tab) => tab === raw.tab) ?? 'reservations',
  status: RESERVATION_STATUSES.find((status) => status === raw.status) ?? 'all',
  range: (Object.keys(HISTORY_RANGES) as HistoryRange[]).find((range) => range === raw.range) ?? 'all',
  q: typeof raw.q === 'string' && raw.q.trim() ? raw.q.trim() : undefined,
});
