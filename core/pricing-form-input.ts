/**
 * The owner's pricing form as it is filled in: the base rate in pesos, the tiers' hours and
 * multipliers as typed, and the rate card as typed (./rate-card-form-input). It becomes the request
 * and is checked by `pricingUpdateSchema`, so the form shows the request's messages at the fields
 * they name (`baseRate`, `progressiveJson.2.durationHours`, `rateCard.classes.car.firstCents`).
 */
import { z } from 'zod';
import { typedNumber } from './form-input';
import { rateCardOf } from './lot-pricing';
import { pesosToCents } from './money';
import { DEFAULT_TIERS, type PricingStrategy, type PricingTier } from './pricing';
import { pricingUpdateSchema } from './pricing-request';
import { cardOfTyped, rateCardFormValues, typedRateCard } from './rate-card-form-input';

const typedPricing = z.object({
  strategy: z.enum(['STATIC', 'PROGRESSIVE', 'RATE_CARD']),
  baseRate: z.string(),
  progressiveJson: z.array(z.object({ durationHours: z.string(), rateMultiplier: z.string() })),
  rateCard: typedRateCard,
});
export type PricingFormValues = z.input<typeof typedPricing>;

export const pricingFormSchema = typedPricing
  .transform(({ strategy, baseRate, progressiveJson, rateCard }): z.input<typeof pricingUpdateSchema> => {
    // A card keeps the base rate for when the lot goes back to it.
    if (strategy === 'RATE_CARD') return { strategy, currency: 'PHP', rateCard: cardOfTyped(rateCard) };
    const rate = { baseRate: pesosToCents(baseRate), currency: 'PHP' as const };
    if (strategy === 'STATIC') return { strategy, ...rate };
    const tiers = progressiveJson.map((tier) => ({
      durationHours: typedNumber(tier.durationHours),
      rateMultiplier: typedNumber(tier.rateMultiplier),
    }));
    return { strategy, ...rate, progressiveJson: tiers };
  })
  .pipe(pricingUpdateSchema);

/** The form's first values: the lot's pricing, with the default tiers when it has none yet, and its card (kept while off it). */
export function pricingFormValues(lot: {
  strategy: PricingStrategy;
  baseRate: number;
  progressiveJson: string | null;
  rateCardJson: string | null;
}): PricingFormValues {
  const tiers = lot.progressiveJson ? (JSON.parse(lot.progressiveJson) as PricingTier[]) : DEFAULT_TIERS;
  return {
    strategy: lot.strategy,
    baseRate: String(lot.baseRate / 100),
    progressiveJson: tiers.map((tier) => ({ durationHours: String(tier.durationHours), rateMultiplier: String(tier.rateMultiplier) })),
    rateCard: rateCardFormValues(rateCardOf(lot.rateCardJson)),
  };
}
