/**
 * The shape of a Philippine payment gateway (PayMongo, Maya, Xendit…): the server creates a payment
 * intent and sends the payer to the gateway's checkout URL; the gateway later confirms or fails it
 * with a signed webhook. Money is credited only from a verified webhook, never from the client.
 */
import { z } from 'zod';
import type { TopupMethod } from '../../core/wallet';

export type PaymentIntent = { paymentId: string; amountCents: number; method: TopupMethod; description: string };

const ref = z.string().min(1).max(200);

/**
 * A payment's webhook event after its signature verified; `id` is the provider's event id (a replay
 * repeats it). It names our payment by its id, or, when the gateway's event cannot carry it
 * (PayMongo's `payment.failed` holds a Payment), by the checkout's payment intent.
 */
const paymentEventSchema = z
  .object({
    id: ref,
    type: z.enum(['payment.paid', 'payment.failed']),
    paymentId: z.string().min(1).max(100).optional(),
    providerIntentId: ref.optional(),
    /** The checkout it settles, checked against ours when the event names it. */
    providerRef: ref.optional(),
    /** The gateway's payment (a refund to the source names it). */
    providerPaymentId: ref.optional(),
    amountCents: z.number().int().positive(),
    reason: z.string().max(500).optional(),
  })
  .refine((event) => event.paymentId || event.providerIntentId, 'The event names no payment.');

/** A refund of ours that changed at the gateway (PayMongo's `payment.refund.updated`), named by our id as the request's metadata carried it. */
const refundEventSchema = z.object({
  id: ref,
  type: z.literal('refund.updated'),
  refundId: z.string().min(1).max(100),
  providerRefundId: ref,
  providerPaymentId: ref,
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: z.number().int().positive(),
});

export const webhookEventSchema = z.union([paymentEventSchema, refundEventSchema]);
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export type RefundEvent = z.infer<typeof refundEventSchema>;
export type WebhookEvent = PaymentEvent | RefundEvent;

/** What the gateway says of a checkout when asked: paid (by which payment), or still open, or closed unpaid. */
export type CheckoutState = { status: 'paid'; providerPaymentId: string; amountCents: number } | { status: 'open' } | { status: 'expired' };

export type RefundRequest = { paymentId: string; refundId: string; providerPaymentId: string; amountCents: number };

/** The gateway accepted the refund: done, or under way (it settles on its own). */
export type RefundAccepted = { providerRefundId: string; status: 'pending' | 'succeeded' };

/** A refund of ours to look up at the gateway: our id (in its metadata), the payment it pays back, and the gateway's id once it answered one. */
export type RefundLookup = { refundId: string; providerPaymentId: string; providerRefundId: string | null };

/** How the gateway holds a refund of ours when asked: under way, done or failed, or `absent` (it has none of ours). */
export type RefundState = { status: 'pending' | 'succeeded' | 'failed'; providerRefundId: string } | { status: 'absent' };

/** The gateway answered the refund with a refusal (a 4xx and its reason), as opposed to not answering at all. */
export class RefundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefundRefused';
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** Test money only; the UI labels it "Sandbox". */
  readonly sandbox: boolean;
  /** Whether a method used once can be charged again without the payer (auto top-up). */
  readonly supportsSavedMethods: boolean;
  /** The smallest payment the gateway takes, when it states one. */
  readonly minimumCents?: number;
  /** `appUrl`: the app's origin, where a hosted checkout sends the payer back. */
  createCheckout(intent: PaymentIntent, appUrl: string): Promise<{ providerRef: string; checkoutUrl: string; providerIntentId?: string }>;
  /** Asks the gateway how a checkout stands: for a top-up whose checkout outlived `CHECKOUT_LIFE_MS` unsettled. */
  checkoutState(providerRef: string): Promise<CheckoutState>;
  /** Pays a settled payment back to its source, whole; throws `RefundRefused` when the gateway says no. */
  refund(request: RefundRequest): Promise<RefundAccepted>;
  /** Asks the gateway how a refund of ours stands: one whose answer was lost, or one under way. Throws when it does not answer. */
  refundState(lookup: RefundLookup): Promise<RefundState>;
  /** Charges a saved method; the outcome still arrives by webhook. */
  chargeSaved(intent: PaymentIntent): Promise<{ providerRef: string }>;
  /**
   * The event of a webhook request, `{ ignored: type }` for a verified event this product does not
   * act on (acknowledged, so the gateway stops sending it), or null when its signature does not
   * verify (or is stale, or of the other mode).
   */
  verifyWebhook(rawBody: string, headers: Headers, now?: Date): Promise<unknown | null>;
}
