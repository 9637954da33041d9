/**
 * How a top-up settles: the one place a top-up credits a wallet. The gateway's verified webhook, or
 * our asking it once the checkout lapsed, moves the payment on, and the TOPUP ledger row is posted in
 * the same batch (docs/payments.md).
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { CHECKOUT_LIFE_MS, TOPUP_METHOD_LABELS } from '../../core/wallet';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { changed } from '../db/guards';
import type { Payment } from '../db/schema';
import type { Bindings } from '../env';
import { sendNotice } from '../notifications/notifications.service';
import { webhookEventSchema, type CheckoutState, type PaymentEvent } from './gateway';
import { ledgerInsert } from './ledger.statements';
import { isReplay, recordEvent, type Settlement } from './payment-events.data';
import { findOwnPayment, markPaid, markUnpaid, paymentNamedBy } from './payments.data';
import { paymentProvider } from './provider';
import { settleRefundEvent, WALLET_LINK, type RefundOutcome } from './refund-settlement.service';
import { createSandboxProvider } from './sandbox-provider';

export type WebhookOutcome =
  | { status: 'credited' | 'failed' | 'expired' | 'duplicate'; paymentId: string }
  | RefundOutcome
  | { status: 'ignored'; event: string };

/**
 * The one place a top-up credits a wallet: a webhook whose signature verified. The event id, the
 * payment's state change and the TOPUP ledger row (keyed `payment:<id>`) commit together, so a
 * replayed or repeated event credits nothing more.
 */
export async function settleFromWebhook(
  env: Bindings,
  db: DB,
  providerName: string,
  rawBody: string,
  headers: Headers,
): Promise<WebhookOutcome> {
  const provider = paymentProvider(env);
  if (!provider || provider.name !== providerName) throw refusal('not_found', `No payment provider named ${providerName} is configured.`);
  const payload = await provider.verifyWebhook(rawBody, headers);
  if (payload === null) throw refusal('unauthenticated', 'Invalid webhook signature.');
  if (typeof payload === 'object' && 'ignored' in payload) return { status: 'ignored', event: String(payload.ignored) };
  const parsed = webhookEventSchema.safeParse(payload);
  if (!parsed.success) throw refusal('invalid', 'Malformed webhook event.');
  const event = parsed.data;
  if (event.type === 'refund.updated') return settleRefundEvent({ env, db }, provider, event);
  const payment = await paymentNamedBy(db, provider.name, event);
  if (!payment) throw refusal('not_found', 'Payment not found');
  if ((event.providerRef && payment.providerRef !== event.providerRef) || payment.amountCents !== event.amountCents) {
    throw refusal('invalid', 'The webhook does not match the payment it names.');
  }
  return event.type === 'payment.paid' ? credit(env, db, payment, event) : fail(env, db, payment, event);
}

async function credit(
  env: Bindings,
  db: DB,
  payment: Payment,
  event: Settlement & Pick<PaymentEvent, 'providerPaymentId'>,
): Promise<WebhookOutcome> {
  try {
    await commit(db, [
      recordEvent(db, event, payment),
      markPaid(db, payment.id, event.providerPaymentId ?? null),
      ledgerInsert(db, {
        walletId: payment.walletId,
        type: 'TOPUP',
        amountCents: payment.amountCents,
        description: `${payment.origin === 'auto_topup' ? 'Auto top-up' : 'Top-up'} via ${TOPUP_METHOD_LABELS[payment.method]}`,
        paymentReference: payment.providerRef,
        idempotencyKey: `payment:${payment.id}`,
      }),
    ]);
  } catch (error) {
    if (isReplay(error)) return { status: 'duplicate', paymentId: payment.id };
    throw error;
  }
  await afterCommit('Top-up notice', () =>
    sendNotice({ env, db }, payment.userId, {
      note: {
        type: 'PAYMENT_SUCCESS',
        title: 'Top-up Successful',
        message: `${formatPeso(payment.amountCents)} was added to your wallet via ${TOPUP_METHOD_LABELS[payment.method]}.`,
      },
      email: { link: WALLET_LINK },
      key: `topup-credited:${payment.id}`,
    }),
  );
  return { status: 'credited', paymentId: payment.id };
}

/**
 * A top-up that ends unpaid: declined (`failed`) or lapsed (`expired`). Only a pending one changes, so
 * the driver is told once whichever events arrive, and in any order.
 */
async function endUnpaid(
  env: Bindings,
  db: DB,
  payment: Payment,
  event: Settlement,
  status: 'failed' | 'expired',
  reason: string,
): Promise<WebhookOutcome> {
  let results: D1Result[];
  try {
    results = await commit(db, [recordEvent(db, event, payment), markUnpaid(db, payment.id, status, reason)]);
  } catch (error) {
    if (isReplay(error)) return { status: 'duplicate', paymentId: payment.id };
    throw error;
  }
  if (changed(results, 1)) {
    await afterCommit('Top-up failure notice', () =>
      sendNotice({ env, db }, payment.userId, {
        note: {
          type: 'PAYMENT_FAILED',
          title: status === 'failed' ? 'Top-up Failed' : 'Top-up Expired',
          message: `Your top-up of ${formatPeso(payment.amountCents)} did not go through: ${reason}`,
        },
        email: { link: WALLET_LINK },
        key: `topup-unpaid:${payment.id}`,
      }),
    );
  }
  return { status, paymentId: payment.id };
}

const fail = (env: Bindings, db: DB, payment: Payment, event: PaymentEvent) =>
  endUnpaid(env, db, payment, event, 'failed', event.reason ?? 'The payment was declined.');

/**
 * A top-up still pending after its checkout's life: the gateway is asked how the checkout stands
 * (PayMongo sends no event when a Checkout Session lapses). Paid: credited as its event would have
 * (an event arriving later is a duplicate). Otherwise we stop waiting: `expired`, once. Asked when
 * the payment is read, which the return page does until it is settled; a gateway that does not
 * answer leaves it pending for the next read.
 */
export async function settleIfLapsed(env: Bindings, db: DB, payment: Payment, now = new Date()): Promise<Payment> {
  const provider = paymentProvider(env);
  const lapsed = now.getTime() - new Date(payment.createdAt).getTime() >= CHECKOUT_LIFE_MS;
  if (payment.status !== 'pending' || !lapsed || provider?.name !== payment.provider || !payment.providerRef) return payment;
  let state: CheckoutState;
  try {
    state = await provider.checkoutState(payment.providerRef);
  } catch (error) {
    console.error('The payment provider did not say how a lapsed checkout stands', error);
    return payment;
  }
  // The checkout's own id keys the look-up, so it settles once however often the payment is read.
  const lookup = { id: `lookup:${payment.providerRef}`, type: `lookup.${state.status}` };
  if (state.status === 'paid' && state.amountCents === payment.amountCents)
    await credit(env, db, payment, { ...lookup, providerPaymentId: state.providerPaymentId });
  else if (state.status !== 'paid') await endUnpaid(env, db, payment, lookup, 'expired', 'The checkout was not completed in time.');
  return (await findOwnPayment(db, payment.userId, payment.id))!;
}

/**
 * The sandbox gateway's side of a payment: the payer's decision on its checkout (or an auto top-up
 * charge) is POSTed back as a signed webhook. Delivered in-process through the same verification
 * path a real gateway's request takes.
 */
export async function deliverSandboxOutcome(env: Bindings, db: DB, payment: Payment, outcome: 'paid' | 'failed') {
  const sandbox = createSandboxProvider(env.SANDBOX_WEBHOOK_SECRET ?? '');
  const { body, headers } = await sandbox.webhookFor({
    type: outcome === 'paid' ? 'payment.paid' : 'payment.failed',
    paymentId: payment.id,
    providerRef: payment.providerRef ?? undefined,
    amountCents: payment.amountCents,
    ...(outcome === 'paid' ? { providerPaymentId: `sbx_pay_${payment.id}` } : { reason: 'The payer declined the payment.' }),
  });
  return settleFromWebhook(env, db, 'sandbox', body, headers);
}
