/**
 * Price changes and what followed (docs/owner.md): for each change of a lot's price, its occupancy and
 * the money received in the hours the price applies to, over the 4 weeks before and the 4 weeks after;
 * and, once enough changes have a full 4 weeks after them, an estimate of the price elasticity of
 * occupied hours. Pure: the worker reads the rollups for the windows made here.
 */
import type { LotHours } from './booking';
import { openWeekMask } from './owner-figures';
import { bandHours, bandParts, manilaDayIndex, type PriceBand } from './price-bands';
import { DAY_MS } from './time';

/** Each side of a change is read over 4 weeks: every weekday and weekend day four times. */
export const CHANGE_WINDOW_DAYS = 28;
/** The estimate needs at least 3 changes with 4 full weeks after them (and a week before). */
export const MIN_CHANGES_FOR_ELASTICITY = 3;
/** A change with less than a week of records before it has nothing to compare with. */
export const MIN_DAYS_BEFORE = 7;

export type PriceChange = { id: string; changedAt: string; band: PriceBand | null; fromCents: number; toCents: number };
/** Manila days, counted as `manilaDayIndex` does, `first` included and `end` not. */
export type DayRange = { first: number; end: number };
export type ChangeWindows = { change: PriceChange; before: DayRange; after: DayRange; mask: string };

/**
 * Two changes touch the same hours when either is of the base rate, or both of the same band; but
 * changes made at one instant are one change (a new base rate and the band rates it cleared), each
 * over its own hours, and do not cut each other's windows.
 */
const sameHours = (a: PriceChange, b: PriceChange) =>
  a.changedAt !== b.changedAt && (a.band === null || b.band === null || a.band === b.band);

/** For a base change: the bands whose cleared rates were recorded with it, as changes of their own. */
const cleared = (changes: PriceChange[], base: PriceChange) =>
  base.band === null ? changes.flatMap((other) => (other.band && other.changedAt === base.changedAt ? [other.band] : [])) : [];

/**
 * The hours of the week (168 characters from Sunday, as `openWeekMask`) a change's price applies to
 * while the lot is open: the band's hours on its kind of day for a band; for the base rate, every open
 * hour but those of the bands changed with it (`cleared`: their price moved from the band rate).
 */
export function changeMask(band: PriceBand | null, open: string, cleared: PriceBand[] = []): string {
  if (band === null)
    return cleared.reduce((mask, other) => {
      const bandHours = changeMask(other, open);
      return Array.from(mask, (bit, i) => (bandHours[i] === '1' ? '0' : bit)).join('');
    }, open);
  const { dayType } = bandParts(band);
  const hours = new Set(bandHours(band));
  return Array.from(open, (bit, i) => {
    const weekday = Math.floor(i / 24);
    const weekend = weekday === 0 || weekday === 6;
    return bit === '1' && weekend === (dayType === 'weekend') && hours.has(i % 24) ? '1' : '0';
  }).join('');
}

/**
 * The days each change is judged on: up to 4 weeks before its day and 4 weeks after it (its own day,
 * half at each price, is left out). A window stops at the neighbouring change of the same hours, where
 * the lot's records begin, and at today (not whole yet).
 */
export function changeWindows(changes: PriceChange[], hours: LotHours, recordsBegin: number, today: number): ChangeWindows[] {
  const sorted = [...changes].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
  const dayOf = (change: PriceChange) => manilaDayIndex(Date.parse(change.changedAt));
  const open = openWeekMask(hours);
  return sorted.map((change, i) => {
    const day = dayOf(change);
    const previous = sorted.slice(0, i).findLast((other) => sameHours(other, change));
    const next = sorted.slice(i + 1).find((other) => sameHours(other, change));
    const beforeFirst = Math.max(day - CHANGE_WINDOW_DAYS, recordsBegin, previous ? dayOf(previous) + 1 : -Infinity);
    const afterEnd = Math.min(day + 1 + CHANGE_WINDOW_DAYS, today, next ? dayOf(next) : Infinity);
    return {
      change,
      before: { first: Math.min(beforeFirst, day), end: day },
      after: { first: day + 1, end: Math.max(afterEnd, day + 1) },
      mask: changeMask(change.band, open, cleared(sorted, change)),
    };
  });
}

/** A Manila day as `yyyy-MM-dd`. */
export const dayDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The hours of the mask over the days: Manila day `d` is weekday (d + 4) mod 7, 1 January 1970 being a Thursday. */
export function maskedHours(mask: string, { first, end }: DayRange): number {
  let hours = 0;
  for (let day = first; day < end; day++) {
    const weekday = (day + 4) % 7;
    for (let hour = 0; hour < 24; hour++) if (mask[weekday * 24 + hour] === '1') hours++;
  }
  return hours;
}

/** What the rollups held over one side of a change: slot-seconds taken and money received, in the change's hours. */
export type Held = { seconds: number; cents: number };

type SideFigures = {
  from: string | null;
  to: string | null;
  days: number;
  /** Slot-hours taken per day in the change's hours: for display (the estimate uses the occupancy share). */
  occupiedHoursPerDay: number;
  occupancyPercent: number | null;
  revenuePerDayCents: number;
};

function sideFigures(range: DayRange, held: Held, mask: string, slots: number): SideFigures {
  const days = range.end - range.first;
  const open = maskedHours(mask, range) * slots;
  return {
    from: days > 0 ? dayDate(range.first) : null,
    to: days > 0 ? dayDate(range.end - 1) : null,
    days,
    occupiedHoursPerDay: days > 0 ? Math.round((held.seconds / 3600 / days) * 10) / 10 : 0,
    occupancyPercent: open > 0 ? Math.round((held.seconds / 3600 / open) * 1000) / 10 : null,
    revenuePerDayCents: days > 0 ? Math.round(held.cents / days) : 0,
  };
}

/** The arc (midpoint) change from a to b: symmetric, so a rise and its undoing weigh the same. */
const arc = (a: number, b: number) => (a + b === 0 ? 0 : (b - a) / ((a + b) / 2));

export type ChangeFigures = PriceChange & {
  before: SideFigures;
  after: SideFigures;
  /** Counted in the estimate: 4 full weeks after, a week before, a real change of price, stays on either side. */
  counted: boolean;
  /** The arc change of occupied hours per priced hour, the occupancy share (0.1 is 10% more), and of the price. */
  occupiedChange: number;
  priceChange: number;
  /** The first over the second, for a counted change. */
  arcElasticity: number | null;
};

/**
 * Occupied hours per hour the price applied to: the side's occupancy share. Per calendar day would
 * bias a band's: a before window of 7–28 days holds weekend and weekday days in another mix than 4 weeks.
 */
const occupiedShare = (held: Held, range: DayRange, mask: string) => {
  const priced = maskedHours(mask, range);
  return priced > 0 ? held.seconds / 3600 / priced : 0;
};

/** One change's figures from what the rollups held before and after it. */
export function changeFigures(windows: ChangeWindows, before: Held, after: Held, slots: number): ChangeFigures {
  const { change, mask } = windows;
  const [b, a] = [sideFigures(windows.before, before, mask, slots), sideFigures(windows.after, after, mask, slots)];
  const [q1, q2] = [occupiedShare(before, windows.before, mask), occupiedShare(after, windows.after, mask)];
  const priceMoved = arc(change.fromCents, change.toCents);
  const counted = a.days === CHANGE_WINDOW_DAYS && b.days >= MIN_DAYS_BEFORE && priceMoved !== 0 && q1 + q2 > 0;
  return {
    ...change,
    before: b,
    after: a,
    counted,
    occupiedChange: arc(q1, q2),
    priceChange: priceMoved,
    arcElasticity: counted ? Math.round((arc(q1, q2) / priceMoved) * 100) / 100 : null,
  };
}

export type ElasticityEstimate = { estimate: number | null; changesCounted: number; message: string };

/**
 * Pooled over the counted changes: the least-squares slope through the origin of the arc change of
 * occupied hours on the arc change of price, so larger price moves weigh more. Too few changes: none.
 */
export function pooledElasticity(figures: ChangeFigures[]): ElasticityEstimate {
  const counted = figures.filter((change) => change.counted);
  if (counted.length < MIN_CHANGES_FOR_ELASTICITY)
    return {
      estimate: null,
      changesCounted: counted.length,
      message: `Too few price changes to estimate elasticity: it needs at least ${MIN_CHANGES_FOR_ELASTICITY} changes with 4 full weeks of records after them and one before; this lot has ${counted.length}.`,
    };
  let [sxy, sxx] = [0, 0];
  for (const { priceChange: x, occupiedChange: y } of counted) {
    sxy += x * y;
    sxx += x * x;
  }
  const estimate = Math.round((sxy / sxx) * 100) / 100;
  const tenPercent = Math.abs(Math.round(estimate * 10 * 10) / 10);
  const direction = estimate < 0 ? 'fewer' : 'more';
  return {
    estimate,
    changesCounted: counted.length,
    message: `Elasticity about ${estimate.toFixed(2)}: a price 10% higher went with about ${tenPercent}% ${direction} occupied hours, over ${counted.length} changes.`,
  };
}
