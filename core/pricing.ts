/**
 * The one pricing rule of the product, used by the worker to charge and by the web to quote
 * (docs/pricing.md has worked examples). Amounts are integer centavos.
 */
import { z } from 'zod';
import { jsonField } from './lot-json';
import { DEFAULT_RATE_CENTS } from './money';

/** A tier: from this many hours (1–24) the whole stay pays the base rate × the multiplier (0.1–2.0, in steps of 0.1). */
export const pricingTierSchema = z.object({
  durationHours: z.number().int('Tier hours must be whole hours').min(1, 'Tier hours are 1 to 24').max(24, 'Tier hours are 1 to 24'),
  rateMultiplier: z
    .number()
    .min(0.1, 'Rate multipliers are 0.1 to 2.0')
    .max(2, 'Rate multipliers are 0.1 to 2.0')
    .refine((multiplier) => Math.abs(multiplier * 10 - Math.round(multiplier * 10)) < 1e-9, 'Rate multipliers go in steps of 0.1'),
});
export type PricingTier = z.infer<typeof pricingTierSchema>;

/** Spec 9 defaults: from 2 h ×1.0, from 4 h ×0.9, from 8 h ×0.8. */
export const DEFAULT_TIERS: PricingTier[] = [
  { durationHours: 2, rateMultiplier: 1.0 },
  { durationHours: 4, rateMultiplier: 0.9 },
  { durationHours: 8, rateMultiplier: 0.8 },
];

export const PRICING_STRATEGIES = ['STATIC', 'PROGRESSIVE'] as const;
export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];

/** The static rate an owner may set: ₱10 to ₱500 an hour, in centavos. */
export const MIN_RATE_CENTS = 1_000;
export const MAX_RATE_CENTS = 50_000;

/** Progressive pricing has exactly three tiers, each for a different number of hours. */
export const progressiveTiersSchema = z
  .array(pricingTierSchema)
  .length(3, 'Progressive pricing has exactly three tiers')
  .refine((tiers) => new Set(tiers.map((tier) => tier.durationHours)).size === tiers.length, 'Each tier starts at a different number of hours');

/** An hourly rate in centavos within the owner's bounds: the static rate, and a new lot's first rate. */
export const baseRateSchema = z
  .number({ error: 'Base rate is required' })
  .int('The base rate is in whole centavos')
  .min(MIN_RATE_CENTS, 'The base rate is ₱10 to ₱500 an hour')
  .max(MAX_RATE_CENTS, 'The base rate is ₱10 to ₱500 an hour');
const pricingFields = { lotId: z.uuid().optional(), baseRate: baseRateSchema, currency: z.literal('PHP', 'Prices are in PHP').default('PHP') };

/** `PATCH /api/pricing/{lotId}`: a static rate, or the rate with exactly three progressive tiers. */
export const pricingUpdateSchema = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('STATIC'), ...pricingFields }),
  z.object({ strategy: z.literal('PROGRESSIVE'), ...pricingFields, progressiveJson: jsonField(progressiveTiersSchema) }),
]);
export type PricingUpdate = z.infer<typeof pricingUpdateSchema>;

export type LotPricing = { strategy: PricingStrategy; baseRateCents: number; tiers?: PricingTier[] | null };

export type PriceQuote = {
  strategy: LotPricing['strategy'];
  baseRateCents: number;
  /** Billed hours: every started hour counts. */
  hours: number;
  rateMultiplier: number;
  /** hours × base rate, before the tier discount. */
  grossCents: number;
  discountCents: number;
  totalCents: number;
  /** The 12% VAT contained in the total (prices are VAT-inclusive). */
  vatCents: number;
};

const HOUR_MS = 3_600_000;

/** Every started hour is billed: 61 minutes is 2 hours. */
export const billedHours = (durationMs: number) => Math.max(1, Math.ceil(durationMs / HOUR_MS - 1e-9));

/**
 * The multiplier for a whole stay is that of the longest tier the stay reaches (durationHours ≤ billed
 * hours); a stay shorter than every tier pays ×1.0. STATIC pricing always pays ×1.0.
 */
export function tierMultiplier(pricing: LotPricing, hours: number): number {
  if (pricing.strategy !== 'PROGRESSIVE') return 1;
  const reached = (pricing.tiers?.length ? pricing.tiers : DEFAULT_TIERS).filter((tier) => tier.durationHours <= hours);
  return reached.length ? reached.reduce((a, b) => (b.durationHours > a.durationHours ? b : a)).rateMultiplier : 1;
}

export function quote(pricing: LotPricing, durationMs: number): PriceQuote {
  const baseRateCents = pricing.baseRateCents || DEFAULT_RATE_CENTS;
  const hours = billedHours(durationMs);
  const rateMultiplier = tierMultiplier(pricing, hours);
  const grossCents = hours * baseRateCents;
  const totalCents = Math.round(grossCents * rateMultiplier);
  return { strategy: pricing.strategy, baseRateCents, hours, rateMultiplier, grossCents, discountCents: grossCents - totalCents, totalCents, vatCents: vatIncluded(totalCents) };
}

/** Philippine VAT (12%) contained in a VAT-inclusive amount. */
export const vatIncluded = (totalCents: number) => Math.round((totalCents * 12) / 112);
