/**
 * PayMongo top-ups end to end through the real provider code: its HTTP calls reach a stand-in for
 * PayMongo's API (in place of `fetch`, answering with the documented Checkout Session shapes), and
 * its webhooks are built and signed exactly as PayMongo builds and signs them.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { describe, expect, it, vi } from 'vitest';
import { notifications, payments, paymentEvents } from '../db/schema';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db } from '../test/helpers';
import { CHECKOUT_LIFE_MS } from '../../core/wallet';
import {
  attemptPayment,
  balanceOf,
  bindings,
  deliver,
  expireSession,
  failedEvent,
  newDriver,
  paidEvent,
  paymentRow,
  paymongo,
  standInForPaymongo,
  topUp,
  WEBHOOK_SECRET,
} from '../test/paymongo-stand-in';
import { PAYMONGO_SIGNATURE_HEADER, signPaymongoWebhook } from './paymongo-provider';

type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
type PaymentsConfig = InferResponseType<Api['payments']['config']['$get'], 200>;
type Detail = InferResponseType<Api['payments'][':id']['$get'], 200>;

const noticesOf = async (userId: string, type: 'PAYMENT_SUCCESS' | 'PAYMENT_FAILED') =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId)))
    .filter((note) => note.type === type)
    .map((note) => note.title);

standInForPaymongo();

describe('a PayMongo top-up', () => {
  it('opens a Checkout Session for the amount and method, and sends the driver to it; no money moves yet', async () => {
    const { user, cookie } = await newDriver();
    const res = await topUp(cookie, 50_000, 'maya');
    expect(res.status).toBe(201);
    const payment = await res.json<Topup>();
    expect(payment).toMatchObject({ status: 'pending', provider: 'paymongo', sandbox: false, amountCents: 50_000 });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.com\/cs_/);

    const [sent] = paymongo.requests;
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
    // The PayMongo payment that paid it is kept: a refund to the source names it.
    const [paid] = paymongo.sessions.get(sessionId)!.payments;
    expect((await paymentRow(payment.id)).providerPaymentId).toBe(paid.id);
    // The driver returns to /checkout, which reads the payment: settled already.
    expect(await (await call(`/api/payments/${payment.id}`, { cookie, bindings })).json()).toMatchObject({ status: 'succeeded' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((note) => note.type === 'PAYMENT_SUCCESS')).toHaveLength(1);
  });

  it('sets a declined top-up failed with its reason and tells the driver once, however often PayMongo says so', async () => {
    const { user, cookie } = await newDriver();
    const payment = await (await topUp(cookie, 25_000, 'card')).json<Topup>();
    const sessionId = (await paymentRow(payment.id)).providerRef!;
    const declined = await failedEvent(attemptPayment(sessionId, 'failed'));

    expect(await (await deliver(declined)).json()).toEqual({ received: true, status: 'failed', paymentId: payment.id });
    expect(await (await deliver(declined)).json()).toMatchObject({ status: 'duplicate' });
    // The payer tried again on the same page and was declined again: still one notice.
    expect(await (await deliver(await failedEvent(attemptPayment(sessionId, 'failed')))).json()).toMatchObject({ status: 'failed' });

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'failed', failureReason: 'PayMongo reported the payment as declined.' });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await noticesOf(user.id, 'PAYMENT_FAILED')).toEqual(['Top-up Failed']);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(2);

    // A later attempt on the same Checkout Session that PayMongo captures is still credited.
    expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'credited' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(await balanceOf(user.id)).toBe(25_000);
  });

  it('acknowledges a declined payment that is not of our Checkout Sessions, and refuses one whose amount differs', async () => {
    const { cookie } = await newDriver();
    const payment = await (await topUp(cookie, 25_000)).json<Topup>();
    const attempt = attemptPayment((await paymentRow(payment.id)).providerRef!, 'failed');
    const strangers = { ...attempt, attributes: { ...attempt.attributes, payment_intent_id: 'pi_of_another_integration' } };
    expect((await deliver(await failedEvent(strangers))).status).toBe(404);
    const altered = { ...attempt, attributes: { ...attempt.attributes, amount: 1 } };
    expect((await deliver(await failedEvent(altered))).status).toBe(400);
    expect((await paymentRow(payment.id)).status).toBe('pending');
  });

  describe('whose Checkout Session outlives its life unsettled (PayMongo sends no event for that)', () => {
    /** The top-up opened longer ago than a checkout lives. */
    const age = (id: string) =>
      db()
        .update(payments)
        .set({ createdAt: new Date(Date.now() - CHECKOUT_LIFE_MS - 60_000).toISOString() })
        .where(eq(payments.id, id));
    const read = async (cookie: string, id: string) => (await call(`/api/payments/${id}`, { cookie, bindings })).json<Detail>();

    it('is expired when the driver’s page reads it, once, after asking PayMongo how the session stands', async () => {
      const { user, cookie } = await newDriver();
      const payment = await (await topUp(cookie, 25_000)).json<Topup>();
      const sessionId = (await paymentRow(payment.id)).providerRef!;
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'pending' });
      expect(paymongo.sent(`GET /v1/checkout_sessions/${sessionId}`)).toEqual([]);

      await age(payment.id);
      expireSession(sessionId);
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'expired', failureReason: 'The checkout was not completed in time.' });
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'expired' });
      expect(paymongo.sent(`GET /v1/checkout_sessions/${sessionId}`)).toHaveLength(1);
      expect(await noticesOf(user.id, 'PAYMENT_FAILED')).toEqual(['Top-up Expired']);
      expect(await balanceOf(user.id)).toBe(0);

      // Paid after all (PayMongo kept the page open longer than we waited): the money is still credited.
      expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'credited' });
      expect(await balanceOf(user.id)).toBe(25_000);
    });

    it('is credited when PayMongo shows it paid though no event reached us, and the late event is a duplicate', async () => {
      const { user, cookie } = await newDriver();
      const payment = await (await topUp(cookie, 25_000)).json<Topup>();
      const sessionId = (await paymentRow(payment.id)).providerRef!;
      await age(payment.id);
      const paid = attemptPayment(sessionId, 'paid');
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'succeeded' });
      expect(await paymentRow(payment.id)).toMatchObject({ providerPaymentId: paid.id });
      expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'duplicate' });
      expect(await balanceOf(user.id)).toBe(25_000);
      expect(await noticesOf(user.id, 'PAYMENT_SUCCESS')).toEqual(['Top-up Successful']);
    });

    it('stays pending while PayMongo does not answer, and is asked again on the next read', async () => {
      const { cookie } = await newDriver();
      const payment = await (await topUp(cookie, 25_000)).json<Topup>();
      await age(payment.id);
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'pending' });
      vi.stubGlobal('fetch', paymongo.fetch);
      expireSession((await paymentRow(payment.id)).providerRef!);
      expect(await read(cookie, payment.id)).toMatchObject({ status: 'expired' });
    });
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
      data: { id: 'evt_other', type: 'event', attributes: { type: 'source.chargeable', livemode: false, data: {} } },
    });
    const signed = { 'Content-Type': 'application/json', [PAYMONGO_SIGNATURE_HEADER]: await signPaymongoWebhook(WEBHOOK_SECRET, body) };
    const res = await deliver({ body, headers: signed });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, status: 'ignored', event: 'source.chargeable' });
    const tampered = await deliver({ body: body.replace('source.chargeable', 'checkout_session.payment.paid'), headers: signed });
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
    expect(paymongo.requests).toEqual([]);

    paymongo.refusesNextCheckout = true;
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
