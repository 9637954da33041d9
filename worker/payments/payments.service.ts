import { and, eq, inArray } from 'drizzle-orm';
import { formatPeso } from '../../core/money';
import { CHECKOUT_LIFE_MS, dailyTopupExceeded, TOPUP_METHOD_LABELS, topupTooLarge } from '../../core/wallet';
import type { TopupInput } from '../../core/wallet-request';
import { commit, statementOf, type DB } from '../db/client';
import { payments, type Payment } from '../db/schema';
import { abortUnlessChanged, changed, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { refusal } from '../../core/refusal';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { afterCommit } from '../db/after-commit';
import { sendNotice } from '../notifications/notifications.service';
import { ledgerInsert } from '../wallet/ledger';
import { walletOf } from '../wallet/wallet.data';
import {
  PAYMENT_UNAVAILABLE,
  paymentProvider,
  webhookEventSchema,
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
} from './provider';
import { isReplay, recordEvent, type Settlement } from './payment-events.data';
import { settleRefundEvent, WALLET_LINK, type RefundOutcome } from './refund-settlement';
import { createSandboxProvider } from './sandbox-provider';
import { readSettings } from '../platform/settings.data';
import { insertTopupWithinCeiling, topupsToday } from './topups.data';

export const paymentView = (payment: Payment, provider: PaymentProvider | null) => ({
  id: payment.id,
  status: payment.status,
  amountCents: payment.amountCents,
  currency: payment.currency,
  method: payment.method,
  provider: payment.provider,
  sandbox: payment.provider === 'sandbox' || !!provider?.sandbox,
  origin: payment.origin,
  checkoutUrl: payment.checkoutUrl,
  failureReason: payment.failureReason,
  createdAt: payment.createdAt,
  completedAt: payment.completedAt,
});

export async function findOwnPayment(db: DB, userId: string, paymentId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  return payment ?? null;
}

/**
 * POST /api/wallet/topup: a pending payment and a provider checkout. No money moves here; the
 * provider's webhook settles it. Returns the payment and whether it was an idempotent replay.
 */
export async function startTopup(env: Bindings, db: DB, input: TopupInput, request: IdempotentRequest, appUrl: string, now = new Date()) {
  const provider = paymentProvider(env);
  if (!provider) throw refusal('unavailable', PAYMENT_UNAVAILABLE);
  const replay = await priorResource(db, request);
  if (replay) return { payment: (await findOwnPayment(db, request.userId, replay))!, replayed: true };
  if (provider.minimumCents && input.amountCents < provider.minimumCents)
    throw refusal('invalid', `A top-up is at least ${formatPeso(provider.minimumCents)}.`);

  const { topupMaxCents, dailyTopupMaxCents } = await readSettings(db);
  const tooLarge = topupTooLarge(input.amountCents, topupMaxCents);
  if (tooLarge) throw refusal('invalid', tooLarge);
  const wallet = await walletOf(db, request.userId);
  const id = newId();
  const topup = { id, userId: request.userId, walletId: wallet.id, provider: provider.name, origin: 'topup' as const, ...input };
  try {
    await commit(db, [
      insertTopupWithinCeiling(db, topup, dailyTopupMaxCents, now),
      abortUnlessChanged(db),
      recordIdempotencyKey(db, request, id),
    ]);
  } catch (error) {
    if (changedMeanwhile(error))
      throw refusal('invalid', dailyTopupExceeded(dailyTopupMaxCents, await topupsToday(db, request.userId, now)));
    if (!isIdempotencyRace(error)) throw error;
    const winner = await priorResource(db, request);
    return { payment: (await findOwnPayment(db, request.userId, winner!))!, replayed: true };
  }
  const intent = {
    paymentId: id,
    amountCents: input.amountCents,
    method: input.method,
    description: `Parkada wallet top-up ${formatPeso(input.amountCents)}`,
  };
  try {
    const checkout = await provider.createCheckout(intent, appUrl);
    await db.update(payments).set(checkout).where(eq(payments.id, id));
  } catch (error) {
    console.error('Payment provider refused the checkout', error);
    await db.update(payments).set({ status: 'failed', failureReason: 'The payment provider did not answer.' }).where(eq(payments.id, id));
    throw refusal('upstream_failed', 'The payment provider did not answer. No money was taken; please try again.');
  }
  return { payment: (await findOwnPayment(db, request.userId, id))!, replayed: false };
}

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
  const named = event.paymentId ? eq(payments.id, event.paymentId) : eq(payments.providerIntentId, event.providerIntentId!);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(named, eq(payments.provider, provider.name)));
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
  const completedAt = new Date().toISOString();
  try {
    await commit(db, [
      recordEvent(db, event, payment),
      // A gateway that captured the money is believed even after an earlier failure, or after we stopped waiting.
      statementOf(
        db,
        db
          .update(payments)
          .set({ status: 'succeeded', completedAt, failureReason: null, providerPaymentId: event.providerPaymentId ?? null })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed', 'expired']))),
      ),
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
    results = await commit(db, [
      recordEvent(db, event, payment),
      statementOf(
        db,
        db
          .update(payments)
          .set({ status, failureReason: reason, completedAt: new Date().toISOString() })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'))),
      ),
    ]);
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

/** The configured payment provider (null when none), as System Health reports it (admin/system-health.service.ts). */
export { paymentProvider } from './provider';
