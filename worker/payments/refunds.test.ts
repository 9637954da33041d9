/**
 * Refunds of unspent top-ups to their GCash, Maya or card: POST /api/wallet/topups/:paymentId/refund
 * through the real PayMongo provider code against the stand-in for PayMongo's API (and once through
 * the sandbox, which local runs use). How a refund settles later is refund-confirmation.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, manilaMonthOf } from '../../core/time';
import { payments } from '../db/schema';
import type { ApiErrorBody } from '../test/api-types';
import { call, db } from '../test/helpers';
import {
  attemptOf,
  detail,
  failureNotices,
  ledgerOf,
  paidTopup,
  refund,
  refundNotices,
  shownRows,
  type Topup,
  type Refund,
  type Driver,
} from '../test/topup-refunds';
import { balanceOf, bindings, newDriver, paymongo, standInForPaymongo, topUp } from '../test/paymongo-stand-in';
import { payFromWallet } from '../wallet/wallet.service';

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
    const month = manilaMonthOf(Date.now());
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
});
