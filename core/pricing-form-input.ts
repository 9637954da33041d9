/**
 * The owner's pricing form as it is filled in: the base rate in pesos, the tiers' hours and
 * multipliers as typed. It becomes the request and is checked by `pricingUpdateSchema`, so the form
 * shows the request's messages at the fields they name (`baseRate`, `progressiveJson.2.durationHours`).
 */
import { z } from 'zod';
import { typedNumber } from './form-input';
import { pesosToCents } from './money';
import { DEFAULT_TIERS, type PricingStrategy, type PricingTier } from './pricing';
import { pricingUpdateSchema } from './pricing-request';

const typedPricing = z.object({
  strategy: z.enum(['STATIC', 'PROGRESSIVE']),
  baseRate: z.string(),
  progressiveJson: z.array(z.object({ durationHours: z.string(), rateMultiplier: z.string() })),
});
export type PricingFormValues = z.input<typeof typedPricing>;

export const pricingFormSchema = typedPricing
  .transform(({ strategy, baseRate, progressiveJson }): z.input<typeof pricingUpdateSchema> => {
    const rate = { baseRate: pesosToCents(baseRate), currency: 'PHP' as const };
    if (strategy === 'STATIC') return { strategy, ...rate };
    const tiers = progressiveJson.map((tier) => ({
      durationHours: typedNumber(tier.durationHours),
      rateMultiplier: typedNumber(tier.rateMultiplier),
    }));
    return { strategy, ...rate, progressiveJson: tiers };
  })
  .pipe(pricingUpdateSchema);

/** The form's first values: the lot's pricing, with the default tiers when it has none yet. */
export function pricingFormValues(lot: { strategy: PricingStrategy; baseRate: number; progressiveJson: string | null }): PricingFormValues {
  const tiers = lot.progressiveJson ? (JSON.parse(lot.progressiveJson) as PricingTier[]) : DEFAULT_TIERS;
  return {
    // A rate card is edited on its own form; this one moves a card lot back to an hourly rate.
    strategy: lot.strategy === 'RATE_CARD' ? 'STATIC' : lot.strategy,
    baseRate: String(lot.baseRate / 100),
    progressiveJson: tiers.map((tier) => ({ durationHours: String(tier.durationHours), rateMultiplier: String(tier.rateMultiplier) })),
  };
}
