import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { findReward, REWARDS } from '../../core/rewards';
import { DAY_MS } from '../../core/time';
import { newId } from '../db/ids';
import { reservations, rewardVouchers, walletTransactions } from '../db/schema';
import type { Api } from '../test/api-types';
import { call, db, messageOf, seedOnce } from '../test/helpers';
import { earnPoints, firstLotId, ledgerSum, newDriver, topUp, walletRow } from '../test/wallet-driver';
import { payFromWallet, refundToWallet } from '../wallet/wallet.service';

type Rewards = InferResponseType<Api['rewards']['$get'], 200>;
type Redemption = InferResponseType<Api['rewards']['redeem']['$post'], 201>;
type WalletSummary = InferResponseType<Api['wallet']['$get'], 200>;

beforeAll(seedOnce);

const redeem = (cookie: string, rewardId: string, idempotencyKey: string | null = crypto.randomUUID()) =>
  call('/api/rewards/redeem', {
    method: 'POST',
    cookie,
    json: { rewardId },
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
  });
const rewardRows = (walletId: string) =>
  db()
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.type, 'REWARD')));
/** A parking payment or refund of a reservation, as its booking or cancellation posts it. */
const movement = (userId: string, reservationId: string, amountCents: number, step: string) => ({
  userId,
  reservationId,
  amountCents,
  description: `Parking (${step})`,
  idempotencyKey: `reservation:${reservationId}:${step}`,
});
const summary = async (cookie: string) => (await call('/api/wallet', { cookie })).json<WalletSummary>();

describe('GET /api/rewards', () => {
  it('lists the catalogue with what the points reach, and why the rest is out of reach', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 300);
    const res = await call('/api/rewards', { cookie: driver.cookie });
    expect(res.status).toBe(200);
    const rewards = await res.json<Rewards>();
    expect(rewards).toMatchObject({ points: 300, redeemablePoints: 300, level: 'Bronze', vouchers: [] });
    expect(rewards.items.map((item) => item.id)).toEqual(REWARDS.map((reward) => reward.id));
    expect(rewards.items.find((item) => item.id === 'credit-100')).toMatchObject({ costPoints: 100, creditCents: 1_000, available: true });
    expect(rewards.items.find((item) => item.id === 'credit-500')).toMatchObject({
      available: false,
      reason: 'You need 200 more points for this reward.',
    });
  });
});

describe('POST /api/rewards/redeem', () => {
  it('spends the points and credits the wallet in one REWARD row, and the level stays where the points earned put it', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 1_000);
    expect(await summary(driver.cookie)).toMatchObject({ points: 1_000, level: 'Gold', balanceCents: 0 });

    const res = await redeem(driver.cookie, 'credit-1000');
    expect(res.status).toBe(201);
    expect(await res.json<Redemption>()).toMatchObject({
      rewardId: 'credit-1000',
      costPoints: 1_000,
      creditCents: 10_000,
      points: 0,
      balanceCents: 10_000,
    });
    const rows = await rewardRows(driver.wallet.id);
    expect(rows).toMatchObject([{ amountCents: 10_000, pointsDelta: -1_000, description: '1000 points for ₱100.00 wallet credit' }]);
    expect(await summary(driver.cookie)).toMatchObject({
      points: 0,
      pointsEarned: 1_000,
      level: 'Gold',
      nextLevel: null,
      balanceCents: 10_000,
      totalCreditsCents: 1_010_000,
      monthPoints: 1_000,
    });
    const ledger = await ledgerSum(driver.wallet.id);
    expect(await walletRow(driver.wallet.id)).toMatchObject({ balanceCents: ledger.sum, points: ledger.points });
  });

  it('answers a retry under the same key with the same redemption, and posts one row', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 250);
    const idempotencyKey = crypto.randomUUID();
    const first = await redeem(driver.cookie, 'credit-100', idempotencyKey);
    const again = await redeem(driver.cookie, 'credit-100', idempotencyKey);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<Redemption>()).id).toBe((await first.json<Redemption>()).id);
    expect(await rewardRows(driver.wallet.id)).toHaveLength(1);
    expect(await walletRow(driver.wallet.id)).toMatchObject({ points: 150, balanceCents: 1_000 });
    // The same key for another reward is a conflict, and changes nothing.
    const other = await redeem(driver.cookie, 'free-hour', idempotencyKey);
    expect(other.status).toBe(409);
    expect(await rewardRows(driver.wallet.id)).toHaveLength(1);
  });

  it('answers two requests at once under one key with the same redemption, though the points reach only one', async () => {
    for (const _round of [1, 2, 3]) {
      const driver = await newDriver();
      await earnPoints(driver, 100);
      const idempotencyKey = crypto.randomUUID();
      const answers = await Promise.all([1, 2].map(() => redeem(driver.cookie, 'credit-100', idempotencyKey)));
      expect(answers.map((res) => res.status)).toEqual([201, 201]);
      const [a, b] = await Promise.all(answers.map((res) => res.json<Redemption>()));
      expect(b.id).toBe(a.id);
      expect(await rewardRows(driver.wallet.id)).toHaveLength(1);
    }
  });

  it('refuses an unknown reward (404), too few points (409) and a missing key (400), changing nothing', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 120);
    expect((await redeem(driver.cookie, 'free-parking-forever')).status).toBe(404);
    const short = await redeem(driver.cookie, 'credit-500');
    expect(short.status).toBe(409);
    expect(await messageOf(short)).toBe('You need 380 more points for this reward.');
    expect((await redeem(driver.cookie, 'credit-100', null)).status).toBe(400);
    expect((await redeem(driver.cookie, '', crypto.randomUUID())).status).toBe(400);
    expect(await rewardRows(driver.wallet.id)).toHaveLength(0);
    expect(await walletRow(driver.wallet.id)).toMatchObject({ points: 120, balanceCents: 0 });
  });

  it('keeps the points of a booking that can still be cancelled for a refund until its free cancellation ends', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 100);
    const reservationId = newId();
    const startTs = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const endTs = new Date(Date.now() + 3 * DAY_MS).toISOString();
    await db()
      .insert(reservations)
      .values({
        id: reservationId,
        userId: driver.user.id,
        lotId: await firstLotId(),
        status: 'CONFIRMED',
        startTs,
        endTs,
        amountCents: 0,
      });
    await topUp(driver.cookie, 5_000);
    const paid = await payFromWallet(db(), movement(driver.user.id, reservationId, 5_000, 'booking'));
    expect(paid.ok).toBe(true);
    const rewards = await (await call('/api/rewards', { cookie: driver.cookie })).json<Rewards>();
    expect(rewards).toMatchObject({ points: 105, redeemablePoints: 100 });
    expect((await redeem(driver.cookie, 'credit-100')).status).toBe(201);
    const refused = await redeem(driver.cookie, 'credit-100');
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe('You need 100 more points for this reward.');
    // Cancelled with a refund, the booking takes back exactly the points it earned: none were spent.
    const refund = await refundToWallet(db(), movement(driver.user.id, reservationId, 5_000, 'cancel'));
    expect(refund.ok).toBe(true);
    expect(await walletRow(driver.wallet.id)).toMatchObject({ points: 0 });
  });

  it('lets a refund after the stay take back only the points still held, so it is never refused for points', async () => {
    const driver = await newDriver();
    const reservationId = await earnPoints(driver, 100);
    expect((await redeem(driver.cookie, 'credit-100')).status).toBe(201);
    const refund = await refundToWallet(db(), movement(driver.user.id, reservationId, 20_000, 'gate-refund'));
    expect(refund.ok).toBe(true);
    expect(await walletRow(driver.wallet.id)).toMatchObject({ points: 0, balanceCents: 21_000 });
  });

  it('issues a free-hour voucher, unused, for 90 days', async () => {
    const driver = await newDriver();
    await earnPoints(driver, 600);
    const res = await redeem(driver.cookie, 'free-hour');
    expect(res.status).toBe(201);
    const redemption = await res.json<Redemption>();
    expect(redemption).toMatchObject({ creditCents: 0, costPoints: 500, points: 100, balanceCents: 0 });
    expect(redemption.voucher).toMatchObject({ rewardId: 'free-hour', usedAt: null });
    const expiresIn = Date.parse(redemption.voucher!.expiresAt) - Date.parse(redemption.createdAt);
    expect(Math.round(expiresIn / DAY_MS)).toBe(90);
    const rewards = await (await call('/api/rewards', { cookie: driver.cookie })).json<Rewards>();
    expect(rewards.vouchers).toMatchObject([{ id: redemption.voucher!.id, state: 'unused' }]);
    expect(rewards.level).toBe('Silver');
  });

  it('never spends more points than are held under parallel redemptions, and the ledger says what was spent (property)', async () => {
    const rewardIds = REWARDS.map((reward) => reward.id);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_500 }),
        fc.array(fc.constantFrom(...rewardIds), { minLength: 2, maxLength: 8 }),
        async (held, wanted) => {
          const driver = await newDriver();
          if (held > 0) await earnPoints(driver, held);
          const answers = await Promise.all(wanted.map((rewardId) => redeem(driver.cookie, rewardId)));
          expect(answers.every((res) => res.status === 201 || res.status === 409)).toBe(true);
          const spent = wanted.filter((_, i) => answers[i].status === 201).reduce((sum, id) => sum + findReward(id)!.costPoints, 0);
          const wallet = await walletRow(driver.wallet.id);
          expect(wallet.points).toBe(held - spent);
          expect(wallet.points).toBeGreaterThanOrEqual(0);
          const rows = await rewardRows(driver.wallet.id);
          expect(rows).toHaveLength(answers.filter((res) => res.status === 201).length);
          expect(rows.reduce((sum, row) => sum - row.pointsDelta, 0)).toBe(spent);
          const ledger = await ledgerSum(driver.wallet.id);
          expect(wallet).toMatchObject({ balanceCents: ledger.sum, points: ledger.points });
          const vouchers = await db().select().from(rewardVouchers).where(eq(rewardVouchers.userId, driver.user.id));
          expect(vouchers).toHaveLength(wanted.filter((id, i) => id === 'free-hour' && answers[i].status === 201).length);
          // Nothing held back that could have been spent: every refusal was for want of points.
          const cheapestRefused = Math.min(...wanted.filter((_, i) => answers[i].status === 409).map((id) => findReward(id)!.costPoints));
          expect(wallet.points < cheapestRefused).toBe(true);
        },
      ),
      { numRuns: 6 },
    );
  });
});
