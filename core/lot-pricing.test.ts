import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_CENTS } from './money';
import { appliedBandRates, lotPricingOf } from './lot-pricing';

const columns = {
  strategy: null,
  baseRate: null,
  progressiveJson: null,
  dynamicEnabled: null,
  bandRatesJson: null,
  rateCardJson: null,
  waiversJson: null,
};
const bands = JSON.stringify({ 'weekday-morning': { rateCents: 9000, appliedAt: '2026-11-01T00:00:00.000Z' } });

describe("a lot's pricing columns", () => {
  it('price a lot without a pricing row at the default static rate', () => {
    expect(lotPricingOf(columns)).toEqual({
      strategy: 'STATIC',
      baseRateCents: DEFAULT_RATE_CENTS,
      tiers: null,
      bandRates: null,
      rateCard: null,
      waivers: [],
    });
  });

  it('carry the progressive tiers as saved', () => {
    const tiers = [{ durationHours: 3, rateMultiplier: 0.9 }];
    expect(lotPricingOf({ ...columns, strategy: 'PROGRESSIVE', baseRate: 6000, progressiveJson: JSON.stringify(tiers) })).toMatchObject({
      strategy: 'PROGRESSIVE',
      baseRateCents: 6000,
      tiers,
    });
  });

  it('apply the band rates only while dynamic pricing is on, and keep them when it is off', () => {
    expect(lotPricingOf({ ...columns, dynamicEnabled: true, bandRatesJson: bands }).bandRates).toEqual({ 'weekday-morning': 9000 });
    expect(lotPricingOf({ ...columns, dynamicEnabled: false, bandRatesJson: bands }).bandRates).toBeNull();
    expect(lotPricingOf({ ...columns, dynamicEnabled: true, bandRatesJson: null }).bandRates).toBeNull();
    expect(appliedBandRates(bands)).toEqual(JSON.parse(bands));
    expect(appliedBandRates(null)).toEqual({});
  });
});
