/**
 * The time bands dynamic pricing sets a rate for (docs/pricing.md): weekday or weekend × five parts
 * of the day, in Manila time. Shared by the quote, which prices each hour at its band's rate, and by
 * the suggestion model, which measures each band's occupancy.
 */
import { DAY_MS, HOUR_MS, MANILA_OFFSET_MS } from './time';

const DAY_TYPES = ['weekday', 'weekend'] as const;
export type DayType = (typeof DAY_TYPES)[number];

/** The parts of a day, by Manila hour: night runs past midnight, from 10 PM to 6 AM. */
const DAY_PARTS = [
  { part: 'morning', from: 6, to: 10 },
  { part: 'midday', from: 10, to: 14 },
  { part: 'afternoon', from: 14, to: 18 },
  { part: 'evening', from: 18, to: 22 },
  { part: 'night', from: 22, to: 6 },
] as const;
export type DayPart = (typeof DAY_PARTS)[number]['part'];

export type PriceBand = `${DayType}-${DayPart}`;
export const PRICE_BANDS = DAY_TYPES.flatMap((dayType) => DAY_PARTS.map(({ part }) => `${dayType}-${part}` as PriceBand));

/** Days since 1970-01-01 on the Manila calendar: the day a band's hours are counted on. */
export const manilaDayIndex = (ms: number) => Math.floor((ms + MANILA_OFFSET_MS) / DAY_MS);
/** The instant a Manila day, counted as `manilaDayIndex` does, begins. */
export const manilaDayIndexStart = (day: number) => day * DAY_MS - MANILA_OFFSET_MS;
/** The Manila hour of the day, 0–23. */
export const manilaHour = (ms: number) => Math.floor(((((ms + MANILA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);

/** Saturday and Sunday are the weekend (1970-01-01 was a Thursday). */
export const dayTypeOf = (day: number): DayType => ((day + 4) % 7 === 0 || (day + 4) % 7 === 6 ? 'weekend' : 'weekday');

const dayPartOf = (hour: number): DayPart =>
  DAY_PARTS.find(({ from, to }) => (from < to ? hour >= from && hour < to : hour >= from || hour < to))!.part;

/** The band an instant falls in. A night hour belongs to the day it is on: Friday 11 PM is a weekday night, Saturday 2 AM a weekend one. */
export const bandAt = (ms: number): PriceBand => `${dayTypeOf(manilaDayIndex(ms))}-${dayPartOf(manilaHour(ms))}`;

export const bandParts = (band: PriceBand) => {
  const [dayType, part] = band.split('-') as [DayType, DayPart];
  return { dayType, ...DAY_PARTS.find((candidate) => candidate.part === part)! };
};

/** The Manila hours of the day a band covers, in order (night: 22, 23, 0 … 5). */
export function bandHours(band: PriceBand): number[] {
  const { from, to } = bandParts(band);
  const length = (to - from + 24) % 24;
  return Array.from({ length }, (_, i) => (from + i) % 24);
}

/** e.g. "8 AM" for the Manila hour 8. */
export const hourLabel = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** e.g. "6 AM–10 AM". */
const bandClock = (band: PriceBand) => `${hourLabel(bandParts(band).from)}–${hourLabel(bandParts(band).to)}`;

/** e.g. "Weekday mornings (6 AM–10 AM)". */
export function bandLabel(band: PriceBand): string {
  const { dayType, part } = bandParts(band);
  const parts = { morning: 'mornings', midday: 'middays', afternoon: 'afternoons', evening: 'evenings', night: 'nights' } as const;
  return `${dayType === 'weekday' ? 'Weekday' : 'Weekend'} ${parts[part]} (${bandClock(band)})`;
}
