/** The answers of worker/payments/ (docs/payments.md): a top-up's payment and its refund. */
import { z } from 'zod';
import { PAYMENT_STATUSES, TOPUP_METHODS, TOPUP_REFUND_STATUSES } from '../wallet';
import { cents, instant } from './shared';

export const paymentAnswer = z
  .looseObject({
    id: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amountCents: cents,
    currency: z.string(),
    method: z.enum(TOPUP_METHODS),
    provider: z.string(),
    sandbox: z.boolean(),
    origin: z.enum(['topup', 'auto_topup']),
    checkoutUrl: z.string().nullable().describe("The gateway's page to pay on, while pending."),
    failureReason: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  })
  .meta({ id: 'Payment' });

export const topupRefundAnswer = z
  .looseObject({
    id: z.string(),
    paymentId: z.string(),
    status: z.enum(TOPUP_REFUND_STATUSES),
    amountCents: cents,
    to: z.string(),
    providerRefundId: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  })
  .meta({ id: 'TopupRefund' });

/** A payment with its refund, if any, and whether it may still be refunded. */
export const paymentDetailAnswer = paymentAnswer
  .extend({
    refund: topupRefundAnswer.nullable(),
    refundable: z.discriminatedUnion('eligible', [
      z.looseObject({ eligible: z.literal(true), deadline: instant }),
      z.looseObject({ eligible: z.literal(false), reason: z.enum(['not_paid', 'refunded', 'too_old', 'spent']), message: z.string() }),
    ]),
  })
  .meta({ id: 'PaymentDetail' });

export const paymentsConfigAnswer = z
  .discriminatedUnion('available', [
    z.looseObject({
      available: z.literal(true),
      provider: z.string(),
      sandbox: z.boolean(),
      supportsSavedMethods: z.boolean(),
      minimumCents: cents.nullable(),
      methods: z.array(z.enum(TOPUP_METHODS)),
    }),
    z.looseObject({ available: z.literal(false), message: z.string() }),
  ])
  .meta({ id: 'PaymentsConfig' });

/** What a gateway's webhook is answered: received, and what came of it. */
export const paymentWebhookAnswer = z.looseObject({ received: z.literal(true), status: z.string() }).meta({ id: 'PaymentWebhookReceipt' });
