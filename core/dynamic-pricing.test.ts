import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bandOccupancies,
  bandRateBounds,
  confidenceOf,
  DEMAND_LEVELS,
  demandLevelOf,
  nextBandRate,
  openHoursOf,
  suggestBandRate,
  type HourOccupancy,
} from './dynamic-pricing';
import { bandAt, bandHours, manilaDayIndex, manilaDayIndexStart, manilaHour } from './price-bands';
import { MAX_RATE_CENTS, MIN_RATE_CENTS } from './pricing';
import { DAY_MS, manilaDateStart } from './time';

const baseRate = fc.integer({ min: MIN_RATE_CENTS, max: MAX_RATE_CENTS });
/** A base rate and a current band rate the model could have set from it. */
const rates = baseRate.chain((base) => {
  const { min, max } = bandRateBounds(base);
  return fc.tuple(
    fc.constant(base),
    fc.oneof(
      fc.constant(base),
      fc.integer({ min: min / 500, max: max / 500 }).map((n) => n * 500),
    ),
  );
});
const occupancy = fc.double({ min: 0, max: 1, noNaN: true });

describe('price bands', () => {
  it('cuts the Manila day into five parts, weekdays apart from weekends', () => {
    // Monday 2026-11-23, Manila time.
    expect(bandAt(Date.parse('2026-11-23T08:30:00+08:00'))).toBe('weekday-morning');
    expect(bandAt(Date.parse('2026-11-23T10:00:00+08:00'))).toBe('weekday-midday');
    expect(bandAt(Date.parse('2026-11-23T17:59:00+08:00'))).toBe('weekday-afternoon');
    expect(bandAt(Date.parse('2026-11-23T21:00:00+08:00'))).toBe('weekday-evening');
    expect(bandAt(Date.parse('2026-11-27T23:00:00+08:00'))).toBe('weekday-night'); // Friday
    expect(bandAt(Date.parse('2026-11-28T02:00:00+08:00'))).toBe('weekend-night'); // Saturday
    expect(bandAt(Date.parse('2026-11-29T09:00:00+08:00'))).toBe('weekend-morning'); // Sunday
    expect(bandHours('weekday-night')).toEqual([22, 23, 0, 1, 2, 3, 4, 5]);
  });

  it('numbers the Manila days on the calendar of core/time.ts', () => {
    const midnight = manilaDateStart('2026-11-24').getTime();
    const day = manilaDayIndex(midnight);
    expect([manilaDayIndex(midnight - 1), manilaDayIndex(midnight + DAY_MS - 1)]).toEqual([day - 1, day]);
    expect(manilaDayIndexStart(day)).toBe(midnight);
    expect([manilaHour(midnight - 1), manilaHour(midnight)]).toEqual([23, 0]);
  });
});

describe('dynamic pricing model (SFpark)', () => {
  it('follows the SFpark thresholds', () => {
    expect([0.8, 0.79, 0.6, 0.59, 0.3, 0.29].map(demandLevelOf)).toEqual(['HIGH', 'TARGET', 'TARGET', 'LOW', 'LOW', 'VERY_LOW']);
    // ₱40 base: one step is ₱4, a raise rounds up to ₱5 and a cut down.
    expect(nextBandRate(4000, 4000, 'HIGH')).toBe(4500);
    expect(nextBandRate(4000, 4000, 'TARGET')).toBe(4000);
    expect(nextBandRate(4000, 4000, 'LOW')).toBe(3500);
    expect(nextBandRate(4000, 4000, 'VERY_LOW')).toBe(3000);
    // Never past +50% / −50% (₱60 / ₱20), nor below ₱10.
    expect(nextBandRate(4000, 6000, 'HIGH')).toBe(6000);
    expect(nextBandRate(4000, 2000, 'VERY_LOW')).toBe(2000);
    expect(bandRateBounds(1000)).toEqual({ min: 1000, max: 1500 });
    expect(bandRateBounds(50_000)).toEqual({ min: 25_000, max: 50_000 });
  });

  it('keeps every suggestion within ±50% of the base and ₱10–₱500', () => {
    fc.assert(
      fc.property(rates, fc.constantFrom(...DEMAND_LEVELS), ([base, current], level) => {
        const next = nextBandRate(base, current, level);
        expect(next).toBeGreaterThanOrEqual(Math.max(base / 2, MIN_RATE_CENTS));
        expect(next).toBeLessThanOrEqual(Math.min(base * 1.5, MAX_RATE_CENTS));
      }),
    );
  });

  it('rounds every changed rate to ₱5', () => {
    fc.assert(
      fc.property(rates, fc.constantFrom(...DEMAND_LEVELS), ([base, current], level) => {
        const next = nextBandRate(base, current, level);
        if (next !== current) expect(next % 500).toBe(0);
      }),
    );
  });

  it('never suggests less for a fuller band', () => {
    fc.assert(
      fc.property(rates, occupancy, occupancy, ([base, current], a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(nextBandRate(base, current, demandLevelOf(low))).toBeLessThanOrEqual(nextBandRate(base, current, demandLevelOf(high)));
      }),
    );
  });

  it('grows confidence with the days of history', () => {
    expect([0, 1, 8, 20].map(confidenceOf)).toEqual([0, 20, 67, 83]);
    fc.assert(fc.property(fc.nat(1000), (days) => confidenceOf(days + 1) >= confidenceOf(days)));
  });
});

describe('band occupancy', () => {
  // Four weeks from Monday 2026-10-26 (Manila) to Monday 2026-11-23.
  const firstDay = manilaDayIndex(Date.parse('2026-10-26T00:00:00+08:00'));
  const endDay = firstDay + 28;
  /** Two slots, both taken 8–10 AM on every weekday. */
  const fullWeekdayMornings: HourOccupancy[] = [];
  for (let day = firstDay; day < endDay; day++) {
    if ((day + 4) % 7 !== 0 && (day + 4) % 7 !== 6)
      fullWeekdayMornings.push({ day, hour: 8, slotMinutes: 120 }, { day, hour: 9, slotMinutes: 120 });
  }

  it('prices a band for its busiest hour over the days of its kind', () => {
    const bands = bandOccupancies(fullWeekdayMornings, { totalSlots: 2, firstDay, endDay });
    const morning = bands.find((b) => b.band === 'weekday-morning')!;
    expect(morning).toEqual({ band: 'weekday-morning', days: 20, occupancy: 1, peakHour: 8 });
    expect(bands.find((b) => b.band === 'weekend-morning')).toMatchObject({ days: 8, occupancy: 0 });
    const suggestion = suggestBandRate(morning, { baseRateCents: 4000, currentRateCents: 4000, totalSlots: 2 });
    expect(suggestion).toMatchObject({ change: 'raise', suggestedPrice: 4500, demandLevel: 'HIGH', confidence: 83, occupancy: 100 });
    expect(suggestion.reason).toBe(
      'Weekday mornings (6 AM–10 AM): at the busiest hour, 8 AM, 100% of the 2 slots were taken on average over 20 weekdays. At 80% or more drivers struggle to find a space, so the rate goes up one step to ₱45.00 an hour.',
    );
  });

  it('leaves out the hours the lot is closed, and a band it is closed all through', () => {
    const office = {
      monday: { open: '07:00', close: '19:00' },
      tuesday: { open: '07:00', close: '19:00' },
      saturday: { open: '09:00', close: '12:00' },
    };
    const isOpen = openHoursOf(office);
    expect([isOpen('weekday', 6), isOpen('weekday', 7), isOpen('weekday', 18), isOpen('weekday', 19), isOpen('weekend', 12)]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    const bands = bandOccupancies(fullWeekdayMornings, { totalSlots: 2, firstDay, endDay, isOpen });
    expect(bands.map((b) => b.band)).toEqual([
      'weekday-morning',
      'weekday-midday',
      'weekday-afternoon',
      'weekday-evening',
      'weekend-morning',
      'weekend-midday',
    ]);
    expect(openHoursOf({})('weekend', 3)).toBe(true);
  });

  it('reads a band only from the day after its rate was applied', () => {
    const bands = bandOccupancies(fullWeekdayMornings, { totalSlots: 2, firstDay, endDay, firstDaysByBand: { 'weekday-morning': endDay } });
    expect(bands.find((b) => b.band === 'weekday-morning')).toBeUndefined();
    expect(bands).toHaveLength(9);
  });
});
