/**
 * Refunds of unspent top-ups to their GCash, Maya or card: POST /api/wallet/topups/:paymentId/refund
 * through the real PayMongo provider code against the stand-in for PayMongo's API (and once through
 * the sandbox, which local runs use); then how a refund whose answer was lost, or one under way,
 * settles: asked again when its top-up is read or by the daily Cron, or told by PayMongo's event.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../core/time';
import { REFUND_BEING_CONFIRMED, REFUND_CONFIRMATION_GRACE_MS } from '../../core/wallet';
import worker from '../index';
import { notifications, payments, topupRefunds, walletTransactions } from '../db/schema';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db } from '../test/helpers';
import {
  balanceOf,
  bindings,
  deliver,
  newDriver,
  paidEvent,
  paymentRow,
  paymongo,
  refundMadeOf,
  refundUpdatedEvent,
  settleRefund,
  standInForPaymongo,
  topUp,
} from '../test/paymongo-stand-in';
import { payFromWallet } from '../wallet/wallet.service';
import { confirmUnsettledRefunds } from './refund-settlement';

type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
type Refund = InferResponseType<Api['wallet']['topups'][':paymentId']['refund']['$post'], 201>;
type BeingConfirmed = InferResponseType<Api['wallet']['topups'][':paymentId']['refund']['$post'], 202>;
type Detail = InferResponseType<Api['payments'][':id']['$get'], 200>;
type Driver = Awaited<ReturnType<typeof newDriver>>;

/** A top-up paid through PayMongo's checkout (its paid event delivered): the wallet is credited. */
async function paidTopup(driver: Driver, amountCents: number, method = 'gcash') {
  const payment = await (await topUp(driver.cookie, amountCents, method)).json<Topup>();
  const sessionId = (await paymentRow(payment.id)).providerRef!;
  expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'credited' });
  return (await paymentRow(payment.id))!;
}

const refund = (cookie: string, paymentId: string, key: string = crypto.randomUUID(), env: Partial<typeof bindings> = bindings) =>
  call(`/api/wallet/topups/${paymentId}/refund`, { method: 'POST', cookie, headers: { 'Idempotency-Key': key }, bindings: env });

const ledgerOf = (walletId: string) => db().select().from(walletTransactions).where(eq(walletTransactions.walletId, walletId));
const shownRows = async (cookie: string) =>
  (await (await call('/api/wallet/transactions', { cookie, bindings })).json<{ items: { id: string; type: string }[] }>()).items;
const noticesTitled = async (userId: string, title: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((note) => note.title === title);
const refundNotices = (userId: string) => noticesTitled(userId, 'Top-up Refunded');
const failureNotices = (userId: string) => noticesTitled(userId, 'Top-up Refund Not Made');
const detail = async (cookie: string, id: string) => (await call(`/api/payments/${id}`, { cookie, bindings })).json<Detail>();
/** The ledger rows that put a refund's money back (keyed `…:returned`). */
const returnedRows = async (walletId: string) =>
  (await ledgerOf(walletId)).filter((row) => row.type === 'TOPUP_REFUND' && row.idempotencyKey?.endsWith(':returned'));
const attemptOf = async (paymentId: string) => (await db().select().from(topupRefunds).where(eq(topupRefunds.paymentId, paymentId)))[0];
/** The attempt as if asked for longer ago than the grace. */
const agePastGrace = (refundId: string) =>
  db()
    .update(topupRefunds)
    .set({ createdAt: new Date(Date.now() - REFUND_CONFIRMATION_GRACE_MS - 1_000).toISOString() })
    .where(eq(topupRefunds.id, refundId));

/** A refund asked for while PayMongo's answer is lost (`lost`: it made the refund; `silent`, `unavailable`: it did not). */
async function refundWithoutAnswer(driver: Driver, paymentId: string, answer: 'lost' | 'silent' | 'unavailable') {
  paymongo.nextRefund = answer;
  const res = await refund(driver.cookie, paymentId);
  expect(res.status).toBe(202);
  paymongo.nextRefund = 'accept';
  return res.json<BeingConfirmed>();
}

standInForPaymongo();

describe('a refund of a top-up to its source', () => {
  it('asks PayMongo to refund the whole payment, debits the wallet once, and tells the driver', async () => {
    const driver = await newDriver();
    const topup = await paidTopup(driver, 50_000, 'gcash');
    const key = crypto.randomUUID();

    const res = await refund(driver.cookie, topup.id, key);
    expect(res.status).toBe(201);
    const made = await res.json<Refund>();
    expect(made).toMatchObject({ paymentId: topup.id, status: 'pending', amountCents: 50_000, to: 'GCash' });
    expect(made.providerRefundId).toMatch(/^ref_/);

    const [sent] = paymongo.sent('POST /v1/refunds');
    expect(sent.headers.get('Authorization')).toBe(`Basic ${btoa(`${bindings.PAYMONGO_SECRET_KEY}:`)}`);
    expect(JSON.parse(sent.body)).toEqual({
      data: {
        attributes: {
          amount: 50_000,
          payment_id: topup.providerPaymentId,
          reason: 'requested_by_customer',
          notes: `Parkada wallet top-up ${topup.id} refunded to its source`,
          metadata: { payment_id: topup.id, refund_id: made.id },
        },
      },
    });
    expect(await balanceOf(driver.user.id)).toBe(0);
    const rows = (await ledgerOf(driver.wallet.id)).filter((row) => row.type === 'TOPUP_REFUND');
    expect(rows).toEqual([
      expect.objectContaining({ amountCents: -50_000, paymentReference: made.id, idempotencyKey: `topup-refund:${made.id}` }),
    ]);
    expect(await refundNotices(driver.user.id)).toHaveLength(1);
    expect((await shownRows(driver.cookie)).map((row) => row.type)).toEqual(['TOPUP_REFUND', 'TOPUP']);

    // Sent again under the same key: the same refund, nothing asked of PayMongo, nothing debited.
    const again = await refund(driver.cookie, topup.id, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(made);
    expect(paymongo.sent('POST /v1/refunds')).toHaveLength(1);
    expect(await balanceOf(driver.user.id)).toBe(0);

    // The top-up's page shows the refund, and that it cannot be refunded again.
    expect(await detail(driver.cookie, topup.id)).toMatchObject({
      refund: { id: made.id, status: 'pending', to: 'GCash' },
      refundable: { eligible: false, reason: 'refunded' },
    });
  });

  it('changes nothing the driver sees when PayMongo refuses it (a 4xx), and can be asked again', async () => {
    const reason = 'The payment cannot be refunded at this time.';
    const driver = await newDriver();
    const topup = await paidTopup(driver, 30_000, 'maya');
    const before = await shownRows(driver.cookie);
    paymongo.nextRefund = 'refuse';

    const res = await refund(driver.cookie, topup.id);
    expect(res.status).toBe(502);
    expect((await res.json<ApiErrorBody>()).message).toBe(
      `The refund did not go through: ${reason} Nothing was refunded and your balance is unchanged.`,
    );
    expect(paymongo.sent('POST /v1/refunds')).toHaveLength(1);
    expect(await balanceOf(driver.user.id)).toBe(30_000);
    expect(await shownRows(driver.cookie)).toEqual(before);
    const month = new Date().toISOString().slice(0, 7);
    const statement = await (await call(`/api/wallet/statement?month=${month}`, { cookie: driver.cookie, bindings })).json<{
      rows: { type: string }[];
      closingCents: number;
    }>();
    expect(statement.rows.map((row) => row.type)).toEqual(['TOPUP']);
    expect(statement.closingCents).toBe(30_000);
    expect(await refundNotices(driver.user.id)).toEqual([]);
    expect(await failureNotices(driver.user.id)).toEqual([]);
    expect(await attemptOf(topup.id)).toMatchObject({ status: 'refused', failureReason: reason });
    expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: null, refundable: { eligible: true } });

    paymongo.nextRefund = 'accept';
    expect((await refund(driver.cookie, topup.id)).status).toBe(201);
    expect(await balanceOf(driver.user.id)).toBe(0);
  });

  describe('refuses with a 4xx, asks nothing of PayMongo and changes nothing', () => {
    const refusedWith = async (driver: Driver, paymentId: string, status: number, message: string | RegExp) => {
      const balance = await balanceOf(driver.user.id);
      const rows = (await ledgerOf(driver.wallet.id)).length;
      const res = await refund(driver.cookie, paymentId);
      expect(res.status).toBe(status);
      expect((await res.json<ApiErrorBody>()).message).toMatch(message);
      expect(paymongo.sent('POST /v1/refunds')).toEqual([]);
      expect(await balanceOf(driver.user.id)).toBe(balance);
      expect(await ledgerOf(driver.wallet.id)).toHaveLength(rows);
    };

    it('a top-up partly spent', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 20_000);
      const spent = await payFromWallet(db(), {
        userId: driver.user.id,
        reservationId: null,
        amountCents: 5_000,
        description: 'Parking',
        idempotencyKey: `test:${crypto.randomUUID()}`,
      });
      expect(spent.ok).toBe(true);
      await refusedWith(
        driver,
        topup.id,
        409,
        'Part of this top-up was spent: your wallet holds ₱150.00, less than the ₱200.00 to refund.',
      );
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refundable: { eligible: false, reason: 'spent' } });
    });

    it('another driver’s top-up, as if it did not exist', async () => {
      const owner = await newDriver();
      const topup = await paidTopup(owner, 20_000);
      await refusedWith(await newDriver(), topup.id, 404, 'Top-up not found');
      expect(await balanceOf(owner.user.id)).toBe(20_000);
    });

    it('a top-up still pending, or failed', async () => {
      const driver = await newDriver();
      const pending = await (await topUp(driver.cookie, 20_000)).json<Topup>();
      await refusedWith(driver, pending.id, 409, 'Only a completed top-up can be refunded; this one is pending.');
      await db().update(payments).set({ status: 'failed' }).where(eq(payments.id, pending.id));
      await refusedWith(driver, pending.id, 409, 'Only a completed top-up can be refunded; this one is failed.');
    });

    it('a second refund of the same top-up', async () => {
      const driver = await newDriver();
      const first = await paidTopup(driver, 20_000);
      await paidTopup(driver, 20_000);
      expect((await refund(driver.cookie, first.id)).status).toBe(201);
      paymongo.reset();
      await refusedWith(driver, first.id, 409, /^This top-up was already refunded to your GCash on /);
    });

    it.each([
      ['card', 60],
      ['gcash', 180],
      ['maya', 365],
    ])('a %s top-up paid more than %i days ago (PayMongo’s window)', async (method, days) => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 20_000, method);
      const paidAt = (daysAgo: number) =>
        db()
          .update(payments)
          .set({ completedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
          .where(eq(payments.id, topup.id));
      await paidAt(days + 0.01);
      await refusedWith(driver, topup.id, 409, /can be refunded within \d+ days of payment; this one is older\.$/);
      await paidAt(days - 0.01);
      expect((await refund(driver.cookie, topup.id)).status).toBe(201);
    });

    it('a request without its Idempotency-Key, or naming no top-up', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 20_000);
      const keyless = await call(`/api/wallet/topups/${topup.id}/refund`, { method: 'POST', cookie: driver.cookie, bindings });
      expect(keyless.status).toBe(400);
      await refusedWith(driver, 'not-an-id', 400, 'Unknown top-up id');
    });
  });

  describe('beside a spend of the same money', () => {
    const spendAll = (driver: Driver) =>
      payFromWallet(db(), {
        userId: driver.user.id,
        reservationId: null,
        amountCents: 10_000,
        description: 'Parking',
        idempotencyKey: `test:${crypto.randomUUID()}`,
      });

    it('a spend while PayMongo is being asked finds the money already gone', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 10_000);
      let spent: Awaited<ReturnType<typeof spendAll>> | undefined;
      paymongo.whileRefunding = async () => {
        spent = await spendAll(driver);
      };
      expect((await refund(driver.cookie, topup.id)).status).toBe(201);
      expect(spent).toMatchObject({ ok: false, reason: 'insufficient_funds', balanceCents: 0 });
      expect(await balanceOf(driver.user.id)).toBe(0);
    });

    it('a refund after the spend is refused before PayMongo is asked', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 10_000);
      expect((await spendAll(driver)).ok).toBe(true);
      expect((await refund(driver.cookie, topup.id)).status).toBe(409);
      expect(paymongo.sent('POST /v1/refunds')).toEqual([]);
    });

    it.each([0, 1, 3, 8, 15, 30])('never both go through, the spend starting %i ms after the refund', async (delayMs) => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 10_000);
      const later = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(() => spendAll(driver));
      const [refunded, spent] = await Promise.all([refund(driver.cookie, topup.id), later]);
      expect(refunded.status === 201).toBe(!spent.ok);
      // PayMongo is asked only for money the wallet still held.
      expect(paymongo.sent('POST /v1/refunds')).toHaveLength(spent.ok ? 0 : 1);
      expect(await balanceOf(driver.user.id)).toBe(0);
    });
  });

  it('is made once when the driver asks twice at the same moment', async () => {
    const driver = await newDriver();
    const topup = await paidTopup(driver, 20_000);
    await paidTopup(driver, 20_000);
    const statuses = (await Promise.all([refund(driver.cookie, topup.id), refund(driver.cookie, topup.id)])).map((res) => res.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(paymongo.sent('POST /v1/refunds')).toHaveLength(1);
    expect(await balanceOf(driver.user.id)).toBe(20_000);
  });

  it('works with the sandbox gateway of local runs', async () => {
    vi.unstubAllGlobals();
    const driver = await newDriver();
    const sandbox = { PAYMENT_PROVIDER: 'sandbox' };
    const started = await call('/api/wallet/topup', {
      method: 'POST',
      cookie: driver.cookie,
      json: { amountCents: 20_000, method: 'card' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      bindings: sandbox,
    });
    const { id } = await started.json<Topup>();
    await call(`/api/payments/sandbox/${id}/approve`, { method: 'POST', cookie: driver.cookie, bindings: sandbox });
    const res = await refund(driver.cookie, id, crypto.randomUUID(), sandbox);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'succeeded', to: 'card' });
    expect(await balanceOf(driver.user.id)).toBe(0);
  });

  describe('when PayMongo’s answer is lost', () => {
    it('holds the money while it is confirmed, and settles it as PayMongo made it, debited once', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 40_000);
      const key = crypto.randomUUID();
      paymongo.nextRefund = 'lost';
      const res = await refund(driver.cookie, topup.id, key);
      expect(res.status).toBe(202);
      const held = await res.json<BeingConfirmed>();
      expect(held).toMatchObject({ status: 'requested', providerRefundId: null, to: 'GCash', message: REFUND_BEING_CONFIRMED });
      expect(await balanceOf(driver.user.id)).toBe(0);
      expect(await refundNotices(driver.user.id)).toEqual([]);

      // The same key again: the same answer, nothing asked of PayMongo.
      const again = await refund(driver.cookie, topup.id, key);
      expect(again.status).toBe(202);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(paymongo.sent('POST /v1/refunds')).toHaveLength(1);

      // Its page asks PayMongo, which lists the refund under the payment with our id in its metadata.
      const made = refundMadeOf(topup.providerPaymentId!)!;
      expect(made.attributes.metadata).toEqual({ payment_id: topup.id, refund_id: held.id });
      expect(await detail(driver.cookie, topup.id)).toMatchObject({
        refund: { id: held.id, status: 'pending', providerRefundId: made.id },
      });
      expect(paymongo.sent('GET /v1/refunds')).toHaveLength(1);
      expect(await refundNotices(driver.user.id)).toHaveLength(1);

      // Done at PayMongo: the next read retrieves it by its id.
      settleRefund(made.id, 'succeeded');
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: { status: 'succeeded' }, refundable: { reason: 'refunded' } });
      expect(paymongo.sent(`GET /v1/refunds/${made.id}`)).toHaveLength(1);
      await detail(driver.cookie, topup.id);
      expect(paymongo.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v1/refunds'))).toHaveLength(2);

      expect(await balanceOf(driver.user.id)).toBe(0);
      expect((await ledgerOf(driver.wallet.id)).filter((row) => row.type === 'TOPUP_REFUND')).toEqual([
        expect.objectContaining({ amountCents: -40_000 }),
      ]);
      expect(await refundNotices(driver.user.id)).toHaveLength(1);
      expect(await failureNotices(driver.user.id)).toEqual([]);
    });

    it.each([
      ['the network fails', 'silent' as const],
      ['PayMongo answers 503', 'unavailable' as const],
    ])('gives the money back once, after the grace, when %s before PayMongo had it', async (_case, answer) => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 25_000, 'card');
      const held = await refundWithoutAnswer(driver, topup.id, answer);
      expect(await balanceOf(driver.user.id)).toBe(0);

      // Within the grace PayMongo showing nothing proves nothing: our request may still be on its way.
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: { id: held.id, status: 'requested' } });
      await agePastGrace(held.id);
      // PayMongo not answering the look-up decides nothing either.
      paymongo.showsRefunds = false;
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: { status: 'requested' } });
      expect(await balanceOf(driver.user.id)).toBe(0);

      paymongo.showsRefunds = true;
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: null, refundable: { eligible: true } });
      await detail(driver.cookie, topup.id);
      expect(await balanceOf(driver.user.id)).toBe(25_000);
      expect(await returnedRows(driver.wallet.id)).toHaveLength(1);
      expect(await attemptOf(topup.id)).toMatchObject({
        status: 'refused',
        failureReason: 'The refund never reached the payment provider.',
      });
      expect(await failureNotices(driver.user.id)).toHaveLength(1);
      expect(await refundNotices(driver.user.id)).toEqual([]);
      expect((await shownRows(driver.cookie)).map((row) => row.type)).toEqual(['TOPUP']);
    });

    it('gives the money back once when look-ups race each other', async () => {
      const driver = await newDriver();
      const topup = await paidTopup(driver, 20_000);
      const held = await refundWithoutAnswer(driver, topup.id, 'silent');
      await agePastGrace(held.id);
      await Promise.all([
        detail(driver.cookie, topup.id),
        detail(driver.cookie, topup.id),
        confirmUnsettledRefunds({ ...env, ...bindings }, db()),
      ]);
      expect(await balanceOf(driver.user.id)).toBe(20_000);
      expect(await returnedRows(driver.wallet.id)).toHaveLength(1);
      expect(await failureNotices(driver.user.id)).toHaveLength(1);
    });

    it('the daily Cron settles every refund unsettled past the grace, and leaves younger ones', async () => {
      const [made, neverMade, young] = await Promise.all([newDriver(), newDriver(), newDriver()]);
      const topups = [await paidTopup(made, 10_000), await paidTopup(neverMade, 10_000), await paidTopup(young, 10_000)];
      const held = [
        await refundWithoutAnswer(made, topups[0].id, 'lost'),
        await refundWithoutAnswer(neverMade, topups[1].id, 'silent'),
        await refundWithoutAnswer(young, topups[2].id, 'silent'),
      ];
      settleRefund(refundMadeOf(topups[0].providerPaymentId!)!.id, 'succeeded');
      await agePastGrace(held[0].id);
      await agePastGrace(held[1].id);

      const ctx = createExecutionContext();
      worker.scheduled(createScheduledController({ cron: '5 16 * * *' }), { ...env, ...bindings }, ctx);
      await waitOnExecutionContext(ctx);

      expect(await attemptOf(topups[0].id)).toMatchObject({ status: 'succeeded' });
      expect(await balanceOf(made.user.id)).toBe(0);
      expect(await attemptOf(topups[1].id)).toMatchObject({ status: 'refused' });
      expect(await balanceOf(neverMade.user.id)).toBe(10_000);
      expect(await attemptOf(topups[2].id)).toMatchObject({ status: 'requested' });
      expect(await balanceOf(young.user.id)).toBe(0);
    });
  });

  describe('payment.refund.updated', () => {
    /** A refund PayMongo took (pending), as PayMongo holds it. */
    async function pendingRefund(driver: Driver, amountCents: number) {
      const topup = await paidTopup(driver, amountCents);
      expect(await (await refund(driver.cookie, topup.id)).json()).toMatchObject({ status: 'pending' });
      return { topup, made: refundMadeOf(topup.providerPaymentId!)! };
    }

    it('gives the money back once when a refund PayMongo took fails; the event again changes nothing', async () => {
      const driver = await newDriver();
      const { topup, made } = await pendingRefund(driver, 30_000);
      const failed = await refundUpdatedEvent(settleRefund(made.id, 'failed'));

      expect(await (await deliver(failed)).json()).toEqual({
        received: true,
        status: 'refund_settled',
        refundId: made.attributes.metadata.refund_id,
      });
      expect(await balanceOf(driver.user.id)).toBe(30_000);
      expect(await attemptOf(topup.id)).toMatchObject({
        status: 'refused',
        failureReason: 'The payment provider could not make the refund.',
      });

      expect(await (await deliver(failed)).json()).toMatchObject({ status: 'duplicate' });
      expect(await (await deliver(await refundUpdatedEvent(made))).json()).toMatchObject({ status: 'duplicate' });
      expect(await balanceOf(driver.user.id)).toBe(30_000);
      expect(await returnedRows(driver.wallet.id)).toHaveLength(1);
      expect(await failureNotices(driver.user.id)).toHaveLength(1);
      expect(await detail(driver.cookie, topup.id)).toMatchObject({ refund: null, refundable: { eligible: true } });
    });

    it('marks a refund PayMongo finished as succeeded, the money staying out once', async () => {
      const driver = await newDriver();
      const { topup, made } = await pendingRefund(driver, 15_000);
      const done = await refundUpdatedEvent(settleRefund(made.id, 'succeeded'));
      expect(await (await deliver(done)).json()).toMatchObject({ status: 'refund_settled' });
      expect(await attemptOf(topup.id)).toMatchObject({ status: 'succeeded', completedAt: expect.any(String) });
      expect(await (await deliver(done)).json()).toMatchObject({ status: 'duplicate' });
      expect(await balanceOf(driver.user.id)).toBe(0);
      expect(await returnedRows(driver.wallet.id)).toEqual([]);
      expect(await refundNotices(driver.user.id)).toHaveLength(1);
    });

    it('refuses an event that does not match the refund it names, and acknowledges a refund not made here', async () => {
      const driver = await newDriver();
      const { topup, made } = await pendingRefund(driver, 12_000);
      const failedAs = (attributes: Record<string, unknown>) =>
        refundUpdatedEvent({ ...made, attributes: { ...made.attributes, status: 'failed', ...attributes } } as typeof made);

      expect((await deliver(await failedAs({ metadata: { payment_id: topup.id, refund_id: crypto.randomUUID() } }))).status).toBe(404);
      expect((await deliver(await failedAs({ amount: 12_001 }))).status).toBe(400);
      expect(await (await deliver(await failedAs({ metadata: null }))).json()).toMatchObject({
        status: 'ignored',
        event: 'payment.refund.updated',
      });
      expect(await attemptOf(topup.id)).toMatchObject({ status: 'pending' });
      expect(await balanceOf(driver.user.id)).toBe(0);
    });
  });
});
