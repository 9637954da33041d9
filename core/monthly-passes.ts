/**
 * Monthly passes (docs/passes.md, "Monthly passes"): an owner sells pass products per lot (a price
 * per month, the hours a pass is valid, how many are on sale); a driver buys one from the wallet for
 * a calendar month or for 30 days from today, for one plate. Each pass holds one slot of its lot
 * during its valid hours, as a reservation does. Plain rules, shared by the worker, the lot object
 * and the web.
 */
import {
  addDays,
  DAY_MS,
  formatManilaDay,
  formatMonth,
  MANILA_OFFSET_MS,
  manilaDate,
  manilaDateStart,
  manilaMonthOf,
  manilaMonthRange,
  MINUTE_MS,
} from './time';

/** ₱500 to ₱50,000 a month. */
export const PASS_PRICE_MIN_CENTS = 50_000;
export const PASS_PRICE_MAX_CENTS = 5_000_000;
/** A "30 days" pass runs this many Manila days, today the first. */
const PASS_DAYS = 30;
/** Auto-renew pays for the next period this long before the end. */
export const RENEW_DAYS_BEFORE_END = 3;

/**
 * When a pass is valid: the days of the week (bit `d` for `Date.getUTCDay()` = d, Sunday 0) and the
 * Manila clock minutes `[openMinute, closeMinute)` of each. 24/7 is every day, 0 to 1440.
 */
export type PassSchedule = { daysMask: number; openMinute: number; closeMinute: number };
export const ALWAYS_VALID: PassSchedule = { daysMask: 0b111_1111, openMinute: 0, closeMinute: 1440 };
export const WEEKDAYS_MASK = 0b011_1110;
export const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const isAlwaysValid = (s: PassSchedule) => s.daysMask === 0b111_1111 && s.openMinute === 0 && s.closeMinute === 1440;

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** "24/7", "Mon–Fri 07:00–20:00", "Sat, Sun 08:00–18:00". */
export function scheduleLabel(s: PassSchedule): string {
  if (isAlwaysValid(s)) return '24/7';
  const days =
    s.daysMask === WEEKDAYS_MASK
      ? 'Mon–Fri'
      : s.daysMask === 0b111_1111
        ? 'Every day'
        : [1, 2, 3, 4, 5, 6, 0]
            .filter((d) => s.daysMask & (1 << d))
            .map((d) => DAY_LABELS[d])
            .join(', ');
  return `${days} ${clock(s.openMinute)}–${s.closeMinute === 1440 ? '24:00' : clock(s.closeMinute)}`;
}

/** The valid intervals `[from, until)` of the Manila days from the day of `startMs` to the day of `endMs`. */
function intervals(s: PassSchedule, startMs: number, endMs: number): [number, number][] {
  const out: [number, number][] = [];
  for (let day = addDays(manilaDate(startMs), -1); day <= manilaDate(endMs); day = addDays(day, 1)) {
    const midnight = manilaDateStart(day).getTime();
    if (!(s.daysMask & (1 << new Date(midnight + MANILA_OFFSET_MS).getUTCDay()))) continue;
    out.push([midnight + s.openMinute * MINUTE_MS, midnight + s.closeMinute * MINUTE_MS]);
  }
  return out;
}

/** Whether any valid hour of the schedule falls in `[startMs, endMs)`. */
export const scheduleIntersects = (s: PassSchedule, startMs: number, endMs: number) =>
  intervals(s, startMs, endMs).some(([from, until]) => from < endMs && until > startMs);

/** Whether the schedule is valid at an instant. */
export const validAt = (s: PassSchedule, atMs: number) => scheduleIntersects(s, atMs, atMs + 1);

/**
 * The end of the run of valid hours holding `atMs` (adjoining days joined: 24/7 runs on), no later
 * than `capMs`; null when the schedule is not valid at `atMs`.
 */
export function validRunEnd(s: PassSchedule, atMs: number, capMs: number): number | null {
  if (!validAt(s, atMs)) return null;
  let end = atMs;
  for (const [from, until] of intervals(s, atMs, Math.min(capMs, atMs + 40 * DAY_MS))) {
    if (from <= end && until > end) end = until;
  }
  return Math.min(end, capMs);
}

/** One period of a pass (the pass itself, or a renewal of it) with the valid hours it was sold with. */
export type PassTerm = { schedule: PassSchedule; validFromMs: number; validUntilMs: number };

/**
 * Until when a car that entered at `atMs` on the first term is covered: the end of the run of valid
 * hours it entered in, carried on into each renewal that starts where the term before it ends while the
 * run reaches that end and the renewal's own hours hold then; null when the first term is not valid at `atMs`.
 */
export function coveredUntil([first, ...renewals]: PassTerm[], atMs: number): number | null {
  let end = validRunEnd(first.schedule, atMs, first.validUntilMs);
  let termEnd = first.validUntilMs;
  for (const next of renewals) {
    if (end === null || end < termEnd || next.validFromMs !== termEnd) break;
    const more = validRunEnd(next.schedule, end, next.validUntilMs);
    if (more === null) break;
    end = more;
    termEnd = next.validUntilMs;
  }
  return end;
}

/** Why a schedule is not one a product can have, or null. */
export function scheduleRefusal(s: PassSchedule): string | null {
  if (!Number.isInteger(s.daysMask) || s.daysMask < 1 || s.daysMask > 0b111_1111) return 'Choose at least one day of the week.';
  if (s.openMinute < 0 || s.closeMinute > 1440 || s.openMinute >= s.closeMinute)
    return 'The valid hours must open before they close, within one day.';
  return null;
}

export const PERIOD_KINDS = ['month', '30days'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export type PassPeriod = { kind: PeriodKind; validFrom: string; validUntil: string; label: string };

/**
 * The period a purchase covers. `start` "YYYY-MM": that calendar month, this one or the next (the
 * month under way from now). No `start`, or today's date: 30 Manila days from now, today the first.
 */
export function passPeriod(start: string | undefined, now: Date): PassPeriod | { refused: string } {
  const today = manilaDate(now);
  if (start === undefined || start === today) {
    const validUntil = manilaDateStart(addDays(today, PASS_DAYS)).toISOString();
    return {
      kind: '30days',
      validFrom: now.toISOString(),
      validUntil,
      label: `${formatManilaDay(now)} – ${formatManilaDay(new Date(Date.parse(validUntil) - 1))}`,
    };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(start)) return { refused: 'A 30-day pass starts today.' };
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(start)) return { refused: 'Choose a month as YYYY-MM, or today for 30 days.' };
  const current = manilaMonthOf(now);
  const next = manilaMonthOf(Date.parse(manilaMonthRange(current).end));
  if (start < current) return { refused: 'That month is over.' };
  if (start !== current && start !== next) return { refused: 'A pass is sold for this month or the next.' };
  const { start: from, end } = manilaMonthRange(start);
  return {
    kind: 'month',
    validFrom: start === current ? now.toISOString() : from,
    validUntil: end,
    label: formatMonth(start),
  };
}

/**
 * What a period costs at a monthly price: a whole month ahead of it, the days left (today included,
 * rounded up to the centavo) of the month under way, and 30 days at the monthly price.
 */
export function periodPrice(monthlyCents: number, period: PassPeriod, now: Date): number {
  if (period.kind === '30days') return monthlyCents;
  const month = manilaMonthOf(Date.parse(period.validUntil) - 1);
  if (month !== manilaMonthOf(now)) return monthlyCents;
  const { start, end } = manilaMonthRange(month);
  const total = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
  const left = total - Number(manilaDate(now).slice(8, 10)) + 1;
  return Math.ceil((monthlyCents * left) / total);
}

/** The period after one that ends: the next calendar month, or the next 30 days. */
export function nextPeriod(kind: PeriodKind, validUntil: string): PassPeriod {
  if (kind === 'month') {
    const month = manilaMonthOf(Date.parse(validUntil));
    const { start, end } = manilaMonthRange(month);
    return { kind, validFrom: start, validUntil: end, label: formatMonth(month) };
  }
  const until = new Date(Date.parse(validUntil) + PASS_DAYS * DAY_MS).toISOString();
  return {
    kind,
    validFrom: validUntil,
    validUntil: until,
    label: `${formatManilaDay(new Date(validUntil))} – ${formatManilaDay(new Date(Date.parse(until) - 1))}`,
  };
}

/** A sold pass's period in words, as it was sold (`passPeriod`, `nextPeriod`): "March 2026", or "Mar 3, 2026 – Apr 1, 2026". */
export const periodLabelOf = (pass: { periodKind: PeriodKind; validFrom: string; validUntil: string }) =>
  pass.periodKind === 'month'
    ? formatMonth(manilaMonthOf(Date.parse(pass.validUntil) - 1))
    : `${formatManilaDay(new Date(pass.validFrom))} – ${formatManilaDay(new Date(Date.parse(pass.validUntil) - 1))}`;

/** Auto-renew is due from 3 days before the end until the end. */
export const renewalDue = (validUntil: string, now: Date) =>
  now.getTime() >= Date.parse(validUntil) - RENEW_DAYS_BEFORE_END * DAY_MS && now.getTime() < Date.parse(validUntil);

export const PASS_STATES = ['active', 'upcoming', 'ended'] as const;
export type PassState = (typeof PASS_STATES)[number];
export const passState = (pass: { validFrom: string; validUntil: string }, now: Date): PassState =>
  now.getTime() < Date.parse(pass.validFrom) ? 'upcoming' : now.getTime() < Date.parse(pass.validUntil) ? 'active' : 'ended';
export const PASS_STATE_LABELS: Record<PassState, string> = { active: 'Active', upcoming: 'Upcoming', ended: 'Ended' };
