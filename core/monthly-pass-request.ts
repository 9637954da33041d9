/** The monthly-pass requests as the API takes them (the rules are in ./monthly-passes). */
import { z } from 'zod';
import { isPassMonth, PASS_CAPACITY_MAX, PASS_PRICE_MAX_CENTS, PASS_PRICE_MIN_CENTS, type PassPlan } from './monthly-passes';
import { plateSchema } from './vehicles';

const PRICE_RANGE = 'A monthly pass costs ₱500 to ₱50,000';

/** `PUT /api/owner/lots/{id}/monthly-pass`: whether the lot sells passes, their monthly price and how many a month. */
export const passPlanSchema = z.object({
  enabled: z.boolean({ error: 'Say whether the lot sells monthly passes' }),
  priceCents: z
    .number({ error: 'The monthly price is required' })
    .int('The monthly price is in whole centavos')
    .min(PASS_PRICE_MIN_CENTS, PRICE_RANGE)
    .max(PASS_PRICE_MAX_CENTS, PRICE_RANGE),
  capacity: z
    .number({ error: 'The number of passes a month is required' })
    .int('The number of passes is a whole number')
    .min(1, `Offer 1 to ${PASS_CAPACITY_MAX} passes a month`)
    .max(PASS_CAPACITY_MAX, `Offer 1 to ${PASS_CAPACITY_MAX} passes a month`),
}) satisfies z.ZodType<PassPlan>;

export const passMonthSchema = z.string({ error: 'Choose a month' }).refine(isPassMonth, 'Choose a month as YYYY-MM');

/** `POST /api/monthly-passes`: a month of parking at a lot for one plate. */
export const buyPassSchema = z.object({
  lotId: z.uuid('Unknown lot id'),
  plate: plateSchema,
  month: passMonthSchema,
});
export type BuyPassRequest = z.output<typeof buyPassSchema>;

/** `GET /api/owner/lots/{id}/monthly-pass?month=`: the passes sold for one month (default: this one). */
export const passMonthQuery = z.object({ month: passMonthSchema.optional() });
