/**
 * Who pays for a stay at its exit, and how (docs/gate.md, Who moves whose money). Only the driver's
 * own consent moves their money: a pay code they showed (for this lot, up to its limit), or the
 * reservation they booked (its overstay up to a day's price, core/gate.ts overstayFromWallet).
 */
import { type PaymentBasis, whoPays } from '../../core/gate';
import { refusal } from '../../core/refusal';
import { commit, type DB } from '../db/client';
import { isIdempotencyRace, recordIdempotencyKey } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { payFromWallet, driverWallet } from '../wallet/wallet.service';
import type { GateContext } from './checkin.service';
import { assertConsentCovers, consentOf, PAY_CODE_USED, tapConsent, walletShort } from './consent';
import type { StayPrice } from './stay-price.service';

/**
 * Who pays for the stay `stay` priced at `price` (core/gate.ts whoPays), and the consent it was shown;
 * a pay code that cannot pay is refused. `stayReservationId`, when given, is the reservation the stay
 * is already paid under.
 */
export async function paymentOf(
  ctx: { env: Bindings; db: DB } & Partial<Pick<GateContext, 'user' | 'tap'>>,
  stay: { id: string; lotId: string; stayReservationId?: string | null },
  { lot, reservation, amountCents }: StayPrice,
  token: string | undefined,
  now: Date,
) {
  const { tap, user } = ctx;
  const payCode =
    tap && user
      ? tapConsent(user.id, stay.id, lot, tap.limitCents ?? amountCents, now)
      : token
        ? await consentOf(ctx.env, token, now)
        : null;
  if (payCode) assertConsentCovers(payCode, stay.lotId, amountCents);
  const payer = payCode ? { userId: payCode.userId } : reservation ? { userId: reservation.userId } : null;
  // A walk-in paid with a pay code becomes the driver's completed reservation: they see the stay, its receipt and its points.
  const stayReservationId = stay.stayReservationId !== undefined ? stay.stayReservationId : (reservation?.id ?? (payer ? newId() : null));
  const walletMayPay = payer && stayReservationId && amountCents > 0;
  const basis: PaymentBasis = {
    amountCents,
    consented: payCode !== null,
    reservedUntilMs: reservation ? Date.parse(reservation.endTs) : null,
    pricing: lot.pricing,
    balanceCents: walletMayPay ? (await driverWallet(ctx.db, payer.userId)).balanceCents : null,
  };
  const decided = whoPays(basis);
  if (payCode && decided.paidBy === 'cash') throw refusal('conflict', walletShort(basis.balanceCents ?? 0, amountCents, payCode.via));
  return {
    payCode,
    payer,
    basis,
    ...paidAs(decided, payer),
    stayReservationId,
    idempotencyKey: payCode ? `${payCode.via === 'tap' ? '' : 'paycode:'}${payCode.codeId}` : `checkin:${stay.id}:exit`,
  };
}

/** How the stay is paid, as decided: by what (null: nothing to pay), whose wallet, and the cap it went above (null when the wallet could pay it). */
function paidAs({ paidBy, walletCapCents }: ReturnType<typeof whoPays>, payer: { userId: string } | null) {
  // Whose wallet paid: a gate refund goes back to it (docs/gate.md, Refunds by the lot).
  return { paidBy, walletCapCents, payerId: paidBy === 'wallet' ? (payer?.userId ?? null) : null };
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
 * Commits the exit's `statements`, made for how `payment` decided it is paid: with the wallet's debit
 * when its wallet pays, else as they are. A pay code that cannot pay (short, or spent on another stay
 * before or meanwhile) is refused, and nothing is recorded. A reservation's wallet that fell short since
 * the decision records nothing either: the answer is the payment decided again (cash), for the exit to
 * record; else null.
 */
export async function commitExit(
  db: DB,
  { amountCents, what }: StayPrice,
  payment: StayPayment,
  checkinId: string,
  statements: D1PreparedStatement[],
): Promise<StayPayment | null> {
  const spent = payCodeSpent(db, payment, checkinId);
  const { payCode, payer, stayReservationId, idempotencyKey } = payment;
  try {
    if (payment.paidBy !== 'wallet' || !payer || !stayReservationId) {
      await commit(db, [...statements, ...spent]);
      return null;
    }
    const paid = await payFromWallet(
      db,
      { userId: payer.userId, reservationId: stayReservationId, amountCents, description: what, idempotencyKey },
      [...statements, ...spent],
    );
    if (paid.ok) return null;
    if (payCode)
      throw refusal('conflict', paid.reason === 'duplicate' ? PAY_CODE_USED : walletShort(paid.balanceCents, amountCents, payCode.via));
    const balanceCents = paid.reason === 'insufficient_funds' ? paid.balanceCents : null;
    return { ...payment, ...paidAs(whoPays({ ...payment.basis, balanceCents }), payer) };
  } catch (error) {
    if (spent.length && isIdempotencyRace(error)) throw refusal('conflict', PAY_CODE_USED);
    throw error;
  }
}
