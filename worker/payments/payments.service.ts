/**
 * Top-ups: a payment started at the gateway, settled by its verified webhook (or by asking the gateway
 * once its checkout lapsed), and the TOPUP ledger row posted in the settlement's own batch. The other
 * domains reach payments here.
 */
import { formatPeso } from '../../core/money';
import { invalidField, refusal } from '../../core/refusal';
import { dailyTopupExceeded, TOPUP_METHOD_LABELS, topupTooLarge } from '../../core/wallet';
import type { AutoTopupRule, TopupInput } from '../../core/wallet-request';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changed, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { Bindings } from '../env';
import { readSettings } from '../platform/settings.data';
import {
  autoTopupPending,
  findOwnPayment,
  hasPaidWith,
  insertTopupWithinCeiling,
  markCheckoutFailed,
  paymentById,
  recordGatewayAnswer,
  topupsToday,
  type NewTopup,
} from './payments.data';
import { PAYMENT_UNAVAILABLE, paymentProvider } from './provider';
import { deliverSandboxOutcome } from './topup-settlement.service';
import { redeemablePoints } from './ledger.data';

/**
 * POST /api/wallet/topup: a pending payment into `walletId` and a provider checkout. No money moves
 * here; the provider's webhook settles it. Returns the payment and whether it was an idempotent replay.
 */
export async function startTopup(
  env: Bindings,
  db: DB,
  { walletId, ...input }: TopupInput & { walletId: string },
  request: IdempotentRequest,
  appUrl: string,
  now = new Date(),
) {
  const provider = paymentProvider(env);
  if (!provider) throw refusal('unavailable', PAYMENT_UNAVAILABLE);
  const replay = await priorResource(db, request);
  if (replay) return { payment: (await findOwnPayment(db, request.userId, replay))!, replayed: true };
  if (provider.minimumCents && input.amountCents < provider.minimumCents)
    throw refusal('invalid', `A top-up is at least ${formatPeso(provider.minimumCents)}.`);

  const { topupMaxCents, dailyTopupMaxCents } = await readSettings(db);
  const tooLarge = topupTooLarge(input.amountCents, topupMaxCents);
  if (tooLarge) throw invalidField('amountCents', tooLarge);
  const id = newId();
  const topup = { id, userId: request.userId, walletId, provider: provider.name, origin: 'topup' as const, ...input };
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
    await recordGatewayAnswer(db, id, checkout);
  } catch (error) {
    console.error('Payment provider refused the checkout', error);
    await markCheckoutFailed(db, id);
    throw refusal('upstream_failed', 'The payment provider did not answer. No money was taken; please try again.');
  }
  return { payment: (await findOwnPayment(db, request.userId, id))!, replayed: false };
}

/**
 * The auto top-up's charge (docs/wallet.md): the rule's amount from a method the driver has paid with
 * before, never while another auto top-up is pending, within the limits of a top-up and of the day.
 * Settled like any top-up, by its webhook (the sandbox's at once). Returns whether it was charged.
 */
export async function startAutoTopup(env: Bindings, db: DB, payer: { userId: string; walletId: string }, rule: AutoTopupRule) {
  const provider = paymentProvider(env);
  if (!provider?.supportsSavedMethods) return false;
  if (!(await hasPaidWith(db, payer.userId, rule.method)) || (await autoTopupPending(db, payer.userId))) return false;
  // The daily ceiling binds the automatic top-up as it binds the driver's own.
  const { topupMaxCents, dailyTopupMaxCents } = await readSettings(db);
  // A rule saved under a higher single limit than today's is not charged.
  if (rule.amountCents > topupMaxCents) return false;
  const topup: NewTopup = {
    id: newId(),
    ...payer,
    provider: provider.name,
    method: rule.method,
    amountCents: rule.amountCents,
    origin: 'auto_topup',
  };
  if (!changed(await commit(db, [insertTopupWithinCeiling(db, topup, dailyTopupMaxCents, new Date())]), 0)) return false;
  const { providerRef } = await provider.chargeSaved({
    paymentId: topup.id,
    amountCents: rule.amountCents,
    method: rule.method,
    description: `Parkada auto top-up ${formatPeso(rule.amountCents)} (${TOPUP_METHOD_LABELS[rule.method]})`,
  });
  await recordGatewayAnswer(db, topup.id, { providerRef });
  // The sandbox settles saved-method charges at once; a real gateway's webhook arrives on its own.
  if (provider.sandbox) await deliverSandboxOutcome(env, db, await paymentById(db, topup.id), 'paid');
  return true;
}

/** One of the driver's payments; undefined when they have no such payment. */
export const ownPayment = (db: DB, userId: string, paymentId: string) => findOwnPayment(db, userId, paymentId);

/** The points a wallet can redeem now: those it holds, less those of bookings still cancellable for a refund. */
export const pointsRedeemable = (db: DB, walletId: string, refundableFrom: string) => redeemablePoints(db, walletId, refundableFrom);

export { paymentView } from './payment-view';
export { deliverSandboxOutcome, settleFromWebhook } from './topup-settlement.service';
export { paymentProvider, PAYMENT_UNAVAILABLE } from './provider';
export { refundTopup, topupDetail } from './refunds.service';
