/**
 * The rules behind an owner's figures (docs/owner.md, "Figures"): the periods compared (Manila
 * calendar dates, core/time.ts), what counts as an open hour, occupancy, the change against the
 * previous period, what money is sold as, stay lengths, and how a customer's e-mail is shown. The
 * worker computes the figures with them and the screens label them with them.
 */
import { WEEKDAYS, type LotHours, type Weekday } from './booking';
import { csvPesos, toCsv } from './csv';
import { addDays, daysBetween, eachDay } from './time';
import type { MoneyKind } from './booking';

/** A report spans at most three years (a leap day included): the rollups answer any range at once. */
export const REPORT_MAX_DAYS = 3 * 365 + 1;
/** Spec: a day above 85% occupancy is labelled High. */
const HIGH_OCCUPANCY_PERCENT = 85;

/** The period a report is compared with: as many days, ending the day before it starts. */
export function previousPeriod(from: string, to: string) {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * The clock hours a lot is open on a weekday: every hour its opening window touches (06:00–22:00
 * is 06…21, 16 hours; 00:00–23:59 is all 24). A weekday without hours is closed.
 */
export function openHours(hours: LotHours, weekday: Weekday): boolean[] {
  const today = hours[weekday];
  if (!today) return Array(24).fill(false);
  const open = minutesOf(today.open);
  const close = today.close === '23:59' ? 24 * 60 : minutesOf(today.close);
  return Array.from({ length: 24 }, (_, hour) => hour * 60 < close && (hour + 1) * 60 > open);
}

/** The weekday SQLite's strftime('%w') and Date#getUTCDay() number (0 = Sunday). */
const weekdayNumbered = (w: number) => WEEKDAYS[(w + 6) % 7];

/** A lot's open hours over the week as 168 characters, "1" at 24 × weekday (0 = Sunday) + hour when open. */
export const openWeekMask = (hours: LotHours) =>
  Array.from({ length: 7 }, (_, w) =>
    openHours(hours, weekdayNumbered(w))
      .map((open) => (open ? '1' : '0'))
      .join(''),
  ).join('');

/** The slot-seconds the lots offer in their open hours over the Manila days `from` to `to`. */
export function openSlotSeconds(lots: OccupancyLot[], from: string, to: string) {
  const firstWeekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  const days = eachDay(from, to).length;
  return lots.reduce((total, lot) => {
    const mask = openWeekMask(lot.hours);
    const openOn = (weekday: number) => mask.slice(24 * weekday, 24 * weekday + 24).split('1').length - 1;
    let hours = 0;
    for (let day = 0; day < days; day++) hours += openOn((firstWeekday + day) % 7);
    return total + hours * lot.slots * 3600;
  }, 0);
}

/** Slot-hours: `booked` of `available`, both in slot-seconds. */
export type Tally = { booked: number; available: number };

/** Stays summed by the Manila clock hours they start and end in (as seconds since the epoch of Manila clock time). */
export type StaySpan = { lotId: string; startHour: number; endHour: number; stays: number; firstSeconds: number; lastSeconds: number };
export type OccupancyLot = { id: string; slots: number; hours: LotHours };
export type OpenHour = { lotId: string; day: string; weekday: number; hour: number } & Tally;

/**
 * Every open hour of the lots in the Manila days `from` to `to`, with the slot-seconds booked in it
 * and available (the lot's slots × 3600). A stay holds its first hour for `firstSeconds`, every hour
 * after it whole, and its last (when later) for `lastSeconds`.
 */
export function eachOpenHour(lots: OccupancyLot[], spans: StaySpan[], from: string, to: string, visit: (hour: OpenHour) => void) {
  const start = Date.parse(`${from}T00:00:00Z`) / 1000;
  const days = eachDay(from, to);
  const count = days.length * 24;
  const firstWeekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  const spansOf = new Map<string, StaySpan[]>();
  for (const span of spans) {
    const list = spansOf.get(span.lotId);
    if (list) list.push(span);
    else spansOf.set(span.lotId, [span]);
  }
  for (const lot of lots) {
    const booked = new Float64Array(count);
    const whole = new Float64Array(count + 1);
    for (const span of spansOf.get(lot.id) ?? []) {
      const first = (span.startHour - start) / 3600;
      const last = (span.endHour - start) / 3600;
      booked[first] += span.firstSeconds;
      if (last > first && last < count) booked[last] += span.lastSeconds;
      if (last > first + 1) {
        whole[first + 1] += span.stays;
        whole[last] -= span.stays;
      }
    }
    const mask = openWeekMask(lot.hours);
    let held = 0;
    for (let i = 0; i < count; i++) {
      held += whole[i];
      const [day, hour] = [Math.floor(i / 24), i % 24];
      const weekday = (firstWeekday + day) % 7;
      if (mask[24 * weekday + hour] === '1')
        visit({ lotId: lot.id, day: days[day], weekday, hour, booked: booked[i] + held * 3600, available: lot.slots * 3600 });
    }
  }
}

/** Occupancy in percent with one decimal; null when nothing was available (a closed day). */
export const occupancyPercent = ({ booked, available }: Tally) => (available > 0 ? Math.round((booked / available) * 1000) / 10 : null);

/** The change against the previous period in percent with one decimal; null when there is nothing to compare with. */
export const changePercent = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;

export type Trend = 'up' | 'down' | 'neutral';
export const trendOf = (current: number, previous: number): Trend => (current > previous ? 'up' : current < previous ? 'down' : 'neutral');

/** Hours with one decimal (averages of stay lengths). */
export const roundHours = (hours: number) => Math.round(hours * 10) / 10;

/** What the owner is paid for, from the kind of each charge (a walk-in nobody booked has no charge row: its check-in counts). */
export const REVENUE_SOURCES = [
  { source: 'reservations', label: 'Reservations', kinds: ['BOOKING', 'MODIFICATION'] },
  { source: 'extensions', label: 'Extensions', kinds: ['EXTENSION'] },
  { source: 'overstays', label: 'Overstays', kinds: ['OVERSTAY'] },
  { source: 'walkIns', label: 'Walk-ins', kinds: ['WALK_IN'] },
  { source: 'monthlyPasses', label: 'Monthly passes', kinds: ['MONTHLY_PASS'] },
  { source: 'refunds', label: 'Refunds', kinds: ['REFUND'] },
] as const satisfies readonly { source: string; label: string; kinds: readonly MoneyKind[] }[];
export type RevenueSource = (typeof REVENUE_SOURCES)[number]['source'];
export const revenueSourceOf = (kind: string): RevenueSource =>
  REVENUE_SOURCES.find((s) => (s.kinds as readonly string[]).includes(kind))?.source ?? 'reservations';

/** Spec: stays under 2 h, 2 to 6 h (both ends included), over 6 h. */
export const STAY_LENGTHS = ['Under 2 h', '2–6 h', 'Over 6 h'] as const;
export const STAY_LENGTH_BOUNDS = [2, 6] as const;

/** The dashboard's revenue trend ranges. */
export const TREND_RANGES = { '7d': 7, '30d': 30, '3m': 91 } as const;
export type TrendRange = keyof typeof TREND_RANGES;

export type DailyRow = { date: string; revenue: number; occupancy: number | null; bookings: number; avgDuration: number };
export const dayStatus = (occupancy: number | null) => (occupancy !== null && occupancy > HIGH_OCCUPANCY_PERCENT ? 'High' : 'Normal');

/** The Daily Performance table as a CSV (Export CSV): pesos, occupancy in percent, hours. */
export const dailyRowsCsv = (rows: DailyRow[]) =>
  toCsv([
    ['Date', 'Revenue', 'Occupancy', 'Bookings', 'Avg Duration', 'Status'],
    ...rows.map((row) => [
      row.date,
      csvPesos(row.revenue),
      row.occupancy === null ? '' : row.occupancy.toFixed(1),
      row.bookings,
      row.avgDuration.toFixed(1),
      dayStatus(row.occupancy),
    ]),
  ]);

export const reportFileName = (today: string) => `parking-report-${today}.csv`;
