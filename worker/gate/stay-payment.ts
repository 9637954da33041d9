/**
 * Who pays for a stay at its exit, and how (docs/gate.md, Who moves whose money). Only the driver's
 * own consent moves their money: a pay code they showed (for this lot, up to its limit), or the
 * reservation they booked (its overstay up to a day's price, core/gate.ts overstayFromWallet).
 */
import { overstayFromWallet } from '../../core/gate';
import { refusal } from '../../core/refusal';
import type { GatePaymentMethod } from '../../core/wallet';
import { commit, type DB } from '../db/client';
import { isIdempotencyRace, recordIdempotencyKey } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { payFromWallet, walletOf } from '../wallet/wallet.service';
import type { GateContext } from './checkin';
import { assertConsentCovers, consentOf, PAY_CODE_USED, tapConsent, walletShort } from './consent';
import type { StayPrice } from './stay-price';

/** Whose wallet pays, if any, for the stay `checkin` priced at `price`; a pay code that cannot pay is refused. */
export async function paymentOf(
  ctx: { env: Bindings; db: DB } & Partial<Pick<GateContext, 'user' | 'tap'>>,
  checkin: { id: string; lotId: string },
  { lot, reservation, amountCents }: StayPrice,
  token: string | undefined,
  now: Date,
) {
  const { tap, user } = ctx;
  const payCode =
    tap && user
      ? tapConsent(user.id, checkin.id, lot, tap.limitCents ?? amountCents, now)
      : token
        ? await consentOf(ctx.env, token, now)
        : null;
  if (payCode) assertConsentCovers(payCode, checkin.lotId, amountCents);
  const payer = payCode ? { userId: payCode.userId } : reservation ? { userId: reservation.userId } : null;
  // Without a pay code, a reservation's wallet pays an overstay only up to the cap; above it, all is collected at the gate.
  const cap =
    !payCode && reservation && amountCents > 0 ? overstayFromWallet(amountCents, lot.pricing, Date.parse(reservation.endTs)) : null;
  const balance = payer && amountCents > 0 ? (await walletOf(ctx.db, payer.userId)).balanceCents : 0;
  const walletCovers = payer !== null && amountCents > 0 && balance >= amountCents && (cap?.fromWallet ?? true);
  if (payCode && amountCents > 0 && !walletCovers) throw refusal('conflict', walletShort(balance, amountCents, payCode.via));
  return {
    payCode,
    payer,
    walletCovers,
    /** The cap the overstay went above, so the gate collects it all: null when the wallet could pay it. */
    walletCapCents: cap && !cap.fromWallet ? cap.capCents : null,
    // A walk-in paid with a pay code becomes the driver's completed reservation: they see the stay, its receipt and its points.
    stayReservationId: reservation?.id ?? (payer ? newId() : null),
    idempotencyKey: payCode ? `${payCode.via === 'tap' ? '' : 'paycode:'}${payCode.codeId}` : `checkin:${checkin.id}:exit`,
  };
}
export type StayPayment = Awaited<ReturnType<typeof paymentOf>>;

/**
 * A pay code's consent is spent by the exit it was shown at, whatever it cost: its key recorded in the
 * exit's batch (the wallet debit's key too), so even after a free exit (a voucher, validations) the
 * same code cannot pay for another car.
 */
const payCodeSpent = (db: DB, payment: StayPayment, checkinId: string) =>
  payment.payCode?.via === 'pay code'
    ? [
        recordIdempotencyKey(
          db,
          { userId: payment.payCode.userId, key: payment.idempotencyKey, scope: 'gate-pay-code', requestHash: payment.payCode.codeId },
          checkinId,
        ),
      ]
    : [];

/**
 * Commits the check-out `build` makes for how it was paid: nothing to pay; from the payer's wallet when
 * it covers the charge; else cash. A reservation's wallet that fell short meanwhile pays in cash; a
 * pay code that cannot pay (short, or spent on another stay before or meanwhile) is refused, and
 * nothing is recorded.
 */
export async function settle(
  db: DB,
  { amountCents, what }: StayPrice,
  payment: StayPayment,
  checkinId: string,
  build: (paidBy: GatePaymentMethod | null) => D1PreparedStatement[],
) {
  const spent = payCodeSpent(db, payment, checkinId);
  try {
    if (amountCents === 0) return void (await commit(db, [...build(null), ...spent]));
    const { payCode, payer, stayReservationId, idempotencyKey } = payment;
    if (payment.walletCovers && payer && stayReservationId) {
      const paid = await payFromWallet(
        db,
        { userId: payer.userId, reservationId: stayReservationId, amountCents, description: what, idempotencyKey },
        [...build('wallet'), ...spent],
      );
      if (paid.ok) return;
      if (payCode)
        throw refusal('conflict', paid.reason === 'duplicate' ? PAY_CODE_USED : walletShort(paid.balanceCents, amountCents, payCode.via));
    }
    await commit(db, build('cash'));
  } catch (error) {
    if (spent.length && isIdempotencyRace(error)) throw refusal('conflict', PAY_CODE_USED);
    throw error;
  }
}
