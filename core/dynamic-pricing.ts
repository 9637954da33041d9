/**
 * Dynamic pricing suggestions, after SFpark: each band's rate moves one step at a time toward the
 * occupancy at which a driver still finds a space (60–80%), from the lot's own records. Pure: the
 * worker passes in the occupancy it read and the clock. docs/pricing.md describes the model.
 */
import { z } from 'zod';
import type { LotHours, Weekday } from './booking';
import { formatPeso } from './money';
import { bandHours, bandLabel, bandParts, dayTypeOf, hourLabel, PRICE_BANDS, type DayType, type PriceBand } from './price-bands';
import { MAX_RATE_CENTS, MIN_RATE_CENTS } from './pricing';

/** How far back the records are read: the last four whole weeks, up to Manila midnight today. */
export const HISTORY_WEEKS = 4;

/** One step is 10% of the base rate (SFpark moved $0.25 on rates of about $2.50); lowering more is two steps. */
const STEP_SHARE = 0.1;
/** A band's rate stays within ±50% of the base rate. */
const BAND_RANGE = 0.5;
const PESO_5 = 500;

export const DEMAND_LEVELS = ['VERY_LOW', 'LOW', 'TARGET', 'HIGH'] as const;
export type DemandLevel = (typeof DEMAND_LEVELS)[number];

/** SFpark's occupancy thresholds: ≥80% raise, 60–80% leave, 30–60% lower, <30% lower more. */
export function demandLevelOf(occupancy: number): DemandLevel {
  if (occupancy >= 0.8) return 'HIGH';
  if (occupancy >= 0.6) return 'TARGET';
  if (occupancy >= 0.3) return 'LOW';
  return 'VERY_LOW';
}

const STEPS: Record<DemandLevel, number> = { HIGH: 1, TARGET: 0, LOW: -1, VERY_LOW: -2 };

/** The rates a band may take: ±50% of the base and never outside the ₱10–₱500 an owner may set, on whole ₱5. */
export function bandRateBounds(baseRateCents: number) {
  return {
    min: Math.ceil(Math.max(baseRateCents * (1 - BAND_RANGE), MIN_RATE_CENTS) / PESO_5) * PESO_5,
    max: Math.floor(Math.min(baseRateCents * (1 + BAND_RANGE), MAX_RATE_CENTS) / PESO_5) * PESO_5,
  };
}

/**
 * The next rate of a band from its current one: a raise rounds up to ₱5 and a cut rounds down, so a
 * step always moves the price; then the bounds. Leaving a rate keeps it exactly.
 */
export function nextBandRate(baseRateCents: number, currentRateCents: number, level: DemandLevel): number {
  const steps = STEPS[level];
  if (steps === 0) return currentRateCents;
  const moved = currentRateCents + steps * STEP_SHARE * baseRateCents;
  const rounded = steps > 0 ? Math.ceil(moved / PESO_5) * PESO_5 : Math.floor(moved / PESO_5) * PESO_5;
  const { min, max } = bandRateBounds(baseRateCents);
  return Math.min(max, Math.max(min, rounded));
}

/** Confidence grows with the days of history: 1 day 20%, 8 days 67%, 20 days 83%, never 100%. */
export const confidenceOf = (days: number) => Math.round((100 * days) / (days + 4));

/** A band's rate as applied by the owner, and since when (the model then reads only days after it). */
type AppliedBandRate = { rateCents: number; appliedAt: string };
export type AppliedBandRates = Partial<Record<PriceBand, AppliedBandRate>>;

const DAYS_OF: Record<DayType, Weekday[]> = {
  weekday: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  weekend: ['saturday', 'sunday'],
};
const clockOf = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Whether the lot is open for part of an hour on some day of the kind: a closed hour says nothing about demand. Lots without hours are always open. */
export function openHoursOf(hours: LotHours) {
  const anyHours = Object.keys(hours).length > 0;
  return (dayType: DayType, hour: number) =>
    !anyHours || DAYS_OF[dayType].some((day) => !!hours[day] && hours[day].open < clockOf(hour + 1) && hours[day].close > clockOf(hour));
}

/** Slot-minutes taken in one Manila hour of one Manila day (days since 1970-01-01). */
export type HourOccupancy = { day: number; hour: number; slotMinutes: number };

export type BandOccupancy = {
  band: PriceBand;
  /** Days of the band's kind (weekday or weekend) in its history. */
  days: number;
  /** Share of the slots taken at the band's busiest hour, averaged over those days (0–1). */
  occupancy: number;
  peakHour: number;
};

/**
 * Each band's occupancy over the days `[firstDay, endDay)` of its kind, read from `firstDaysByBand`
 * when its rate was applied later, over the hours the lot is open (a band it is closed all through has
 * none). A band is priced for its busiest hour: one rate covers all of it, and the rate is there so a
 * driver arriving at the busiest time still finds a space.
 */
export function bandOccupancies(
  hours: HourOccupancy[],
  history: {
    totalSlots: number;
    firstDay: number;
    endDay: number;
    firstDaysByBand?: Partial<Record<PriceBand, number>>;
    isOpen?: (dayType: DayType, hour: number) => boolean;
  },
): BandOccupancy[] {
  const taken = new Map(hours.map((row) => [`${row.day}:${row.hour}`, row.slotMinutes]));
  return PRICE_BANDS.flatMap((band) => {
    const { dayType } = bandParts(band);
    const first = Math.max(history.firstDay, history.firstDaysByBand?.[band] ?? history.firstDay);
    const days: number[] = [];
    for (let day = first; day < history.endDay; day++) if (dayTypeOf(day) === dayType) days.push(day);
    const open = bandHours(band).filter((hour) => history.isOpen?.(dayType, hour) ?? true);
    if (!days.length || !open.length || history.totalSlots <= 0) return [];
    const perHour = open.map((hour) => {
      const shares = days.map((day) => Math.min(1, (taken.get(`${day}:${hour}`) ?? 0) / 60 / history.totalSlots));
      return { hour, occupancy: shares.reduce((a, b) => a + b, 0) / days.length };
    });
    const peak = perHour.reduce((a, b) => (b.occupancy > a.occupancy ? b : a));
    return [{ band, days: days.length, occupancy: peak.occupancy, peakHour: peak.hour }];
  });
}

export type DynamicSuggestion = {
  band: PriceBand;
  bandLabel: string;
  currentPrice: number;
  suggestedPrice: number;
  change: 'raise' | 'keep' | 'lower';
  demandLevel: DemandLevel;
  /** Percent. */
  confidence: number;
  /** Percent of the slots taken at the busiest hour. */
  occupancy: number;
  peakHour: number;
  days: number;
  reason: string;
};

/** A share (0–1) as a whole percent. */
export const percent = (share: number) => Math.round(share * 100);

function reasonFor(seen: BandOccupancy, level: DemandLevel, base: number, current: number, suggested: number, totalSlots: number) {
  const { dayType } = bandParts(seen.band);
  const observed = `${bandLabel(seen.band)}: at the busiest hour, ${hourLabel(seen.peakHour)}, ${percent(seen.occupancy)}% of the ${totalSlots} slots were taken on average over ${seen.days} ${dayType === 'weekday' ? 'weekday' : 'weekend day'}${seen.days === 1 ? '' : 's'}.`;
  const range = `the rate stays within ±50% of the ${formatPeso(base)} base`;
  switch (level) {
    case 'HIGH':
      return suggested > current
        ? `${observed} At 80% or more drivers struggle to find a space, so the rate goes up one step to ${formatPeso(suggested)} an hour.`
        : `${observed} At 80% or more drivers struggle to find a space, but ${formatPeso(current)} is already the highest: ${range}.`;
    case 'TARGET':
      return `${observed} Between 60% and 80% drivers still find a space and the lot is well used, so the rate stays at ${formatPeso(current)}.`;
    case 'LOW':
      return suggested < current
        ? `${observed} Between 30% and 60% the lot has room to spare, so the rate goes down one step to ${formatPeso(suggested)} an hour to draw drivers.`
        : `${observed} Between 30% and 60% the lot has room to spare, but ${formatPeso(current)} is already the lowest: ${range}.`;
    case 'VERY_LOW':
      return suggested < current
        ? `${observed} Under 30% most slots stand empty, so the rate goes down two steps to ${formatPeso(suggested)} an hour.`
        : `${observed} Under 30% most slots stand empty, but ${formatPeso(current)} is already the lowest: ${range}.`;
  }
}

/** The suggestion for one band from its occupancy, against the rate it has now (its applied rate, else the base). */
export function suggestBandRate(
  seen: BandOccupancy,
  pricing: { baseRateCents: number; currentRateCents: number; totalSlots: number },
): DynamicSuggestion {
  const level = demandLevelOf(seen.occupancy);
  const suggested = nextBandRate(pricing.baseRateCents, pricing.currentRateCents, level);
  return {
    band: seen.band,
    bandLabel: bandLabel(seen.band),
    currentPrice: pricing.currentRateCents,
    suggestedPrice: suggested,
    change: suggested > pricing.currentRateCents ? 'raise' : suggested < pricing.currentRateCents ? 'lower' : 'keep',
    demandLevel: level,
    confidence: confidenceOf(seen.days),
    occupancy: percent(seen.occupancy),
    peakHour: seen.peakHour,
    days: seen.days,
    reason: reasonFor(seen, level, pricing.baseRateCents, pricing.currentRateCents, suggested, pricing.totalSlots),
  };
}

/** `PUT /api/pricing/{lotId}/dynamic`: the lot's Enable AI Pricing switch. */
export const dynamicToggleSchema = z.object({ enabled: z.boolean('Say whether dynamic pricing is on (true or false)') });

/** `POST /api/pricing/apply-dynamic`: the suggestion the owner saw, so a changed one is not applied unseen. */
export const applyDynamicSchema = z.object({
  lotId: z.uuid('Unknown lot id'),
  band: z.enum(PRICE_BANDS as [PriceBand, ...PriceBand[]], 'Unknown price band'),
  suggestedPrice: z.number('The suggested price is required').int('The suggested price is in whole centavos'),
});
export type ApplyDynamic = z.infer<typeof applyDynamicSchema>;

export type PeakHour = { dayType: DayType; hour: number; occupancy: number };

/**
 * The side panels' figures over the same history: the share of slot-hours taken overall, and the
 * three busiest hours of the day (weekdays and weekends apart), each averaged over the days of its kind.
 */
export function occupancyProfile(hours: HourOccupancy[], history: { totalSlots: number; firstDay: number; endDay: number }) {
  const share = (row: HourOccupancy) => Math.min(1, row.slotMinutes / 60 / history.totalSlots);
  const dayCount = { weekday: 0, weekend: 0 };
  for (let day = history.firstDay; day < history.endDay; day++) dayCount[dayTypeOf(day)]++;
  const days = dayCount.weekday + dayCount.weekend;
  if (!days || history.totalSlots <= 0) return { days, averageOccupancy: 0, peakHours: [] as PeakHour[] };
  const byHour = new Map<string, PeakHour>();
  let total = 0;
  for (const row of hours) {
    if (row.day < history.firstDay || row.day >= history.endDay) continue;
    const dayType = dayTypeOf(row.day);
    const key = `${dayType}:${row.hour}`;
    const seen = byHour.get(key) ?? { dayType, hour: row.hour, occupancy: 0 };
    seen.occupancy += share(row) / dayCount[dayType];
    byHour.set(key, seen);
    total += share(row);
  }
  const peakHours = [...byHour.values()].sort((a, b) => b.occupancy - a.occupancy || a.hour - b.hour).slice(0, 3);
  return { days, averageOccupancy: total / (days * 24), peakHours };
}
