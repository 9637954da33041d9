/** The answers of worker/validations/ beyond a stay's validations and a link's (core/api-answers.ts). */
import { z } from 'zod';
import { cents, count, instant } from './shared';

/** A merchant of a lot: its per-stay cap and its cashier link (docs/validations.md). */
export const merchantAnswer = z
  .looseObject({
    id: z.string(),
    lotId: z.string(),
    name: z.string(),
    perStayCapCents: cents.nullable(),
    linkActive: z.boolean(),
    linkHours: z.number().nullable(),
    linkAmountCents: cents.nullable(),
    linkRevokedAt: instant.nullable(),
    createdAt: instant,
    unusedCodes: count,
  })
  .meta({ id: 'Merchant' });

export const merchantsAnswer = z.array(merchantAnswer).meta({ id: 'Merchants' });

/** A merchant with its link's token: shown once, when the link is opened. */
export const merchantLinkOpenedAnswer = z
  .looseObject({ merchant: merchantAnswer, linkToken: z.string().nullable() })
  .meta({ id: 'MerchantLinkOpened' });

export const validationCodesAnswer = z
  .looseObject({
    batchId: z.string(),
    merchantName: z.string(),
    codes: z.array(z.string()),
    hours: z.number().nullable(),
    amountCents: cents.nullable(),
    expiresAt: instant,
  })
  .meta({ id: 'ValidationCodes' });

export const validationMonthsAnswer = z
  .array(
    z.looseObject({
      month: z.string(),
      merchantId: z.string(),
      merchantName: z.string(),
      lotName: z.string(),
      redeemed: count,
      valueCents: cents,
    }),
  )
  .meta({ id: 'ValidationMonths' });

/** What a cashier's link page shows before it validates. */
export const merchantLinkAnswer = z
  .looseObject({ merchantName: z.string(), lotName: z.string(), worth: z.string() })
  .meta({ id: 'MerchantLink' });
