/**
 * PayMongo, the Philippine gateway for GCash, Maya and cards (docs/payments.md). A top-up is a
 * Checkout Session on PayMongo's hosted page; the money is credited only when PayMongo's signed
 * `checkout_session.payment.paid` event arrives at POST /api/payments/paymongo/webhook.
 * Its API is reached at `apiUrl` (PAYMONGO_API_URL), so a stand-in can take its place in tests.
 */
import type { TopupMethod } from '../../core/wallet';
import { signedAt, verifySignedAt } from './hmac';
import type { PaymentIntent, PaymentProvider, WebhookEvent } from './provider';

export const PAYMONGO_SIGNATURE_HEADER = 'Paymongo-Signature';
export const PAYMONGO_API_URL = 'https://api.paymongo.com';
/** PayMongo's smallest payment (₱20), as it states it. */
export const PAYMONGO_MINIMUM_CENTS = 2_000;
/** An event signed longer ago than this is refused: a replay of an old request. */
const TOLERANCE_SECONDS = 300;

/** Our top-up methods as PayMongo names them in `payment_method_types`. */
const METHOD_TYPES: Record<TopupMethod, string> = { gcash: 'gcash', maya: 'paymaya', card: 'card' };

export type PaymongoConfig = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** A `Paymongo-Signature` as PayMongo writes it: the HMAC-SHA256 of `t.body`, under `li` for a live event or `te` for a test one. */
export async function signPaymongoWebhook(secret: string, body: string, { live = false, now = new Date() } = {}): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  const signature = await signedAt(secret, t, body);
  return `t=${t},te=${live ? '' : signature},li=${live ? signature : ''}`;
}

/** The parts of PayMongo's event envelope this product reads. */
type PaymongoEvent = {
  data?: {
    id?: unknown;
    attributes?: {
      type?: unknown;
      livemode?: unknown;
      data?: {
        id?: unknown;
        attributes?: { metadata?: { payment_id?: unknown } | null; payments?: { attributes?: { amount?: unknown; status?: unknown } }[] };
      };
    };
  };
};

/** Our event for a paid Checkout Session of ours, or what to acknowledge and leave (any other event, or another's session). */
function eventOf(envelope: PaymongoEvent): WebhookEvent | { ignored: string } {
  const attributes = envelope.data?.attributes;
  const type = String(attributes?.type ?? 'unknown');
  const session = attributes?.data;
  const paymentId = session?.attributes?.metadata?.payment_id;
  if (type !== 'checkout_session.payment.paid' || typeof paymentId !== 'string') return { ignored: type };
  const paid = (session?.attributes?.payments ?? []).filter((payment) => payment.attributes?.status === 'paid');
  return {
    id: String(envelope.data?.id ?? ''),
    type: 'payment.paid',
    paymentId,
    providerRef: String(session?.id ?? ''),
    amountCents: paid.reduce((sum, payment) => sum + Number(payment.attributes?.amount ?? 0), 0),
  };
}

export function createPaymongoProvider(config: PaymongoConfig): PaymentProvider {
  const apiUrl = (config.apiUrl || PAYMONGO_API_URL).replace(/\/+$/, '');
  const live = config.secretKey.startsWith('sk_live_');
  const authorization = `Basic ${btoa(`${config.secretKey}:`)}`;
  return {
    name: 'paymongo',
    sandbox: false,
    // A Checkout Session pays once: PayMongo keeps no method this product may charge again on its own.
    supportsSavedMethods: false,
    minimumCents: PAYMONGO_MINIMUM_CENTS,
    async createCheckout(intent: PaymentIntent, appUrl: string) {
      const res = await fetch(`${apiUrl}/v1/checkout_sessions`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          data: {
            attributes: {
              line_items: [{ name: 'Parkada wallet top-up', amount: intent.amountCents, currency: 'PHP', quantity: 1 }],
              payment_method_types: [METHOD_TYPES[intent.method]],
              description: intent.description,
              reference_number: intent.paymentId,
              success_url: `${appUrl}/checkout?payment=${intent.paymentId}`,
              cancel_url: `${appUrl}/wallet`,
              metadata: { payment_id: intent.paymentId },
            },
          },
        }),
      });
      if (!res.ok) throw new Error(`PayMongo refused the Checkout Session: ${res.status} ${await res.text()}`);
      const session = (await res.json()) as { data?: { id?: string; attributes?: { checkout_url?: string } } };
      const providerRef = session.data?.id;
      const checkoutUrl = session.data?.attributes?.checkout_url;
      if (!providerRef || !checkoutUrl?.startsWith('https://'))
        throw new Error('PayMongo answered a Checkout Session without its id or URL');
      return { providerRef, checkoutUrl };
    },
    async chargeSaved() {
      throw new Error('PayMongo checkouts keep no method to charge again');
    },
    async verifyWebhook(rawBody, headers, now = new Date()) {
      const parts = Object.fromEntries((headers.get(PAYMONGO_SIGNATURE_HEADER) ?? '').split(',').map((part) => part.split('=', 2)));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return null;
      let envelope: PaymongoEvent;
      try {
        envelope = JSON.parse(rawBody) as PaymongoEvent;
      } catch {
        return null;
      }
      // A test event never moves live money, nor a live one a test deployment's.
      if (envelope.data?.attributes?.livemode !== live) return null;
      return (await verifySignedAt(config.webhookSecret, t, rawBody, live ? parts.li : parts.te)) ? eventOf(envelope) : null;
    },
  };
}
