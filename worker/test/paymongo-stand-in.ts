/**
 * A stand-in for PayMongo's API, put in place of `fetch` (`vi.stubGlobal('fetch', paymongo.fetch)`):
 * it answers with the request and response shapes PayMongo documents (Checkout Sessions, Refunds,
 * its `{ errors: [{ code, detail }] }` refusals), keeps what it made, and builds the events PayMongo
 * sends, signed as PayMongo signs them (`signPaymongoWebhook`).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { payments } from '../db/schema';
import { PAYMONGO_SIGNATURE_HEADER, signPaymongoWebhook } from '../payments/paymongo-provider';
import { walletOf } from '../wallet/wallet.data';
import { call, db, seedOnce, signedInDriver } from './helpers';

const API = 'https://paymongo.stand-in';
const SECRET_KEY = 'sk_test_parkada0000000000000000';
export const WEBHOOK_SECRET = 'whsk_parkada000000000000000000';
export const bindings = {
  PAYMENT_PROVIDER: 'paymongo',
  PAYMONGO_SECRET_KEY: SECRET_KEY,
  PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PAYMONGO_API_URL: API,
};

const idOf = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** A Payment resource as PayMongo's events and sessions carry it. */
export type StandInPayment = {
  id: string;
  type: 'payment';
  attributes: { amount: number; currency: 'PHP'; status: 'paid' | 'failed'; description: string; payment_intent_id: string };
};
/** A Refund resource as PayMongo answers, lists and sends it. */
export type StandInRefund = {
  id: string;
  type: 'refund';
  attributes: Record<string, unknown> & {
    amount: number;
    payment_id: string;
    status: 'pending' | 'succeeded' | 'failed';
    metadata: { payment_id: string; refund_id: string };
  };
};
type Session = Record<string, unknown> & {
  line_items: { amount: number }[];
  description: string;
  metadata: { payment_id: string };
  payment_intent: { id: string };
  status: 'active' | 'expired';
  payments: StandInPayment[];
};

/** The stand-in's record of what it was asked and what it made, and how it answers the next refund. */
export const paymongo = {
  sessions: new Map<string, Session>(),
  refunds: new Map<string, StandInRefund>(),
  requests: [] as { method: string; path: string; headers: Headers; body: string }[],
  refusesNextCheckout: false,
  /**
   * `accept` (a pending refund, as PayMongo answers), `refuse` (a 400), `silent` (the network fails
   * before PayMongo has it), `unavailable` (a 503, nothing made), or `lost` (PayMongo makes the refund
   * and the network loses its answer).
   */
  nextRefund: 'accept' as 'accept' | 'refuse' | 'silent' | 'unavailable' | 'lost',
  /** Whether PayMongo answers look-ups (`GET /v1/refunds…`); a 503 when not. */
  showsRefunds: true,
  /** Runs while a refund request is with PayMongo, before it answers (what else happens meanwhile). */
  whileRefunding: null as null | (() => Promise<void>),
  reset() {
    this.requests.length = 0;
    this.refusesNextCheckout = false;
    this.nextRefund = 'accept';
    this.showsRefunds = true;
    this.whileRefunding = null;
  },
  fetch: standIn,
  /** The requests to one endpoint, e.g. `POST /v1/refunds`. */
  sent(endpoint: string) {
    return this.requests.filter((request) => `${request.method} ${request.path}` === endpoint);
  },
};

/** A test file's PayMongo: the stand-in in place of `fetch` for each test, reset between them. */
export function standInForPaymongo() {
  beforeAll(seedOnce);
  beforeEach(() => {
    vi.stubGlobal('fetch', paymongo.fetch);
    paymongo.reset();
  });
  afterEach(() => vi.unstubAllGlobals());
}

const refusal = (status: number, code: string, detail: string) => Response.json({ errors: [{ code, detail }] }, { status });

async function standIn(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  paymongo.requests.push({ method: request.method, path: url.pathname, headers: request.headers, body: await request.clone().text() });
  if (url.origin !== API) throw new Error(`The test reached ${url.origin}`);
  if (request.headers.get('Authorization') !== `Basic ${btoa(`${SECRET_KEY}:`)}`)
    return refusal(401, 'api_key_invalid', 'API key is invalid.');
  const session = /^\/v1\/checkout_sessions\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'GET' && session) {
    const found = paymongo.sessions.get(session[1]);
    return found
      ? Response.json({ data: { id: session[1], type: 'checkout_session', attributes: found } })
      : refusal(404, 'resource_not_found', `Checkout Session with id ${session[1]} cannot be found.`);
  }
  if (request.method === 'POST' && url.pathname === '/v1/checkout_sessions') return createSession(request);
  if (request.method === 'POST' && url.pathname === '/v1/refunds') return createRefund(request);
  if (request.method === 'GET' && url.pathname.startsWith('/v1/refunds')) return showRefunds(url);
  return new Response(null, { status: 404 });
}

async function createSession(request: Request) {
  if (paymongo.refusesNextCheckout) {
    paymongo.refusesNextCheckout = false;
    return refusal(400, 'parameter_invalid', 'payment_method_types is invalid.');
  }
  const { attributes } = ((await request.json()) as { data: { attributes: Session } }).data;
  const id = idOf('cs');
  const amount = attributes.line_items.reduce((sum, item) => sum + item.amount, 0);
  const intent = {
    id: idOf('pi'),
    type: 'payment_intent',
    attributes: { amount, currency: 'PHP', status: 'awaiting_payment_method', livemode: false },
  };
  const created: Session = {
    ...attributes,
    checkout_url: `https://checkout.paymongo.com/${id}`,
    status: 'active',
    livemode: false,
    payment_intent: intent,
    payments: [],
  };
  paymongo.sessions.set(id, created);
  return Response.json({ data: { id, type: 'checkout_session', attributes: created } });
}

async function createRefund(request: Request) {
  await paymongo.whileRefunding?.();
  if (paymongo.nextRefund === 'silent') throw new TypeError('fetch failed');
  if (paymongo.nextRefund === 'unavailable') return refusal(503, 'service_unavailable', 'The service is temporarily unavailable.');
  if (paymongo.nextRefund === 'refuse') return refusal(400, 'resource_failed_state', 'The payment cannot be refunded at this time.');
  const { attributes } = ((await request.json()) as { data: { attributes: StandInRefund['attributes'] } }).data;
  const now = Math.floor(Date.now() / 1000);
  const refund: StandInRefund = {
    id: idOf('ref'),
    type: 'refund',
    attributes: { ...attributes, currency: 'PHP', livemode: false, payout_id: null, status: 'pending', created_at: now, updated_at: now },
  };
  paymongo.refunds.set(refund.id, refund);
  if (paymongo.nextRefund === 'lost') throw new TypeError('fetch failed');
  return Response.json({ data: refund });
}

/** Retrieve a Refund (`GET /v1/refunds/:id`) and List all Refunds of a payment (`GET /v1/refunds?payment_id=…`). */
function showRefunds(url: URL) {
  if (!paymongo.showsRefunds) return refusal(503, 'service_unavailable', 'The service is temporarily unavailable.');
  const one = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
  if (one) {
    const found = paymongo.refunds.get(one[1]);
    return found ? Response.json({ data: found }) : refusal(404, 'resource_not_found', `Refund with id ${one[1]} cannot be found.`);
  }
  const paymentId = url.searchParams.get('payment_id');
  if (url.pathname !== '/v1/refunds' || !paymentId) return refusal(400, 'parameter_required', 'payment_id is required.');
  return Response.json({
    has_more: false,
    data: [...paymongo.refunds.values()].filter((refund) => refund.attributes.payment_id === paymentId),
  });
}

/** PayMongo settling a refund it holds: done or failed (it then sends `payment.refund.updated`). */
export function settleRefund(id: string, status: 'succeeded' | 'failed') {
  const refund = paymongo.refunds.get(id)!;
  refund.attributes = { ...refund.attributes, status, updated_at: Math.floor(Date.now() / 1000) };
  return refund;
}

/** The one refund PayMongo made of a payment (`pay_…`). */
export const refundMadeOf = (providerPaymentId: string) =>
  [...paymongo.refunds.values()].find((refund) => refund.attributes.payment_id === providerPaymentId);

const amountOf = (session: Session) => session.line_items.reduce((sum, item) => sum + item.amount, 0);

/** A payment attempt on the session, as PayMongo records it (a paid one is listed in the session's `payments`). */
export function attemptPayment(sessionId: string, status: 'paid' | 'failed'): StandInPayment {
  const session = paymongo.sessions.get(sessionId)!;
  const payment: StandInPayment = {
    id: idOf('pay'),
    type: 'payment',
    attributes: {
      amount: amountOf(session),
      currency: 'PHP',
      status,
      description: session.description,
      payment_intent_id: session.payment_intent.id,
    },
  };
  if (status === 'paid') session.payments.push(payment);
  return payment;
}

/** The session lapsing unpaid: PayMongo shows it `expired` and sends no event. */
export const expireSession = (sessionId: string) => {
  paymongo.sessions.get(sessionId)!.status = 'expired';
};

type Signing = { eventId?: string; live?: boolean; at?: Date; secret?: string };

/** An event as PayMongo POSTs it: `data.attributes.data` the resource, signed in `Paymongo-Signature`. */
async function event(
  type: string,
  resource: unknown,
  { eventId = `evt_${crypto.randomUUID()}`, live = false, at = new Date(), secret = WEBHOOK_SECRET }: Signing,
) {
  const body = JSON.stringify({
    data: {
      id: eventId,
      type: 'event',
      attributes: {
        type,
        livemode: live,
        created_at: Math.floor(at.getTime() / 1000),
        updated_at: Math.floor(at.getTime() / 1000),
        data: resource,
      },
    },
  });
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      [PAYMONGO_SIGNATURE_HEADER]: await signPaymongoWebhook(secret, body, { live, now: at }),
    },
  };
}

/** `checkout_session.payment.paid`, once the session is paid (it holds the session, with its paid payment). */
export function paidEvent(sessionId: string, signing: Signing = {}) {
  const session = paymongo.sessions.get(sessionId)!;
  if (session.payments.length === 0) attemptPayment(sessionId, 'paid');
  return event('checkout_session.payment.paid', { id: sessionId, type: 'checkout_session', attributes: session }, signing);
}

/** `payment.failed`: the issuer or acquirer declined an attempt (it holds the Payment). */
export const failedEvent = (payment: StandInPayment, signing: Signing = {}) => event('payment.failed', payment, signing);

/** `payment.refund.updated`: a refund's status changed (it holds the Refund). */
export const refundUpdatedEvent = (refund: StandInRefund, signing: Signing = {}) => event('payment.refund.updated', refund, signing);

export const deliver = (sent: { body: string; headers: Record<string, string> }) =>
  call('/api/payments/paymongo/webhook', { method: 'POST', body: sent.body, headers: sent.headers, bindings });

export async function newDriver() {
  const driver = await signedInDriver();
  return { ...driver, wallet: await walletOf(db(), driver.user.id) };
}

/** The driver starting a top-up through the API (a Checkout Session at the stand-in). */
export const topUp = (cookie: string, amountCents: number, method = 'gcash') =>
  call('/api/wallet/topup', {
    method: 'POST',
    cookie,
    json: { amountCents, method },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    bindings,
  });

export const balanceOf = async (userId: string) => (await walletOf(db(), userId)).balanceCents;
export const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
