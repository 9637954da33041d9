/**
 * The wallet's rules for parking money: paying from the wallet and refunding to it, and the auto
 * top-up. Booking code passes its own statements (reservation, charges) to run in the same D1 batch:
 * either the record and its payment both commit or neither does, and the balance CHECK refuses an
 * overdraft under any concurrency. Nothing runs after the batch here: what follows a payment (the
 * auto top-up, notifications) is the caller's best-effort work, so it can never undo the payment.
 */
import { and, eq } from 'drizzle-orm';
import { formatPeso } from '../../core/money';
import { TOPUP_METHOD_LABELS } from '../../core/wallet';
import { auditStatement } from '../audit/audit.service';
import { commit, type DB } from '../db/client';
import { payments } from '../db/schema';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { paymentProvider } from '../payments/provider';
import { deliverSandboxOutcome } from '../payments/payments.service';
import { insertTopupWithinCeiling } from '../payments/topups.data';
import { changed } from '../db/guards';
import { findUserById } from '../users/users.service';
import { ledgerFailure, ledgerInsert } from './ledger';
import { readAutoTopup, walletAfterOf, walletAfterStatement, walletOf, type WalletAfter } from './wallet.data';
import { readSettings } from '../platform/settings.data';
import { refusal } from '../../core/refusal';
import type { PayCodeRequest } from '../../core/wallet-request';
import { lotForBooking } from '../reservations/reservations.data';
import { signPayCode } from './pay-code';

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
  const provider = paymentProvider(env);
  if (!provider?.supportsSavedMethods) return false;
  const wallet = after ?? (await walletOf(db, userId));
  const rule = after ? after.autoTopup : await readAutoTopup(db, wallet.id);
  if (!rule?.enabled || wallet.balanceCents >= rule.thresholdCents) return false;
  const mine = and(eq(payments.userId, userId), eq(payments.method, rule.method));
  const [saved] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(mine, eq(payments.status, 'succeeded')))
    .limit(1);
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.origin, 'auto_topup'), eq(payments.status, 'pending')))
    .limit(1);
  if (!saved || pending) return false;
  // The daily ceiling binds the automatic top-up as it binds the driver's own.
  const { topupMaxCents, dailyTopupMaxCents } = await readSettings(db);
  // A rule saved under a higher single limit than today's is not charged.
  if (rule.amountCents > topupMaxCents) return false;
  const id = newId();
  const topup = {
    id,
    userId,
    walletId: wallet.id,
    provider: provider.name,
    method: rule.method,
    amountCents: rule.amountCents,
    origin: 'auto_topup' as const,
  };
  if (!changed(await commit(db, [insertTopupWithinCeiling(db, topup, dailyTopupMaxCents, new Date())]), 0)) return false;
  const { providerRef } = await provider.chargeSaved({
    paymentId: id,
    amountCents: rule.amountCents,
    method: rule.method,
    description: `Parkada auto top-up ${formatPeso(rule.amountCents)} (${TOPUP_METHOD_LABELS[rule.method]})`,
  });
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
  // The sandbox settles saved-method charges at once; a real gateway's webhook arrives on its own.
  if (provider.sandbox) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, id));
    await deliverSandboxOutcome(env, db, payment, 'paid');
  }
  return true;
}

/**
 * POST /api/wallet/pay-code: the driver's consent for one stay at one lot, up to a limit, to be paid
 * from their wallet (docs/gate.md, Who moves whose money). Only a lot a driver can park at now.
 */
export async function issuePayCode(env: Bindings, db: DB, userId: string, { lotId, limitCents }: PayCodeRequest, now = new Date()) {
  const lot = await lotForBooking(db, lotId);
  if (!lot?.isApproved) throw refusal('not_found', 'Parking lot not found');
  if (!lot.isActive) throw refusal('conflict', `${lot.name} is not open for parking right now: a pay code cannot be made for it.`);
  return signPayCode(env, userId, { lotId, lotName: lot.name, limitCents }, now);
}

/** The ledger's statement and its failures, for the account's deletion (a balance given up: docs/privacy.md). */
export { ledgerFailure, ledgerInsert } from './ledger';
// For the gate, which pays a stay from the wallet its driver's pay code consents to.
export { verifyPayCode, type PayCode } from './pay-code';
/** What other domains read of a wallet: its balance, and what a ledger key moved. */
export { ledgerAmountByKey, walletOf, type WalletAfter } from './wallet.data';
