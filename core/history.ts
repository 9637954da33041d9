/**
 * The History screen's filters (spec 2.9): search by lot name or plate, status, and a date range of
 * the last 7, 30 or 365 days (by the reservation's start; upcoming ones count as in range). The same
 * rule filters the Reservations and Receipts tabs and the CSV export of what is shown.
 */
import { csvManilaTime, csvPesos, inert, toCsv } from './csv';
import type { ReservationStatus } from './booking';

export const HISTORY_RANGES = { all: 'All time', week: 'Last 7 days', month: 'Last 30 days', year: 'Last 365 days' } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;
const RANGE_DAYS: Record<HistoryRange, number | null> = { all: null, week: 7, month: 30, year: 365 };

export type HistoryFilter = { search: string; status: ReservationStatus | 'all'; range: HistoryRange };
export const NO_HISTORY_FILTER: HistoryFilter = { search: '', status: 'all', range: 'all' };

/** What the filters look at in a row of either tab. */
export type HistoryFacts = { lotName: string; plate: string | null; status: ReservationStatus; startTs: string };

/** Plates match with or without their space ("nbc1234" finds "NBC 1234"). */
const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');

export function matchesHistory(row: HistoryFacts, filter: HistoryFilter, now = new Date()): boolean {
  const needle = squash(filter.search);
  if (needle && !squash(row.lotName).includes(needle) && !squash(row.plate ?? '').includes(needle)) return false;
  if (filter.status !== 'all' && row.status !== filter.status) return false;
  const days = RANGE_DAYS[filter.range];
  return days === null || new Date(row.startTs).getTime() >= now.getTime() - days * 86_400_000;
}

export type HistoryCsvRow = HistoryFacts & { passId: string; endTs: string; slotLabel: string | null; amountCents: number };

/** The rows shown, as CSV (Manila times, pesos). */
export function historyCsv(rows: HistoryCsvRow[]): string {
  const header = ['Pass ID', 'Lot', 'Plate', 'Slot', 'Start (Asia/Manila)', 'End (Asia/Manila)', 'Status', 'Amount (PHP)'];
  return toCsv([
    header,
    ...rows.map((r) => [
      r.passId,
      inert(r.lotName),
      inert(r.plate ?? ''),
      inert(r.slotLabel ?? ''),
      csvManilaTime(r.startTs),
      csvManilaTime(r.endTs),
      r.status,
      csvPesos(r.amountCents),
    ]),
  ]);
}
