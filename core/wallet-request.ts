/**
 * The wallet's requests as the API takes them, apart from the wallet's rules in ./wallet so that
 * screens which only need the rules do not load the validator.
 */
import { z } from 'zod';
import { formatPeso, pesosToCents } from './money';
import { DAILY_TOPUP_MAX_CENTS, STATEMENT_MONTH, TOPUP_MAX_CENTS, TOPUP_METHODS } from './wallet';

export const topupSchema = z.object({
  amountCents: z
    .number({ error: 'Please enter a valid amount.' })
    .int('Amount must be a whole number of centavos.')
    .positive('Please enter a valid amount.'),
  method: z.enum(TOPUP_METHODS, { error: 'Choose GCash, Maya or card.' }),
});
export type TopupInput = z.infer<typeof topupSchema>;

export const autoTopupSchema = z
  .object({
    enabled: z.boolean(),
    thresholdCents: z
      .number({ error: 'Please enter a valid threshold.' })
      .int()
      .min(10_000, 'The threshold is at least ₱100.')
      .max(TOPUP_MAX_CENTS, `The threshold is at most ${formatPeso(TOPUP_MAX_CENTS)}.`),
    amountCents: z.number({ error: 'Please enter a valid amount.' }).int().min(10_000, 'The auto top-up amount is at least ₱100.'),
    method: z.enum(TOPUP_METHODS, { error: 'Choose GCash, Maya or card.' }),
  })
  .strict();
export type AutoTopupRule = z.infer<typeof autoTopupSchema>;

/** A statement month, `YYYY-MM` (Manila calendar). */
export const statementMonthSchema = z.object({
  month: z.string().regex(STATEMENT_MONTH, 'Month must look like 2026-11.'),
});

/** POST /api/wallet/pay-code: the one lot the code pays at, and the most it pays. */
export const payCodeSchema = z.object({
  // In the driver's words: the form shows them under its fields, and the API's issues name the field.
  lotId: z.uuid({ error: 'Choose the parking lot the code pays at.' }),
  limitCents: z
    .number({ error: 'Enter the most the code pays.' })
    .int('The limit is a whole number of centavos.')
    .positive('The limit must be more than ₱0.00.')
    // The highest limit a pay code may carry: the daily top-up ceiling, far above any day of parking.
    .max(DAILY_TOPUP_MAX_CENTS, `A pay code pays at most ${formatPeso(DAILY_TOPUP_MAX_CENTS)}.`),
  /** A free-hour voucher to use on the stay it pays for (core/rewards.ts). */
  voucherId: z.uuid('Unknown voucher id').optional(),
});
export type PayCodeRequest = z.infer<typeof payCodeSchema>;

/**
 * The top-up form: the amount typed in pesos, checked as the request's centavos (its messages, at
 * the amount's field), and no less than the gateway's smallest payment when it states one.
 */
export const topupFormSchema = (minimumCents: number | null) =>
  z
    .object({
      amount: z
        .string()
        .transform(pesosToCents)
        .pipe(topupSchema.shape.amountCents)
        .refine((cents) => !minimumCents || cents >= minimumCents, `A top-up is at least ${formatPeso(minimumCents ?? 0)}.`),
      method: topupSchema.shape.method,
    })
    .transform(({ amount, method }): TopupInput => ({ amountCents: amount, method }));

/**
 * The pay-code form: the limit typed in pesos, checked as the request's centavos (its messages, at
 * the limit's field); no voucher chosen is none sent.
 */
export const payCodeFormSchema = z
  .object({
    lotId: payCodeSchema.shape.lotId,
    limit: z.string().transform(pesosToCents).pipe(payCodeSchema.shape.limitCents),
    voucherId: z.union([z.literal(''), payCodeSchema.shape.voucherId.unwrap()]),
  })
  .transform(({ lotId, limit, voucherId }): PayCodeRequest => ({ lotId, limitCents: limit, ...(voucherId && { voucherId }) }));

/** The auto top-up form: the threshold and the amount typed in pesos, checked as the rule's centavos (its messages, at their fields). */
export const autoTopupFormSchema = z
  .object({
    enabled: autoTopupSchema.shape.enabled,
    threshold: z.string().transform(pesosToCents).pipe(autoTopupSchema.shape.thresholdCents),
    amount: z.string().transform(pesosToCents).pipe(autoTopupSchema.shape.amountCents),
    method: autoTopupSchema.shape.method,
  })
  .transform(
    ({ enabled, threshold, amount, method }): AutoTopupRule => ({ enabled, thresholdCents: threshold, amountCents: amount, method }),
  );
