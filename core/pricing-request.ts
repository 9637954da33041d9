/**
 * The pricing requests as the API takes them, apart from the pricing rule in ./pricing so that
 * screens which only quote do not load the validator.
 */
import { z } from 'zod';
import { jsonField } from './json-field';
import { MAX_RATE_CENTS, MIN_RATE_CENTS, type PricingTier } from './pricing';
import { rateCardSchema, WAIVER_KINDS } from './rate-card';

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

/** `PATCH /api/pricing/{lotId}`: a static rate, the rate with exactly three progressive tiers, or a rate card (the base rate kept). */
export const pricingUpdateSchema = z.discriminatedUnion('strategy', [
  z.object({ strategy: z.literal('STATIC'), ...pricingFields }),
  z.object({ strategy: z.literal('PROGRESSIVE'), ...pricingFields, progressiveJson: jsonField(progressiveTiersSchema) }),
  z.object({ strategy: z.literal('RATE_CARD'), lotId: pricingFields.lotId, currency: pricingFields.currency, rateCard: rateCardSchema }),
]);
export type PricingUpdate = z.infer<typeof pricingUpdateSchema>;

const instant = (what: string) => z.iso.datetime({ offset: true, error: `${what} is an ISO date-time` });

/** `POST /api/owner/lots/{id}/waivers`: the owner waives the card's overnight fees, or all of them, for a while. */
export const waiverRequestSchema = z
  .object({
    from: instant('The waiver’s start'),
    to: instant('The waiver’s end'),
    kind: z.enum(WAIVER_KINDS, { error: 'A waiver is of overnight fees or of all fees (overnight, all)' }),
    reason: z
      .string({ error: 'Say why the fees are waived' })
      .trim()
      .min(3, 'Say why the fees are waived')
      .max(200, 'A reason has at most 200 characters'),
  })
  .refine((waiver) => Date.parse(waiver.to) > Date.parse(waiver.from), { message: 'The waiver ends after it starts', path: ['to'] });
export type WaiverRequest = z.infer<typeof waiverRequestSchema>;
