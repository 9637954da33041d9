import { describe, expect, it } from 'vitest';
import { billedHours, billedHoursByBand, quote, tierMultiplier, vatIncluded } from './pricing';

const HOUR = 3_600_000;
/** Monday 9 AM, Manila. */
const START = Date.parse('2026-11-23T09:00:00+08:00');
const progressive = { strategy: 'PROGRESSIVE' as const, baseRateCents: 8000 };

describe('pricing (docs/pricing.md worked examples)', () => {
  it('bills every started hour', () => {
    expect(billedHours(30 * 60_000)).toBe(1);
    expect(billedHours(HOUR)).toBe(1);
    expect(billedHours(HOUR + 60_000)).toBe(2);
    expect(billedHours(0)).toBe(1);
  });

  it.each([
    [1, 1.0, 8000],
    [2, 1.0, 16000],
    [3, 1.0, 24000],
    [4, 0.9, 28800],
    [7, 0.9, 50400],
    [8, 0.8, 51200],
    [24, 0.8, 153600],
  ])('%i h at ₱80/h progressive: ×%f = %i centavos', (hours, multiplier, total) => {
    expect(tierMultiplier(progressive, hours)).toBe(multiplier);
    expect(quote(progressive, hours * HOUR, START).totalCents).toBe(total);
  });

  it('charges static lots the base rate for every hour', () => {
    expect(quote({ strategy: 'STATIC', baseRateCents: 6000 }, 8 * HOUR, START)).toMatchObject({
      hours: 8,
      rateMultiplier: 1,
      totalCents: 48000,
      discountCents: 0,
    });
  });

  it('uses the lot’s own tiers and rounds to the centavo', () => {
    const lot = { strategy: 'PROGRESSIVE' as const, baseRateCents: 4500, tiers: [{ durationHours: 3, rateMultiplier: 0.85 }] };
    expect(quote(lot, 2.5 * HOUR, START)).toMatchObject({
      hours: 3,
      rateMultiplier: 0.85,
      grossCents: 13500,
      totalCents: 11475,
      discountCents: 2025,
    });
  });

  it('shows the VAT contained in a VAT-inclusive price', () => {
    expect(vatIncluded(11200)).toBe(1200);
    expect(quote(progressive, 4 * HOUR, START).vatCents).toBe(3086);
  });

  it('prices each billed hour at its band’s rate, then applies the tier multiplier to the sum', () => {
    const banded = { strategy: 'PROGRESSIVE' as const, baseRateCents: 8000, bandRates: { 'weekday-morning': 10_000 } };
    // Monday 8 AM for 4 h: 8 and 9 AM in the morning band at ₱100, 10 and 11 AM at the ₱80 base; ×0.9 from 4 h.
    expect(quote(banded, 4 * HOUR, Date.parse('2026-11-23T08:00:00+08:00'))).toMatchObject({
      grossCents: 36_000,
      rateMultiplier: 0.9,
      totalCents: 32_400,
      bandHours: [{ band: 'weekday-morning', hours: 2, rateCents: 10_000 }],
    });
    // Saturday morning is another band: the base rate, and no band hours.
    expect(quote(banded, 4 * HOUR, Date.parse('2026-11-28T08:00:00+08:00'))).not.toHaveProperty('bandHours');
    expect(quote(banded, 4 * HOUR, Date.parse('2026-11-28T08:00:00+08:00')).grossCents).toBe(32_000);
  });

  it('counts the billed hours of each band, as search orders by price (Cheapest)', () => {
    // Monday 9:00 for 2 h 30 min: 9:00 morning, 10:00 and 11:00 midday.
    expect(billedHoursByBand(2.5 * HOUR, START)).toEqual(
      new Map([
        ['weekday-morning', 1],
        ['weekday-midday', 2],
      ]),
    );
    // Friday 21:00 for 4 h: an evening hour, two Friday night ones, then Saturday's first hour, a weekend night.
    expect(billedHoursByBand(4 * HOUR, Date.parse('2026-11-27T21:00:00+08:00'))).toEqual(
      new Map([
        ['weekday-evening', 1],
        ['weekday-night', 2],
        ['weekend-night', 1],
      ]),
    );
  });
});
