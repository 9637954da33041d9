/** The monthly-pass requests as the API takes them (the rules are in ./monthly-passes). */
import { z } from 'zod';
import { PASS_PRICE_MAX_CENTS, PASS_PRICE_MIN_CENTS, scheduleRefusal } from './monthly-passes';
import { plateSchema } from './vehicles';

const PRICE_RANGE = 'A monthly pass costs ₱500 to ₱50,000';

const scheduleSchema = z
  .object({
    daysMask: z.number().int().min(1, 'Choose at least one day of the week').max(127),
    openMinute: z.number().int().min(0).max(1439),
    closeMinute: z.number().int().min(1).max(1440),
  })
  .superRefine((s, ctx) => {
    const refused = scheduleRefusal(s);
    if (refused) ctx.addIssue({ code: 'custom', message: refused, path: ['closeMinute'] });
  });

/** `POST /api/owner/lots/{lotId}/pass-products`: a pass the lot sells. */
export const passProductSchema = z.object({
  name: z.string({ error: 'Name the pass' }).trim().min(1, 'Name the pass').max(60, 'A pass name has at most 60 characters'),
  priceCents: z
    .number({ error: 'The monthly price is required' })
    .int('The monthly price is in whole centavos')
    .min(PASS_PRICE_MIN_CENTS, PRICE_RANGE)
    .max(PASS_PRICE_MAX_CENTS, PRICE_RANGE),
  schedule: scheduleSchema,
  quantity: z
    .number({ error: 'Say how many are on sale' })
    .int('A whole number of passes')
    .min(1, 'Put at least one pass on sale')
    .max(1000),
});

/** `PATCH /api/owner/lots/{lotId}/pass-products/{productId}`: pause or resume sales. */
export const passProductPatchSchema = z.object({ paused: z.boolean({ error: 'Say whether sales are paused' }) });

/** `POST /api/monthly-passes`: a pass product for one plate, for a calendar month (`start` YYYY-MM) or 30 days from today (no `start`). */
export const buyPassSchema = z.object({
  productId: z.uuid('Unknown pass'),
  plate: plateSchema,
  start: z.string().optional(),
  autoRenew: z.boolean().default(false),
});
export type BuyPassRequest = z.output<typeof buyPassSchema>;

/** `PATCH /api/monthly-passes/{id}`: auto-renew on or off (off: the pass ends at its period's end). */
export const passRenewalSchema = z.object({ autoRenew: z.boolean({ error: 'Say whether the pass renews' }) });
