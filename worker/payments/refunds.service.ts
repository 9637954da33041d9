/**
 * A driver's unspent top-up paid back to its GCash, Maya or card (docs/wallet.md, Refunds of top-ups).
 * The money leaves the wallet first, in one batch with the attempt and its Idempotency-Key, so the
 * balance CHECK decides against any concurrent spending before the gateway is asked: the gateway is
 * never asked to refund money the wallet no longer holds. When the gateway refuses, the same request
 * puts the money back and the attempt is `refused`, shown nowhere as a refund. When it does not
 * answer, it may have made the refund all the same: the attempt stays `requested`, the money held,
 * until the gateway is asked again (refund-settlement.ts).
 */
import { formatPeso } from '../../core/money';
import { notFound, refusal } from '../../core/refusal';
import { REFUND_DESTINATION, topupRefundEligibility, type RefundEligibility } from '../../core/wallet';
import { commit, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { newId } from '../db/ids';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { Payment, TopupRefund } from '../db/schema';
import type { Bindings } from '../env';
import { findOwnPayment } from './payments.data';
import { paymentView } from './payment-view';
import { settleIfLapsed } from './topup-settlement.service';
import { RefundRefused, type PaymentProvider } from './gateway';
import { balanceOf } from './ledger.data';
import { ledgerFailure } from './ledger.statements';
import { PAYMENT_UNAVAILABLE, paymentProvider } from './provider';
import { acceptRefund, confirmRefund, returnRefund } from './refund-settlement.service';
import { insertRefund, liveRefundOf, refundById, refundLedgerRow, refundView } from './refunds.data';

/** Whether the top-up can go back to its source now, and if not why, in the driver's words. */
function refundEligibilityOf(
  provider: PaymentProvider | null,
  payment: Payment,
  refund: TopupRefund | null,
  balanceCents: number,
  now: Date,
): RefundEligibility {
  const eligibility = topupRefundEligibility({ ...payment, refundedAt: refund?.createdAt ?? null }, balanceCents, now);
  // A top-up of another gateway than the one configured (the sandbox's, on a PayMongo deployment) has no one to refund it.
  if (eligibility.eligible && (provider?.name !== payment.provider || !payment.providerPaymentId))
    return { eligible: false, reason: 'not_paid', message: 'This top-up cannot be refunded to its source from here.' };
  return eligibility;
}

/**
 * GET /api/payments/:id: the top-up (settled first if its checkout lapsed), its refund (asked about
 * first if not settled yet) and whether one can be made.
 */
export async function topupDetail(env: Bindings, db: DB, payment: Payment, now = new Date()) {
  const provider = paymentProvider(env);
  const current = await settleIfLapsed(env, db, payment, now);
  const unsettled = await liveRefundOf(db, current.id);
  if (unsettled) await confirmRefund(provider, { env, db }, { refund: unsettled, payment: current }, now);
  const refund = unsettled && (await liveRefundOf(db, current.id));
  const balanceCents = await balanceOf(db, current.walletId);
  return {
    ...paymentView(current, provider),
    refund: refund && refundView(refund, current.method),
    refundable: refundEligibilityOf(provider, current, refund, balanceCents, now),
  };
}

/** The attempt a repeated request names, answered as the first was: its refund, or the same refusal. */
async function replayOf(db: DB, userId: string, refundId: string) {
  const refund = await refundById(db, refundId);
  if (refund.status === 'refused') throw refusedRefund(refund.failureReason ?? 'The payment provider refused it.');
  const payment = await findOwnPayment(db, userId, refund.paymentId);
  return { refund: refundView(refund, payment!.method), replayed: true };
}

const refusedRefund = (reason: string) =>
  refusal('upstream_failed', `The refund did not go through: ${reason} Nothing was refunded and your balance is unchanged.`);

/** POST /api/wallet/topups/:paymentId/refund. Returns the refund and whether it was an idempotent replay. */
export async function refundTopup(env: Bindings, db: DB, paymentId: string, request: IdempotentRequest, now = new Date()) {
  const provider = paymentProvider(env);
  if (!provider) throw refusal('unavailable', PAYMENT_UNAVAILABLE);
  const replay = await priorResource(db, request);
  if (replay) return replayOf(db, request.userId, replay);

  // Another driver's top-up is not found, as if it did not exist.
  const payment = await findOwnPayment(db, request.userId, paymentId);
  if (!payment) throw notFound('Top-up');
  const balanceCents = await balanceOf(db, payment.walletId);
  const eligibility = refundEligibilityOf(provider, payment, await liveRefundOf(db, payment.id), balanceCents, now);
  if (!eligibility.eligible) throw refusal('conflict', eligibility.message, { reason: eligibility.reason });

  const refund = { id: newId(), paymentId: payment.id, walletId: payment.walletId, amountCents: payment.amountCents };
  try {
    await commit(db, [
      insertRefund(db, refund),
      refundLedgerRow(
        db,
        refund,
        -1,
        `Refund of a ${formatPeso(payment.amountCents)} top-up to your ${REFUND_DESTINATION[payment.method]}`,
      ),
      recordIdempotencyKey(db, request, refund.id),
    ]);
  } catch (error) {
    if (isIdempotencyRace(error)) return replayOf(db, request.userId, (await priorResource(db, request))!);
    if (ledgerFailure(error) === 'insufficient_funds') {
      const left = await balanceOf(db, payment.walletId);
      throw refusal('conflict', `Part of this top-up was just spent: your wallet holds ${formatPeso(left)}.`, { reason: 'spent' });
    }
    if (violates(error, 'topup_refunds.payment_id'))
      throw refusal('conflict', 'This top-up is already being refunded.', { reason: 'refunded' });
    throw error;
  }

  const answer = await provider
    .refund({ paymentId: payment.id, refundId: refund.id, providerPaymentId: payment.providerPaymentId!, amountCents: refund.amountCents })
    .catch((error: unknown) => {
      if (error instanceof RefundRefused) return error;
      // It may have made the refund and only its answer was lost: the money stays held until it is asked again.
      console.error('The payment provider did not answer a refund; it stays requested until confirmed', error);
      return null;
    });
  if (answer instanceof RefundRefused) {
    await returnRefund(db, { refund, payment }, answer.reason);
    throw refusedRefund(answer.reason);
  }
  if (answer) await acceptRefund({ env, db }, { refund, payment }, answer);
  return { refund: refundView(await refundById(db, refund.id), payment.method), replayed: false };
}
