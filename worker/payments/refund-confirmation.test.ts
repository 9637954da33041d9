/**
 * How a refund of a top-up whose answer was lost, or one under way, settles: asked again when its
 * top-up is read or by the daily Cron, or told by PayMongo's `payment.refund.updated` event.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REFUND_BEING_CONFIRMED } from '../../core/wallet';
import worker from '../index';
import { db } from '../test/helpers';
import {
  agePastGrace,
  attemptOf,
  detail,
  failureNotices,
  ledgerOf,
  paidTopup,
  refund,
  refundNotices,
  refundWithoutAnswer,
  returnedRows,
  shownRows,
  type BeingConfirmed,
  type Driver,
} from '../test/topup-refunds';
import {
  balanceOf,
  bindings,
  deliver,
  newDriver,
  paymongo,
  refundMadeOf,
  refundUpdatedEvent,
  settleRefund,
  standInForPaymongo,
} from '../test/paymongo-stand-in';
import { confirmUnsettledRefunds } from './refund-settlement.service';

standInForPaymongo();

describe('a refund of a top-up to its source', () => {
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
