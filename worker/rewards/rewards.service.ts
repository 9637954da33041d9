/**
 * Orange Rewards (docs/wallet.md, Rewards): the catalogue with what this driver can redeem, and a
 * redemption, which spends the points and credits the wallet (or issues a free-hour voucher) in one
 * D1 batch under the request's Idempotency-Key. The database refuses spending more points than are
 * held, whatever the concurrency. Booking spends a voucher through `voucherForBooking`.
 */
import { notFound, refusal } from '../../core/refusal';
import { findReward, freeHourOffCents, REWARDS, rewardShortfall, voucherExpiry, voucherState, type Reward } from '../../core/rewards';
import type { PriceQuote } from '../../core/pricing';
import { formatPeso } from '../../core/money';
import { MINUTE_MS } from '../../core/time';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import { readSettings } from '../platform/settings.data';
import { driverWallet, pointsRedeemable, walletOverview } from '../wallet/wallet.service';
import { ledgerFailure, rewardInsert } from '../payments/ledger.statements';
import { bookedWithVoucher, ownVoucher, redemptionOf, useVoucherStatement, voucherInsert, vouchersOf } from './rewards.data';

/** Bookings starting from here on can still be cancelled for a refund: their points are not redeemable yet. */
async function refundableFrom(db: DB, now: Date) {
  const { freeCancelMinutes } = await readSettings(db);
  return new Date(now.getTime() + freeCancelMinutes * MINUTE_MS).toISOString();
}

/** Why a reward is out of reach, telling points held from points still pending on a cancellable booking. */
function unavailableReason(reward: Reward, held: number, redeemable: number) {
  if (held >= reward.costPoints && redeemable < reward.costPoints)
    return `${(held - redeemable).toLocaleString('en-PH')} of your points are from bookings you can still cancel for a refund; they can be redeemed once the free cancellation ends.`;
  return rewardShortfall(reward, redeemable);
}

/** GET /api/rewards: points, level, the catalogue with what is within reach, and the driver's vouchers. */
export async function rewardsOf(db: DB, userId: string, now = new Date()) {
  const wallet = await walletOverview(db, userId, now);
  const { redeemable } = await pointsRedeemable(db, wallet.id, await refundableFrom(db, now));
  const vouchers = await vouchersOf(db, userId);
  return {
    points: wallet.points,
    redeemablePoints: redeemable,
    pointsEarned: wallet.pointsEarned,
    level: wallet.level,
    balanceCents: wallet.balanceCents,
    items: REWARDS.map((reward) => {
      const reason = unavailableReason(reward, wallet.points, redeemable);
      return { ...reward, available: reason === null, reason };
    }),
    vouchers: vouchers.map((voucher) => ({ ...voucher, state: voucherState(voucher, now) })),
  };
}

const tooFewPoints = (reward: Reward, held: number, redeemable: number) =>
  refusal('conflict', unavailableReason(reward, held, redeemable) ?? 'Your points changed meanwhile; nothing was redeemed.', {
    points: held,
    redeemablePoints: redeemable,
    costPoints: reward.costPoints,
  });

/** POST /api/rewards/redeem: the points spent and the reward given in one batch; the same key answers the same redemption. */
export async function redeem(db: DB, request: IdempotentRequest, rewardId: string, now = new Date()) {
  const reward = findReward(rewardId);
  if (!reward) throw notFound('Reward');
  const wallet = await driverWallet(db, request.userId);
  const prior = await priorResource(db, request);
  if (prior) return { redemption: await redemptionView(db, request.userId, reward, prior), replayed: true };
  const from = await refundableFrom(db, now);
  const id = newId();
  const what = reward.kind === 'credit' ? `${formatPeso(reward.creditCents)} wallet credit` : 'a free-hour voucher';
  try {
    await commit(db, [
      // The key first: a twin under the same key fails on it (and replays the winner) before the points run short.
      recordIdempotencyKey(db, request, id),
      rewardInsert(
        db,
        {
          id,
          walletId: wallet.id,
          costPoints: reward.costPoints,
          creditCents: reward.creditCents,
          description: `${reward.costPoints} points for ${what}`,
          idempotencyKey: `reward:${id}`,
        },
        from,
      ),
      abortUnlessChanged(db),
      ...(reward.kind === 'free_hour'
        ? [
            voucherInsert(db, {
              id: newId(),
              userId: request.userId,
              rewardId,
              transactionId: id,
              expiresAt: voucherExpiry(now).toISOString(),
            }),
          ]
        : []),
    ]);
  } catch (error) {
    if (isIdempotencyRace(error))
      return { redemption: await redemptionView(db, request.userId, reward, (await priorResource(db, request))!), replayed: true };
    if (!changedMeanwhile(error) && ledgerFailure(error) !== 'insufficient_points') throw error;
    const { held, redeemable } = await pointsRedeemable(db, wallet.id, from);
    throw tooFewPoints(reward, held, redeemable);
  }
  return { redemption: await redemptionView(db, request.userId, reward, id), replayed: false };
}

/** A redemption as the driver reads it, with the wallet's balance and points as they stand now. */
async function redemptionView(db: DB, userId: string, reward: Reward, transactionId: string) {
  const { id: walletId, balanceCents, points } = await driverWallet(db, userId);
  const row = (await redemptionOf(db, walletId, transactionId))!;
  return {
    id: row.id,
    rewardId: reward.id,
    name: reward.name,
    costPoints: -row.pointsDelta,
    creditCents: row.creditCents,
    voucher: row.voucher,
    createdAt: row.createdAt,
    balanceCents,
    points,
  };
}

/**
 * A free-hour voucher applied to a booking's price: what it takes off, and the statements that spend
 * it in the booking's own batch (the conditional UPDATE, then the guard that aborts the batch if the
 * voucher was spent or expired meanwhile). Refused before anything is held when it cannot be used.
 */
export async function voucherForBooking(
  db: DB,
  userId: string,
  voucherId: string,
  price: Pick<PriceQuote, 'totalCents' | 'hours'>,
  now: Date,
) {
  const voucher = await ownVoucher(db, userId, voucherId);
  if (!voucher) throw notFound('Voucher');
  const state = voucherState(voucher, now);
  if (state !== 'unused') throw refusal('conflict', `This voucher is ${state}: it can be used only once, before it expires.`);
  return voucherUse(db, { voucherId, userId, amountOffCents: freeHourOffCents(price), at: now });
}

/** A voucher spent by the statements of the batch that records its stay (`reservationId`, at `lotId`). */
export type VoucherUse = { amountOffCents: number; statements: (reservationId: string, lotId: string) => D1PreparedStatement[] };

const voucherUse = (db: DB, use: { voucherId: string; userId: string; amountOffCents: number; at: Date }): VoucherUse => ({
  amountOffCents: use.amountOffCents,
  statements: (reservationId, lotId) => [useVoucherStatement(db, { ...use, reservationId, lotId }), abortUnlessChanged(db)],
});

/**
 * A voucher named by a pay code at an exit: one hour at the lot's rate (`hourCents`) off `amountCents`,
 * or null when it is not the driver's or no longer usable (the exit then charges the whole price, which
 * the pay code's limit still caps: a car is never held at the gate over a voucher).
 */
export async function voucherAtExit(
  db: DB,
  userId: string,
  voucherId: string,
  amounts: { hourCents: number; amountCents: number },
  now: Date,
) {
  const voucher = await ownVoucher(db, userId, voucherId);
  if (!voucher || voucherState(voucher, now) !== 'unused') return null;
  return voucherUse(db, { voucherId, userId, amountOffCents: Math.min(amounts.hourCents, amounts.amountCents), at: now });
}

/** What a booking's voucher takes off the price of its new window when it is moved: the free hour stays with it. */
export const voucherOffOnChange = async (db: DB, reservationId: string, price: Pick<PriceQuote, 'totalCents' | 'hours'>) =>
  (await bookedWithVoucher(db, reservationId)) ? freeHourOffCents(price) : 0;
