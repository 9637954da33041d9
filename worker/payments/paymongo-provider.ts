/**
 * PayMongo, the Philippine gateway for GCash, Maya and cards (docs/payments.md). A top-up is a
 * Checkout Session on PayMongo's hosted page; the money is credited only when PayMongo's signed
 * `checkout_session.payment.paid` event arrives at POST /api/payments/paymongo/webhook.
 * Its API is reached at `apiUrl` (PAYMONGO_API_URL), so a stand-in can take its place in tests.
 */
import type { TopupMethod } from '../../core/wallet';
import { signedAt, verifySignedAt } from '../../core/hmac';
import {
  RefundRefused,
  type CheckoutState,
  type PaymentIntent,
  type PaymentProvider,
  type RefundAccepted,
  type RefundLookup,
  type RefundRequest,
  type RefundState,
  type WebhookEvent,
} from './gateway';

export const PAYMONGO_SIGNATURE_HEADER = 'Paymongo-Signature';
const PAYMONGO_API_URL = 'https://api.paymongo.com';
/** PayMongo's smallest payment (₱20), as it states it. */
const PAYMONGO_MINIMUM_CENTS = 2_000;
/** An event signed longer ago than this is refused: a replay of an old request. */
const TOLERANCE_SECONDS = 300;
/** How long PayMongo is waited for: past it, a refund's answer counts as lost (docs/wallet.md). */
const ANSWER_TIMEOUT_MS = 20_000;

/** Our top-up methods as PayMongo names them in `payment_method_types`. */
const METHOD_TYPES: Record<TopupMethod, string> = { gcash: 'gcash', maya: 'paymaya', card: 'card' };

export type PaymongoConfig = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** A `Paymongo-Signature` as PayMongo writes it: the HMAC-SHA256 of `t.body`, under `li` for a live event or `te` for a test one. */
export async function signPaymongoWebhook(secret: string, body: string, { live = false, now = new Date() } = {}): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  const signature = await signedAt(secret, t, body);
  return `t=${t},te=${live ? '' : signature},li=${live ? signature : ''}`;
}

/** A Payment as PayMongo's events and Checkout Sessions carry it: the parts this product reads. */
type PaymongoPayment = { id?: unknown; attributes?: { amount?: unknown; status?: unknown; payment_intent_id?: unknown } };

/** A Refund as PayMongo answers and sends it: the parts this product reads (`metadata` holds our ids). */
type PaymongoRefund = {
  id?: unknown;
  attributes?: { amount?: unknown; status?: unknown; payment_id?: unknown; metadata?: { refund_id?: unknown } | null };
};

/** The parts of PayMongo's event envelope this product reads. */
type PaymongoEvent = {
  data?: {
    id?: unknown;
    attributes?: {
      type?: unknown;
      livemode?: unknown;
      data?: PaymongoPayment &
        PaymongoRefund & {
          attributes?: { metadata?: { payment_id?: unknown; refund_id?: unknown } | null; payments?: PaymongoPayment[] };
        };
    };
  };
};

const paidIn = (payments: PaymongoPayment[] = []) => payments.filter((payment) => payment.attributes?.status === 'paid');

/** A Refund's status as ours: anything but done or failed (`pending`, `processing`) is under way. */
const refundStatusOf = (refund: PaymongoRefund) => {
  const status = refund.attributes?.status;
  return status === 'succeeded' || status === 'failed' ? status : 'pending';
};

/**
 * Our event for one of PayMongo's, or what to acknowledge and leave: a paid Checkout Session of ours
 * (`checkout_session.payment.paid`, which names our payment in its metadata), a declined payment
 * (`payment.failed`, which holds a Payment naming the session's payment intent), or a refund of ours
 * that moved on (`payment.refund.updated`, which holds the Refund and our metadata). Anything else,
 * such as `payment.paid` (the session's own event covers it), is acknowledged.
 */
function eventOf(envelope: PaymongoEvent): WebhookEvent | { ignored: string } {
  const attributes = envelope.data?.attributes;
  const type = String(attributes?.type ?? 'unknown');
  const resource = attributes?.data;
  const id = String(envelope.data?.id ?? '');
  // A refund made elsewhere (PayMongo's dashboard) carries no id of ours: acknowledged.
  if (type === 'payment.refund.updated' && typeof resource?.attributes?.metadata?.refund_id === 'string') {
    return {
      id,
      type: 'refund.updated',
      refundId: resource.attributes.metadata.refund_id,
      providerRefundId: String(resource.id ?? ''),
      providerPaymentId: String(resource.attributes.payment_id ?? ''),
      status: refundStatusOf(resource),
      amountCents: Number(resource.attributes.amount ?? 0),
    };
  }
  if (type === 'payment.failed' && typeof resource?.attributes?.payment_intent_id === 'string') {
    return {
      id,
      type: 'payment.failed',
      providerIntentId: resource.attributes.payment_intent_id,
      amountCents: Number(resource.attributes.amount ?? 0),
      reason: 'PayMongo reported the payment as declined.',
    };
  }
  const paymentId = resource?.attributes?.metadata?.payment_id;
  if (type !== 'checkout_session.payment.paid' || typeof paymentId !== 'string') return { ignored: type };
  const paid = paidIn(resource?.attributes?.payments);
  return {
    id,
    type: 'payment.paid',
    paymentId,
    providerRef: String(resource?.id ?? ''),
    providerPaymentId: paid[0] ? String(paid[0].id) : undefined,
    amountCents: paid.reduce((sum, payment) => sum + Number(payment.attributes?.amount ?? 0), 0),
  };
}

/** PayMongo's error answer's first detail, for the driver to read. */
async function errorDetail(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { errors?: { detail?: unknown }[] } | null;
  return String(body?.errors?.[0]?.detail ?? `PayMongo answered ${res.status}.`);
}

/** PayMongo's API as this product calls it: authorised by the secret key, waited for at most ANSWER_TIMEOUT_MS. */
type PaymongoCall = (path: string, init: { method: 'GET' } | { method: 'POST'; attributes: Record<string, unknown> }) => Promise<Response>;

function paymongoCall(config: PaymongoConfig): PaymongoCall {
  const apiUrl = (config.apiUrl || PAYMONGO_API_URL).replace(/\/+$/, '');
  const authorization = `Basic ${btoa(`${config.secretKey}:`)}`;
  return (path, init) =>
    fetch(`${apiUrl}${path}`, {
      method: init.method,
      headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: init.method === 'POST' ? JSON.stringify({ data: { attributes: init.attributes } }) : undefined,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
}

/** `POST /v1/checkout_sessions`: PayMongo's hosted page for one top-up, our payment id in its metadata. */
async function createCheckout(call: PaymongoCall, intent: PaymentIntent, appUrl: string) {
  const res = await call('/v1/checkout_sessions', {
    method: 'POST',
    attributes: {
      line_items: [{ name: 'Parkada wallet top-up', amount: intent.amountCents, currency: 'PHP', quantity: 1 }],
      payment_method_types: [METHOD_TYPES[intent.method]],
      description: intent.description,
      reference_number: intent.paymentId,
      success_url: `${appUrl}/checkout?payment=${intent.paymentId}`,
      cancel_url: `${appUrl}/wallet`,
      metadata: { payment_id: intent.paymentId },
    },
  });
  if (!res.ok) throw new Error(`PayMongo refused the Checkout Session: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as {
    data?: { id?: string; attributes?: { checkout_url?: string; payment_intent?: { id?: string } | null } };
  };
  const providerRef = session.data?.id;
  const checkoutUrl = session.data?.attributes?.checkout_url;
  if (!providerRef || !checkoutUrl?.startsWith('https://')) throw new Error('PayMongo answered a Checkout Session without its id or URL');
  return { providerRef, checkoutUrl, providerIntentId: session.data?.attributes?.payment_intent?.id };
}

/** `GET /v1/checkout_sessions/:id`: PayMongo sends no event when a session lapses, so an unsettled one is asked. */
async function checkoutState(call: PaymongoCall, providerRef: string): Promise<CheckoutState> {
  const res = await call(`/v1/checkout_sessions/${encodeURIComponent(providerRef)}`, { method: 'GET' });
  if (!res.ok) throw new Error(`PayMongo did not show the Checkout Session: ${res.status}`);
  const session = (await res.json()) as { data?: { attributes?: { status?: unknown; payments?: PaymongoPayment[] } } };
  const [paid] = paidIn(session.data?.attributes?.payments);
  if (paid) return { status: 'paid', providerPaymentId: String(paid.id), amountCents: Number(paid.attributes?.amount ?? 0) };
  return session.data?.attributes?.status === 'expired' ? { status: 'expired' } : { status: 'open' };
}

/** `POST /v1/refunds`: the whole payment back to its source, our ids in the metadata. */
async function refund(call: PaymongoCall, request: RefundRequest): Promise<RefundAccepted> {
  const res = await call('/v1/refunds', {
    method: 'POST',
    attributes: {
      amount: request.amountCents,
      payment_id: request.providerPaymentId,
      reason: 'requested_by_customer',
      notes: `Parkada wallet top-up ${request.paymentId} refunded to its source`,
      metadata: { payment_id: request.paymentId, refund_id: request.refundId },
    },
  });
  if (res.status >= 400 && res.status < 500) throw new RefundRefused(await errorDetail(res));
  if (!res.ok) throw new Error(`PayMongo did not take the refund: ${res.status}`);
  const made = ((await res.json()) as { data?: PaymongoRefund }).data ?? {};
  const status = refundStatusOf(made);
  if (status === 'failed') throw new RefundRefused('PayMongo could not refund this payment.');
  if (typeof made.id !== 'string') throw new Error('PayMongo answered a refund without its id');
  return { providerRefundId: made.id, status };
}

/**
 * `GET /v1/refunds/:id` for a refund PayMongo answered, else `GET /v1/refunds?payment_id=…` (List all
 * Refunds), ours found by the refund id our request put in its metadata.
 */
async function refundState(call: PaymongoCall, { refundId, providerPaymentId, providerRefundId }: RefundLookup): Promise<RefundState> {
  const res = await call(
    providerRefundId
      ? `/v1/refunds/${encodeURIComponent(providerRefundId)}`
      : `/v1/refunds?payment_id=${encodeURIComponent(providerPaymentId)}`,
    { method: 'GET' },
  );
  if (!res.ok) throw new Error(`PayMongo did not show the refund: ${res.status}`);
  const refunds = [((await res.json()) as { data?: PaymongoRefund | PaymongoRefund[] }).data ?? []].flat();
  const ours = refunds.find((found) =>
    providerRefundId ? found.id === providerRefundId : found.attributes?.metadata?.refund_id === refundId,
  );
  return typeof ours?.id === 'string' ? { status: refundStatusOf(ours), providerRefundId: ours.id } : { status: 'absent' };
}

/** The event of a request whose `Paymongo-Signature` verifies, fresh and of this deployment's mode; null otherwise. */
async function verifyWebhook(config: PaymongoConfig, rawBody: string, headers: Headers, now: Date) {
  const live = config.secretKey.startsWith('sk_live_');
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
}

export function createPaymongoProvider(config: PaymongoConfig): PaymentProvider {
  const call = paymongoCall(config);
  return {
    name: 'paymongo',
    sandbox: false,
    // A Checkout Session pays once: PayMongo keeps no method this product may charge again on its own.
    supportsSavedMethods: false,
    minimumCents: PAYMONGO_MINIMUM_CENTS,
    createCheckout: (intent, appUrl) => createCheckout(call, intent, appUrl),
    checkoutState: (providerRef) => checkoutState(call, providerRef),
    refund: (request) => refund(call, request),
    refundState: (lookup) => refundState(call, lookup),
    async chargeSaved() {
      throw new Error('PayMongo checkouts keep no method to charge again');
    },
    verifyWebhook: (rawBody, headers, now = new Date()) => verifyWebhook(config, rawBody, headers, now),
  };
}
