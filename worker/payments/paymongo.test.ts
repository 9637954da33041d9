/**
 * PayMongo top-ups end to end through the real provider code: its HTTP calls reach a stand-in for
 * PayMongo's API (in place of `fetch`, answering with the documented Checkout Session shapes), and
 * its webhooks are built and signed exactly as PayMongo builds and signs them.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, payments, paymentEvents } from '../db/schema';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';
import { walletOf } from '../wallet/wallet.data';
import { PAYMONGO_SIGNATURE_HEADER, signPaymongoWebhook } from './paymongo-provider';

type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
type PaymentsConfig = InferResponseType<Api['payments']['config']['$get'], 200>;

const API = 'https://paymongo.stand-in';
const SECRET_KEY = 'sk_test_parkada0000000000000000';
const WEBHOOK_SECRET = 'whsk_parkada000000000000000000';
const bindings = {
  PAYMENT_PROVIDER: 'paymongo',
  PAYMONGO_SECRET_KEY: SECRET_KEY,
  PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PAYMONGO_API_URL: API,
};

type SessionAttributes = Record<string, unknown> & { line_items: { amount: number }[]; metadata: { payment_id: string } };
/** The stand-in's record: each Checkout Session created, as PayMongo would keep it; and every request it saw. */
const sessions = new Map<string, SessionAttributes>();
const requests: { headers: Headers; body: string }[] = [];
let refuseNext = false;

/** PayMongo's `POST /v1/checkout_sessions`, as documented: basic auth with the secret key, `data.attributes` in, the session out. */
async function standIn(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  requests.push({ headers: request.headers, body: await request.clone().text() });
  const url = new URL(request.url);
  if (url.origin !== API) throw new Error(`The test reached ${url.origin}`);
  if (request.headers.get('Authorization') !== `Basic ${btoa(`${SECRET_KEY}:`)}`)
    return Response.json({ errors: [{ code: 'api_key_invalid', detail: 'API key is invalid.' }] }, { status: 401 });
  if (request.method !== 'POST' || url.pathname !== '/v1/checkout_sessions') return new Response(null, { status: 404 });
  if (refuseNext) {
    refuseNext = false;
    return Response.json({ errors: [{ code: 'parameter_invalid', detail: 'payment_method_types is invalid.' }] }, { status: 400 });
  }
  const { attributes } = ((await request.json()) as { data: { attributes: SessionAttributes } }).data;
  const id = `cs_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const session = { ...attributes, checkout_url: `https://checkout.paymongo.com/${id}`, status: 'active', livemode: false, payments: [] };
  sessions.set(id, session);
  return Response.json({ data: { id, type: 'checkout_session', attributes: session } });
}

/** The `checkout_session.payment.paid` event PayMongo sends once the session is paid, signed as PayMongo signs it. */
async function paidEvent(
  sessionId: string,
  { eventId = `evt_${crypto.randomUUID()}`, live = false, at = new Date(), secret = WEBHOOK_SECRET } = {},
) {
  const session = sessions.get(sessionId)!;
  const amount = session.line_items.reduce((sum, item) => sum + item.amount, 0);
  const payment = { id: `pay_${crypto.randomUUID()}`, type: 'payment', attributes: { amount, currency: 'PHP', status: 'paid' } };
  const body = JSON.stringify({
    data: {
      id: eventId,
      type: 'event',
      attributes: {
        type: 'checkout_session.payment.paid',
        livemode: live,
        created_at: Math.floor(at.getTime() / 1000),
        data: { id: sessionId, type: 'checkout_session', attributes: { ...session, status: 'active', payments: [payment] } },
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

const deliver = (event: { body: string; headers: Record<string, string> }) =>
  call('/api/payments/paymongo/webhook', { method: 'POST', body: event.body, headers: event.headers, bindings });

async function newDriver() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  return { user, wallet: await walletOf(db(), user.id), cookie: await signedInAs(user.id) };
}

const topUp = (cookie: string, amountCents: number, method = 'gcash') =>
  call('/api/wallet/topup', {
    method: 'POST',
    cookie,
    json: { amountCents, method },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    bindings,
  });

const balanceOf = async (userId: string) => (await walletOf(db(), userId)).balanceCents;
const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];

beforeAll(seedOnce);
beforeEach(() => {
  vi.stubGlobal('fetch', standIn);
  requests.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('a PayMongo top-up', () => {
  it('opens a Checkout Session for the amount and method, and sends the driver to it; no money moves yet', async () => {
    const { user, cookie } = await newDriver();
    const res = await topUp(cookie, 50_000, 'maya');
    expect(res.status).toBe(201);
    const payment = await res.json<Topup>();
    expect(payment).toMatchObject({ status: 'pending', provider: 'paymongo', sandbox: false, amountCents: 50_000 });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.com\/cs_/);

    const [sent] = requests;
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    const { attributes } = (JSON.parse(sent.body) as { data: { attributes: Record<string, unknown> } }).data;
    expect(attributes).toMatchObject({
      line_items: [{ name: 'Parkada wallet top-up', amount: 50_000, currency: 'PHP', quantity: 1 }],
      payment_method_types: ['paymaya'],
      reference_number: payment.id,
      success_url: `https://parkada.test/checkout?payment=${payment.id}`,
      cancel_url: 'https://parkada.test/wallet',
      metadata: { payment_id: payment.id },
    });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('credits the wallet once for a paid event, however often it is delivered, even before the driver is back', async () => {
    const { user, cookie } = await newDriver();
    const payment = await (await topUp(cookie, 25_000)).json<Topup>();
    const sessionId = (await paymentRow(payment.id)).providerRef!;
    const event = await paidEvent(sessionId);

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, status: 'credited', paymentId: payment.id });
    expect(await (await deliver(event)).json()).toMatchObject({ status: 'duplicate' });
    // A second event about the same payment (PayMongo retries under a new id too) credits nothing more.
    expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'duplicate' });

    expect(await balanceOf(user.id)).toBe(25_000);
    // The driver returns to /checkout, which reads the payment: settled already.
    expect(await (await call(`/api/payments/${payment.id}`, { cookie, bindings })).json()).toMatchObject({ status: 'succeeded' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((note) => note.type === 'PAYMENT_SUCCESS')).toHaveLength(1);
  });

  it.each([
    ['forged', { secret: 'whsk_not_the_one' }],
    ['signed over five minutes ago', { at: new Date(Date.now() - 6 * 60_000) }],
    ['from live mode on test keys', { live: true }],
  ])('refuses an event %s with 401 and changes nothing', async (_case, options) => {
    const { user, cookie } = await newDriver();
    const payment = await (await topUp(cookie, 25_000)).json<Topup>();
    const res = await deliver(await paidEvent((await paymentRow(payment.id)).providerRef!, options));
    expect(res.status).toBe(401);
    expect((await res.json<ApiErrorBody>()).message).toBe('Invalid webhook signature.');
    expect(await balanceOf(user.id)).toBe(0);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toEqual([]);
  });

  it('acknowledges a verified event it does not act on, and a body whose signature was made for another', async () => {
    const body = JSON.stringify({
      data: { id: 'evt_other', type: 'event', attributes: { type: 'payment.failed', livemode: false, data: {} } },
    });
    const signed = { 'Content-Type': 'application/json', [PAYMONGO_SIGNATURE_HEADER]: await signPaymongoWebhook(WEBHOOK_SECRET, body) };
    const res = await deliver({ body, headers: signed });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, status: 'ignored', event: 'payment.failed' });
    const tampered = await deliver({ body: body.replace('payment.failed', 'checkout_session.payment.paid'), headers: signed });
    expect(tampered.status).toBe(401);
  });

  it('states PayMongo’s ₱20 minimum, refuses less with 400, and takes no money when PayMongo refuses the session', async () => {
    const { user, cookie } = await newDriver();
    const config = await (await call('/api/payments/config', { cookie, bindings })).json<PaymentsConfig>();
    expect(config).toMatchObject({
      available: true,
      provider: 'paymongo',
      sandbox: false,
      supportsSavedMethods: false,
      minimumCents: 2_000,
    });
    const small = await topUp(cookie, 1_900);
    expect(small.status).toBe(400);
    expect((await small.json<ApiErrorBody>()).message).toBe('A top-up is at least ₱20.00.');
    expect(requests).toEqual([]);

    refuseNext = true;
    const refused = await topUp(cookie, 5_000);
    expect(refused.status).toBe(502);
    const [row] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(row).toMatchObject({ status: 'failed', checkoutUrl: null });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('is not offered without both of its secrets', async () => {
    const partial = { ...bindings, PAYMONGO_WEBHOOK_SECRET: undefined };
    const { cookie } = await newDriver();
    expect(await (await call('/api/payments/config', { cookie, bindings: partial })).json()).toMatchObject({ available: false });
    expect(env.PAYMENT_PROVIDER).toBe('sandbox');
  });
});
