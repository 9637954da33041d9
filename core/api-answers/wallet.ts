/** The answers of worker/wallet/ (docs/wallet.md); a top-up's payment is core/api-answers/payments.ts. */
import { z } from 'zod';
import { LOYALTY_LEVELS, TOPUP_METHODS, TRANSACTION_TYPES } from '../wallet';
import { autoTopupSchema } from '../wallet-request';
import { cents, instant, pageOf } from './shared';

export const walletAnswer = z
  .looseObject({
    id: z.string(),
    balanceCents: cents,
    currency: z.string(),
    points: z.number().int(),
    pointsEarned: z.number().int(),
    level: z.enum(LOYALTY_LEVELS),
    nextLevel: z.looseObject({ level: z.enum(LOYALTY_LEVELS), missing: z.number().int() }).nullable(),
  })
  .meta({ id: 'Wallet' });

export const walletTransactionPageAnswer = pageOf(
  z.looseObject({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    label: z.string(),
    description: z.string(),
    amountCents: cents,
    currency: z.string(),
    pointsDelta: z.number().int(),
    reservationId: z.string().nullable(),
    paymentReference: z.string().nullable(),
    topupId: z.string().nullable(),
    createdAt: instant,
  }),
).meta({ id: 'WalletTransactionPage' });

/** A one-time code that pays a stay's exit at one lot from the wallet, up to a limit. */
export const payCodeAnswer = z
  .looseObject({ token: z.string(), expiresAt: instant, lotId: z.string(), lotName: z.string(), limitCents: cents })
  .meta({ id: 'PayCode' });

export const savedPaymentMethodsAnswer = z
  .array(
    z.looseObject({ method: z.enum(TOPUP_METHODS), provider: z.string(), lastUsedAt: instant, count: z.number().int(), totalCents: cents }),
  )
  .meta({ id: 'SavedPaymentMethods' });

export const autoTopupAnswer = z.looseObject({ rule: autoTopupSchema.nullable(), supported: z.boolean() }).meta({ id: 'AutoTopup' });
