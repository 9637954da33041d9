/**
 * The pricing requests as the API takes them, apart from the pricing rule in ./pricing so that
 * screens which only quote do not load the validator.
 */
import { z } from 'zod';
import { jsonField } from './json-field';
import { MAX_RATE_CENTS, MIN_RATE_CENTS, type PricingTier } from './pricing';

/** A tier (./pricing has the rule). */
const pricingTierSchema = z.object({
  durationHours: z.number().int('Tier hours must be whole hours').min(1, 'Tier hours are 1 to 24').max(24, 'Tier hours are 1 to 24'),
  rateMultiplier: z
    .number()
    .min(0.1, 'Rate multipliers are 0.1 to 2.0')
    .max(2, 'Rate multipliers are 0.1 to 2.0')
    .refine((multiplier) => Math.abs(multiplier * 10 - Math.round(multiplier * 10)) < 1e-9, 'Rate multipliers go in steps of 0.1'),
}) satisfies z.ZodType<PricingTier>;

/** Progressive pricing has exactly three tiers, each for a different number of hours. */
export const progressiveTiersSchema = z
  .array(pricingTierSchema)
  .length(3, 'Progressive pricing has exactly three tiers')
  .refine(
    (tiers) => new Set(tiers.map((tier) => tier.durationHours)).size === tiers.length,
    'Each tier starts at a different number of hours',
  );

/** An hourly rate in centavos within the owner's bounds: the static rate, and a new lot's first rate. */
export const baseRateSchema = z
  .number({ error: 'Base rate is required' })
  .int('The base rate is in whole centavos')
  .min(MIN_RATE_CENTS, 'The base rate is ₱10 to ₱500 an hour')
  .max(MAX_RATE_CENTS, 'The base rate is ₱10 to ₱500 an hour');
const pricingFields = {
  lotId: z.uuid().optional(),
  baseRate: baseRateSchema,
  currency: z.literal('PHP', 'Prices are in PHP').default('PHP'),
};

/** `PATCH /api/pricing/{lotId}`: a static rate, or the rate with exactly three progressive tiers. */
export const pricingUpdateSchema = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('STATIC'), ...pricingFields }),
  z.object({ strategy: z.literal('PROGRESSIVE'), ...pricingFields, progressiveJson: jsonField(progressiveTiersSchema) }),
]);
export type PricingUpdate = z.infer<typeof pricingUpdateSchema>;
