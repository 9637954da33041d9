/**
 * How a refund of a top-up to its source settles once the gateway's word on it is known (docs/wallet.md,
 * Refunds of top-ups): its answer to our request, its answer when asked again (the first answer was
 * lost, or the refund was under way), or its `payment.refund.updated` event. Every change is
 * conditional on the attempt's state, so whichever word arrives first settles it and the others change
 * nothing: the money comes back at most once, and the driver is told once.
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { REFUND_CONFIRMATION_GRACE_MS, REFUND_DESTINATION } from '../../core/wallet';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changed, changedMeanwhile } from '../db/guards';
import type { Payment } from '../db/schema';
import type { Bindings } from '../env';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { isReplay, recordEvent } from './payment-events.data';
import type { PaymentProvider, RefundAccepted, RefundEvent, RefundState } from './gateway';
import { paymentProvider } from './provider';
import {
  markAccepted,
  markRefused,
  refundLedgerRow,
  refundOfTopup,
  refundsAwaitingConfirmation,
  type RefundAttempt,
  type RefundOfTopup,
} from './refunds.data';

type Attempt = { refund: RefundAttempt; payment: Payment };

/** An e-mail about money in the wallet leads to the Wallet. */
export const WALLET_LINK = { label: 'Open your wallet', path: '/wallet' };

export type RefundOutcome = { status: 'refund_settled' | 'duplicate'; refundId: string };

/**
 * The gateway took the refund, under way or done; `before` are statements of the same batch (the
 * event that said so). The driver is told when this is the first news of it. Returns whether the
 * attempt moved on.
 */
export async function acceptRefund(
  ctx: NoticeContext,
  { refund, payment }: Attempt,
  accepted: RefundAccepted,
  before: D1PreparedStatement[] = [],
) {
  const { db } = ctx;
  let results: D1Result[];
  try {
    results = await commit(db, [...before, ...markAccepted(db, refund, accepted)]);
  } catch (error) {
    if (isReplay(error)) return false;
    throw error;
  }
  if (changed(results, before.length)) {
    await afterCommit('Top-up refund notice', () =>
      sendNotice(ctx, payment.userId, {
        note: {
          type: 'PAYMENT_SUCCESS',
          title: 'Top-up Refunded',
          message: `${formatPeso(refund.amountCents)} of your top-up is going back to your ${REFUND_DESTINATION[payment.method]}.`,
        },
        email: { facts: [{ label: 'Refunded', pesos: refund.amountCents }], link: WALLET_LINK },
        key: `refund-accepted:${refund.id}`,
      }),
    );
  }
  return results.slice(before.length).some((_, index) => changed(results, before.length + index));
}

/**
 * The refund did not happen: the attempt `refused` and the money back in the wallet, in one batch that
 * aborts when another settled the attempt first. Returns whether this call put the money back.
 */
export async function returnRefund(db: DB, { refund, payment }: Attempt, reason: string, before: D1PreparedStatement[] = []) {
  try {
    await commit(db, [
      ...before,
      markRefused(db, refund, reason),
      abortUnlessChanged(db),
      refundLedgerRow(db, refund, 1, `Refund to your ${REFUND_DESTINATION[payment.method]} not made: money back in the wallet`),
    ]);
    return true;
  } catch (error) {
    if (changedMeanwhile(error) || isReplay(error)) return false;
    throw error;
  }
}

/** A refund that failed after its request ended: the money back, and the driver told, once. */
async function refundFailed(ctx: NoticeContext, attempt: Attempt, reason: string, before: D1PreparedStatement[] = []) {
  const returned = await returnRefund(ctx.db, attempt, reason, before);
  if (returned) {
    const { refund, payment } = attempt;
    await afterCommit('Top-up refund failure notice', () =>
      sendNotice(ctx, payment.userId, {
        note: {
          type: 'PAYMENT_FAILED',
          title: 'Top-up Refund Not Made',
          message: `Your refund of ${formatPeso(refund.amountCents)} to your ${REFUND_DESTINATION[payment.method]} did not go through: ${reason} The money is back in your wallet.`,
        },
        email: { link: WALLET_LINK },
        key: `refund-returned:${refund.id}`,
      }),
    );
  }
  return returned;
}

/** Settles an attempt by the gateway's own record of the refund. */
function settleByGateway(
  ctx: NoticeContext,
  attempt: Attempt,
  gateway: Exclude<RefundState, { status: 'absent' }>,
  before?: D1PreparedStatement[],
) {
  const { status, providerRefundId } = gateway;
  if (status === 'failed') return refundFailed(ctx, attempt, 'The payment provider could not make the refund.', before);
  return acceptRefund(ctx, attempt, { status, providerRefundId }, before);
}

/**
 * Asks the gateway how a refund not settled yet stands, and settles it by the answer. No refund of ours
 * there, past the grace, means our request never reached it: the money comes back. A gateway that
 * does not answer leaves the attempt as it is, for the next time.
 */
export async function confirmRefund(
  provider: PaymentProvider | null,
  ctx: NoticeContext,
  { refund, payment }: RefundOfTopup,
  now = new Date(),
) {
  const unsettled = refund.status === 'requested' || refund.status === 'pending';
  if (!unsettled || provider?.name !== payment.provider || !payment.providerPaymentId) return;
  let state: RefundState;
  try {
    state = await provider.refundState({
      refundId: refund.id,
      providerPaymentId: payment.providerPaymentId,
      providerRefundId: refund.providerRefundId,
    });
  } catch (error) {
    console.error('The payment provider did not say how a refund stands', error);
    return;
  }
  if (state.status !== 'absent') await settleByGateway(ctx, { refund, payment }, state);
  else if (refund.status === 'requested' && now.getTime() - new Date(refund.createdAt).getTime() >= REFUND_CONFIRMATION_GRACE_MS)
    await refundFailed(ctx, { refund, payment }, 'The refund never reached the payment provider.');
}

/** The daily Cron's part: every refund still unsettled past the grace, asked about one after another; one failing stops none of the others. */
export async function confirmUnsettledRefunds(env: Bindings, db: DB, now = new Date()) {
  const provider = paymentProvider(env);
  for (const unsettled of await refundsAwaitingConfirmation(db, new Date(now.getTime() - REFUND_CONFIRMATION_GRACE_MS))) {
    await confirmRefund(provider, { env, db }, unsettled, now).catch((error) =>
      console.error(`Confirming the refund ${unsettled.refund.id} failed; the next Cron asks again`, error),
    );
  }
}

/**
 * A verified `payment.refund.updated`: settles the refund it names once, recorded with the event's id,
 * so the same event again changes nothing.
 */
export async function settleRefundEvent(ctx: NoticeContext, provider: PaymentProvider, event: RefundEvent): Promise<RefundOutcome> {
  const { db } = ctx;
  const found = await refundOfTopup(db, event.refundId);
  if (found?.payment.provider !== provider.name) throw refusal('not_found', 'Refund not found');
  const { refund, payment } = found;
  const named = refund.providerRefundId ?? event.providerRefundId;
  if (payment.providerPaymentId !== event.providerPaymentId || refund.amountCents !== event.amountCents || named !== event.providerRefundId)
    throw refusal('invalid', 'The webhook does not match the refund it names.');
  const moved = await settleByGateway(ctx, found, event, [recordEvent(db, { id: event.id, type: 'payment.refund.updated' }, payment)]);
  return { status: moved ? 'refund_settled' : 'duplicate', refundId: refund.id };
}
