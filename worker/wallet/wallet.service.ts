/**
 * The wallet's rules for parking money: paying from the wallet and refunding to it, the auto top-up,
 * and what the wallet's routes read and change. Top-ups and the ledger's row statement are payments'
 * (below the wallet): the wallet starts them and decides when, and never the other way. Booking code passes its own statements (reservation, charges) to run in the same D1 batch:
 * either the record and its payment both commit or neither does, and the balance CHECK refuses an
 * overdraft under any concurrency. Nothing runs after the batch here: what follows a payment (the
 * auto top-up, notifications) is the caller's best-effort work, so it can never undo the payment.
 */
import { lotUnavailable } from '../../core/lot-sale';
import { invalidField, refusal } from '../../core/refusal';
import { topupTooLarge } from '../../core/wallet';
import type { AutoTopupRule, PayCodeRequest, TopupInput } from '../../core/wallet-request';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import type { IdempotentRequest } from '../db/idempotency-keys';
import type { PageRequest } from '../db/pages';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { lotById } from '../lots/lots.service';
import { paymentProvider, paymentView, startAutoTopup, startTopup } from '../payments/payments.service';
import { ledgerFailure, ledgerInsert } from '../payments/ledger.statements';
import { readSettings } from '../platform/settings.data';
import { findUserById } from '../users/users.data';
import { signPayCode } from './pay-code';
import {
  ledgerAmountByKey,
  listTransactions,
  paymentMethodsUsed,
  readAutoTopup,
  saveAutoTopup,
  statement,
  walletAfterOf,
  walletAfterStatement,
  walletOf,
  walletSummary,
  type WalletAfter,
} from './wallet.data';

export type WalletMovement = {
  userId: string;
  reservationId: string | null;
  amountCents: number;
  description: string;
  /** Unique per wallet, e.g. `reservation:<id>:booking`: the same movement never posts twice. */
  idempotencyKey: string;
  /** The wallet's id when the caller has read it already (one read fewer). */
  walletId?: string;
};

export type SpendResult =
  | { ok: true; transactionId: string; wallet: WalletAfter }
  | { ok: false; reason: 'insufficient_funds'; balanceCents: number; missingCents: number }
  | { ok: false; reason: 'duplicate' };

/** Debits a PAYMENT; `before` runs first in the same transaction (e.g. the reservation it pays for). */
export async function payFromWallet(db: DB, movement: WalletMovement, before: D1PreparedStatement[] = []): Promise<SpendResult> {
  return post(db, 'PAYMENT', -movement.amountCents, movement, before);
}

/**
 * Credits a REFUND of an earlier payment (points for it are taken back in the same row), with its
 * REFUND audit entry in the same batch. A refund the driver asked for (a cancellation, a change to a
 * cheaper window) has them as the entry's actor; one staff gave (a gate charge paid back) names them
 * and their reason.
 */
export async function refundToWallet(
  db: DB,
  movement: WalletMovement,
  before: D1PreparedStatement[] = [],
  givenBy?: { user: SessionUser; subject: string; reason: string },
): Promise<SpendResult> {
  const actor = givenBy?.user ?? (await findUserById(db, movement.userId))!;
  const audit = auditStatement(db, actor, {
    action: 'REFUND',
    subject: givenBy?.subject ?? (movement.reservationId ? `reservation:${movement.reservationId}` : `user:${movement.userId}`),
    context: {
      amountCents: movement.amountCents,
      description: movement.description,
      ...(givenBy && { reason: givenBy.reason, to: 'wallet' }),
    },
  });
  return post(db, 'REFUND', movement.amountCents, movement, [...before, audit]);
}

async function post(
  db: DB,
  type: 'PAYMENT' | 'REFUND',
  amountCents: number,
  movement: WalletMovement,
  before: D1PreparedStatement[],
): Promise<SpendResult> {
  const walletId = movement.walletId ?? (await walletOf(db, movement.userId)).id;
  const transactionId = newId();
  let results: D1Result[];
  try {
    results = await commit(db, [
      ...before,
      ledgerInsert(db, {
        id: transactionId,
        walletId,
        type,
        amountCents,
        description: movement.description,
        reservationId: movement.reservationId,
        idempotencyKey: movement.idempotencyKey,
      }),
      walletAfterStatement(db, walletId),
    ]);
  } catch (error) {
    const failure = ledgerFailure(error);
    if (failure === 'duplicate') return { ok: false, reason: 'duplicate' };
    if (failure !== 'insufficient_funds') throw error;
    const { balanceCents } = await walletOf(db, movement.userId);
    return { ok: false, reason: 'insufficient_funds', balanceCents, missingCents: Math.max(0, -amountCents - balanceCents) };
  }
  return { ok: true, transactionId, wallet: walletAfterOf(walletId, results.at(-1)!) };
}

/**
 * The auto top-up rule: after a payment leaves the balance under the threshold, charge the saved
 * method once (never while an auto top-up is still pending). Needs a provider that keeps saved
 * methods and a method this account has already paid with successfully. `after`: the wallet as the
 * payment's own batch read it, when there is one.
 */
export async function autoTopupIfLow(env: Bindings, db: DB, userId: string, after?: WalletAfter): Promise<boolean> {
  if (!paymentProvider(env)?.supportsSavedMethods) return false;
  const wallet = after ?? (await walletOf(db, userId));
  const rule = after ? after.autoTopup : await readAutoTopup(db, wallet.id);
  if (!rule?.enabled || wallet.balanceCents >= rule.thresholdCents) return false;
  return startAutoTopup(env, db, { userId, walletId: wallet.id }, rule);
}

/**
 * POST /api/wallet/pay-code: the driver's consent for one stay at one lot, up to a limit, to be paid
 * from their wallet (docs/gate.md, Who moves whose money). Only a lot a driver can park at now.
 */
export async function issuePayCode(
  env: Bindings,
  db: DB,
  userId: string,
  { lotId, limitCents, voucherId }: PayCodeRequest,
  now = new Date(),
) {
  const lot = await lotById(db, lotId);
  if (!lot?.isApproved) throw refusal('not_found', 'Parking lot not found');
  if (!lot.onSale) throw refusal('conflict', lotUnavailable(lot.name));
  return signPayCode(env, userId, { lotId, lotName: lot.name, limitCents, voucherId }, now);
}

/** GET /api/wallet/transactions: a page of the driver's ledger. */
export async function walletTransactions(db: DB, userId: string, list: { pointsOnly: boolean; page: PageRequest }) {
  const wallet = await walletOf(db, userId);
  return listTransactions(db, wallet.id, list);
}

/** POST /api/wallet/topup: a top-up into the driver's wallet, started at the gateway; its webhook credits it. */
export async function topUp(env: Bindings, db: DB, input: TopupInput, request: IdempotentRequest, appUrl: string) {
  const wallet = await walletOf(db, request.userId);
  const { payment, replayed } = await startTopup(env, db, { ...input, walletId: wallet.id }, request, appUrl);
  return { topup: paymentView(payment, paymentProvider(env)), replayed };
}

/** GET /api/wallet/statement: one Manila month of the driver's ledger. */
export async function walletStatement(db: DB, userId: string, month: string) {
  const wallet = await walletOf(db, userId);
  return statement(db, wallet.id, month);
}

/** The driver's auto top-up rule, and whether the configured gateway can charge a saved method at all. */
export async function autoTopupSettings(env: Bindings, db: DB, userId: string) {
  const wallet = await walletOf(db, userId);
  return { rule: await readAutoTopup(db, wallet.id), supported: !!paymentProvider(env)?.supportsSavedMethods };
}

/** PUT /api/wallet/auto-topup: a rule within today's single top-up limit. */
export async function saveAutoTopupRule(env: Bindings, db: DB, userId: string, rule: AutoTopupRule) {
  const wallet = await walletOf(db, userId);
  const tooLarge = topupTooLarge(rule.amountCents, (await readSettings(db)).topupMaxCents);
  if (tooLarge) throw invalidField('amountCents', tooLarge);
  await saveAutoTopup(db, wallet.id, rule);
  return { rule, supported: !!paymentProvider(env)?.supportsSavedMethods };
}

/** GET /api/wallet: the balance, the points and the level, with this month's. */
export const walletOverview = (db: DB, userId: string, now = new Date()) => walletSummary(db, userId, now);

/** Wallet Settings → Payment Methods: the methods this account has paid with, most recent first. */
export const paymentMethodsOf = (db: DB, userId: string) => paymentMethodsUsed(db, userId);
export { refundTopup } from '../payments/payments.service';

// What the other domains use of the wallet: its rows, its ledger (kept in payments, below it) and the pay code.
/** The driver's wallet: its balance and points (every account has one from its sign-up). */
export const driverWallet = (db: DB, userId: string) => walletOf(db, userId);

/** The amount of the driver's ledger row posted under `idempotencyKey`, or null when none was: a refund asked again. */
export const amountPostedUnder = (db: DB, userId: string, idempotencyKey: string) => ledgerAmountByKey(db, userId, idempotencyKey);

export { pointsRedeemable } from '../payments/payments.service';
export { verifyPayCode, type PayCode } from './pay-code';
