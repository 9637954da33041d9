/**
 * Monthly passes (docs/monthly-passes.md): a driver buys, from the wallet, a Manila calendar month of
 * unreserved parking for one plate at one lot. The owner offers passes per lot with a monthly price
 * and a number of passes per month. At the gate the plate enters as a walk-in and pays nothing for
 * the time its passes cover. Plain rules, shared by the worker (to refuse) and the web (to offer).
 */
import { DAY_MS } from './time';
import { manilaDate, manilaMonthOf, manilaMonthRange } from './time';

/** A pass is sold for the month under way and for the next one. */
export const PASS_MONTHS_ON_SALE = 2;
/** ₱500 to ₱50,000 a month. */
export const PASS_PRICE_MIN_CENTS = 50_000;
export const PASS_PRICE_MAX_CENTS = 5_000_000;
/** At most this many passes a month per lot (the owner may offer fewer than the lot has slots, or more: passes are unreserved). */
export const PASS_CAPACITY_MAX = 1000;

export type PassPlan = { enabled: boolean; priceCents: number; capacity: number };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isPassMonth = (month: string) => MONTH.test(month);

/** The month after `month` ("2026-12" → "2027-01"). */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The months a pass can be bought for at `now`: this Manila month and the next. */
export function passMonthsOnSale(now: Date): string[] {
  const months = [manilaMonthOf(now)];
  while (months.length < PASS_MONTHS_ON_SALE) months.push(nextMonth(months.at(-1)!));
  return months;
}

const daysIn = (month: string) => {
  const { start, end } = manilaMonthRange(month);
  return Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
};

/**
 * What a pass for `month` costs when bought at `now`: the whole month's price ahead of the month;
 * during the month, only the days left (today included), to the centavo, rounded up.
 */
export function passPriceAt(monthlyCents: number, month: string, now: Date): number {
  if (month !== manilaMonthOf(now)) return monthlyCents;
  const total = daysIn(month);
  const today = Number(manilaDate(now).slice(8, 10));
  const left = total - today + 1;
  return Math.ceil((monthlyCents * left) / total);
}

/** Why a pass for `month` cannot be bought at `now`, or null when it can. */
export function passMonthRefusal(month: string, now: Date): string | null {
  if (!isPassMonth(month)) return 'Choose a month as YYYY-MM.';
  const onSale = passMonthsOnSale(now);
  if (month < onSale[0]) return 'That month is over: a pass is sold for this month or the next.';
  if (!onSale.includes(month)) return `Passes for that month are not on sale yet: a pass is sold for this month or the next.`;
  return null;
}

/**
 * Until when a plate's passes cover it, from an instant: the end of the unbroken run of pass months
 * that contains `atMs`, or null when no pass covers that instant.
 */
export function passCoverEnd(months: readonly string[], atMs: number): number | null {
  const held = new Set(months);
  let month = manilaMonthOf(atMs);
  if (!held.has(month)) return null;
  while (held.has(nextMonth(month))) month = nextMonth(month);
  return Date.parse(manilaMonthRange(month).end);
}

export type PassState = 'active' | 'upcoming' | 'ended';
/** Where a pass stands at `now`: in its month, before it, or after. */
export function passState(month: string, now: Date): PassState {
  const current = manilaMonthOf(now);
  return month === current ? 'active' : month > current ? 'upcoming' : 'ended';
}

export const PASS_STATE_LABELS: Record<PassState, string> = { active: 'Active', upcoming: 'Upcoming', ended: 'Ended' };
