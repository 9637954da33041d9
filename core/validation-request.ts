/** The merchant validations requests as the API takes them (docs/passes.md, "Merchant validations"). */
import { z } from 'zod';
import { CODE_PATTERN, MAX_CODES_PER_BATCH, MAX_VALIDATION_CENTS, MAX_VALIDATION_HOURS, normalizeCode } from './validations';
import { normalizePlate } from './vehicles';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const WORTH_REQUIRED = 'Give what each validation is worth: hours free, or an amount off (not both).';

const hours = z
  .number({ error: 'Hours free must be a whole number of hours.' })
  .int('Hours free must be a whole number of hours.')
  .min(1, 'Hours free must be at least 1.')
  .max(MAX_VALIDATION_HOURS, `Hours free can be at most ${MAX_VALIDATION_HOURS}.`);
const amountCents = z
  .number({ error: 'The amount off must be a number of centavos.' })
  .int('The amount off is a whole number of centavos.')
  .min(100, 'The amount off must be at least ₱1.00.')
  .max(MAX_VALIDATION_CENTS, 'The amount off can be at most ₱5,000.00.');
/** Exactly one of hours free or an amount off. */
const oneWorth = (body: { hours?: number; amountCents?: number }) => (body.hours === undefined) !== (body.amountCents === undefined);

/** POST /api/owner/lots/:lotId/merchants: a shop at the lot; `link` also opens its cashier's merchant link, worth that much per stay. */
export const merchantSchema = z.strictObject({
  name: z
    .string({ error: 'Give the merchant a name.' })
    .trim()
    .min(2, 'A merchant name has at least 2 characters.')
    .max(80, 'A merchant name has at most 80 characters.'),
  perStayCapCents: z
    .number({ error: 'The per-stay cap must be a number of centavos.' })
    .int('The per-stay cap is a whole number of centavos.')
    .min(100, 'The per-stay cap must be at least ₱1.00.')
    .max(MAX_VALIDATION_CENTS, 'The per-stay cap can be at most ₱5,000.00.')
    .nullable()
    .default(null),
  link: z
    .strictObject({ hours: hours.optional(), amountCents: amountCents.optional() })
    .refine(oneWorth, { message: WORTH_REQUIRED, path: ['hours'] })
    .optional(),
});
export type MerchantInput = z.infer<typeof merchantSchema>;

/** POST /api/owner/merchants/:merchantId/link: a new merchant link (the old one stops working) worth this much per stay. */
export const merchantLinkSchema = z
  .strictObject({ hours: hours.optional(), amountCents: amountCents.optional() })
  .refine(oneWorth, { message: WORTH_REQUIRED, path: ['hours'] });

/** POST /api/owner/merchants/:merchantId/codes: a batch of single-use codes. */
export const codeBatchSchema = z
  .strictObject({
    count: z
      .number({ error: 'Say how many codes to make.' })
      .int('The number of codes is a whole number.')
      .min(1, 'Make at least 1 code.')
      .max(MAX_CODES_PER_BATCH, `Make at most ${MAX_CODES_PER_BATCH} codes at a time.`),
    hours: hours.optional(),
    amountCents: amountCents.optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'Give the expiry as an ISO date-time.' }),
  })
  .refine(oneWorth, { message: WORTH_REQUIRED, path: ['hours'] });
export type CodeBatchInput = z.infer<typeof codeBatchSchema>;

const code = z
  .string({ error: 'Enter the validation code.' })
  .transform(normalizeCode)
  .refine((value) => CODE_PATTERN.test(value), 'A validation code looks like ABCDE-23456.');

/** POST /api/checkins/:checkinId/validations. */
export const applyValidationSchema = z.strictObject({
  code,
  lotId: z.uuid('Unknown lot id'),
});

/** POST /api/reservations/:id/validations: the driver's own stay. */
export const driverValidationSchema = z.strictObject({ code });

/** POST /api/merchant-link/validations: the merchant's cashier validates a car parked at the lot, by its plate. */
export const linkValidationSchema = z
  .strictObject({
    plate: z
      .string({ error: 'Enter the plate number.' })
      .transform((raw) => normalizePlate(raw))
      .refine((value) => value.length > 0 && value.length <= 20, 'Enter the plate number.')
      .optional(),
    /** The Pass ID printed under a driver's QR pass (the first 8 characters of the reservation). */
    passId: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{8}$/, 'A Pass ID is the 8 letters and digits under the QR pass.')
      .transform((value) => value.toUpperCase())
      .optional(),
  })
  .refine((body) => (body.plate === undefined) !== (body.passId === undefined), {
    message: 'Enter the plate number or the Pass ID.',
    path: ['plate'],
  });

/** The merchant link's form: the car found by plate or by Pass ID, and only that one sent. */
export const linkValidationFormSchema = z
  .object({ by: z.enum(['plate', 'passId']), plate: z.string(), passId: z.string() })
  .transform(({ by, ...car }) => ({ [by]: car[by] }))
  .pipe(linkValidationSchema);

export const validationReportQuerySchema = z.object({
  from: z.string().regex(MONTH, 'from must be a month like 2026-10.'),
  to: z.string().regex(MONTH, 'to must be a month like 2026-10.'),
});
