/**
 * A lot's price as its pricing columns store it, in the terms a quote needs (`core/pricing.ts`). The
 * lots, pricing and reservations domains all read it from the same columns, so the rule lives here.
 */
import type { AppliedBandRates } from './dynamic-pricing';
import { DEFAULT_RATE_CENTS } from './money';
import type { LotPricing, PricingStrategy, PricingTier } from './pricing';
import type { RateCard, Waiver } from './rate-card';

/** The band rates applied from dynamic suggestions, as their JSON column stores them (none when empty). */
export const appliedBandRates = (json: string | null): AppliedBandRates => (json ? (JSON.parse(json) as AppliedBandRates) : {});

/**
 * What the quote needs from a lot's pricing columns: its tiers, and its applied band rates while
 * dynamic pricing is on (off, the lot is back on its base rate; the band rates are kept for later).
 * A lot without a pricing row is on the default rate.
 */
export function lotPricingOf(row: {
  strategy: PricingStrategy | null;
  baseRate: number | null;
  progressiveJson: string | null;
  dynamicEnabled: boolean | null;
  bandRatesJson: string | null;
  rateCardJson: string | null;
  waiversJson: string | null;
}): LotPricing {
  const bands = row.dynamicEnabled ? Object.entries(appliedBandRates(row.bandRatesJson)) : [];
  return {
    strategy: row.strategy ?? 'STATIC',
    baseRateCents: row.baseRate ?? DEFAULT_RATE_CENTS,
    tiers: row.progressiveJson ? (JSON.parse(row.progressiveJson) as PricingTier[]) : null,
    bandRates: bands.length ? Object.fromEntries(bands.map(([band, applied]) => [band, applied.rateCents])) : null,
    rateCard: row.strategy === 'RATE_CARD' ? rateCardOf(row.rateCardJson) : null,
    waivers: waiversOf(row.waiversJson),
  };
}

/** The lot's rate card as its JSON column stores it: kept while the lot is on an hourly rate, for when it goes back. */
export const rateCardOf = (json: string | null): RateCard | null => (json ? (JSON.parse(json) as RateCard) : null);

/** The owner's waivers of a lot's card, as their JSON column stores them. */
export const waiversOf = (json: string | null): Waiver[] => (json ? (JSON.parse(json) as Waiver[]) : []);
