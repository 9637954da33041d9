/** The statements and payouts requests as the API takes them (docs/owner.md, "Statements and payouts"). */
import { z } from 'zod';
import { pesosToCents } from './money';
import { isCalendarDate } from './time';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const monthQuerySchema = z.object({ month: z.string().regex(MONTH, 'month must be a month like 2026-10.') });

/** POST /api/admin/payouts: money sent to an owner for a closed month, by bank or e-wallet transfer. */
export const payoutSchema = z.strictObject({
  ownerId: z.uuid('Unknown owner id'),
  month: z.string().regex(MONTH, 'month must be a month like 2026-10.'),
  amountCents: z
    .number({ error: 'The amount must be a number of centavos.' })
    .int('The amount is a whole number of centavos.')
    .positive('The amount must be more than zero.'),
  paidOn: z.string().refine(isCalendarDate, 'The payout date must be a date like 2026-11-05.'),
  reference: z
    .string({ error: 'The bank or e-wallet reference is required.' })
    .trim()
    .min(4, 'The bank or e-wallet reference is at least 4 characters.')
    .max(80, 'The bank or e-wallet reference is at most 80 characters.'),
});
export type PayoutInput = z.infer<typeof payoutSchema>;

/** The payout dialog: the amount typed in pesos, checked as the request's centavos (its messages, at the amount's field). */
export const payoutFormSchema = payoutSchema
  .omit({ amountCents: true })
  .extend({ amount: z.string().transform(pesosToCents).pipe(payoutSchema.shape.amountCents) })
  .transform(({ amount, ...payout }): PayoutInput => ({ ...payout, amountCents: amount }));
