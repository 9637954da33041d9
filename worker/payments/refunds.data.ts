/** Refunds of top-ups to their source: the attempts, and the ledger rows that move their money. */
import { and, asc, desc, eq, inArray, lte, ne } from 'drizzle-orm';
import { REFUND_DESTINATION, type TopupMethod } from '../../core/wallet';
import { statementOf, type DB } from '../db/client';
import { payments, topupRefunds, type Payment, type TopupRefund } from '../db/schema';
import type { RefundAccepted } from './gateway';
import { ledgerInsert } from './ledger.statements';

/** The top-up's refund made or under way (a refused attempt is not one), or null. */
export async function liveRefundOf(db: DB, paymentId: string): Promise<TopupRefund | null> {
  const [refund] = await db
    .select()
    .from(topupRefunds)
    .where(and(eq(topupRefunds.paymentId, paymentId), ne(topupRefunds.status, 'refused')))
    .orderBy(desc(topupRefunds.createdAt));
  return refund ?? null;
}

export async function refundById(db: DB, id: string): Promise<TopupRefund> {
  const [refund] = await db.select().from(topupRefunds).where(eq(topupRefunds.id, id));
  return refund;
}

export const refundView = (refund: TopupRefund, method: TopupMethod) => ({
  id: refund.id,
  paymentId: refund.paymentId,
  status: refund.status,
  amountCents: refund.amountCents,
  to: REFUND_DESTINATION[method],
  providerRefundId: refund.providerRefundId,
  createdAt: refund.createdAt,
  completedAt: refund.completedAt,
});

/** A refund attempt as its money moves: which, from which wallet, how much. */
export type RefundAttempt = Pick<TopupRefund, 'id' | 'paymentId' | 'walletId' | 'amountCents'>;

/** A refund attempt with the top-up it pays back. */
export type RefundOfTopup = { refund: TopupRefund; payment: Payment };

const refundsOfTopups = (db: DB) =>
  db.select({ refund: topupRefunds, payment: payments }).from(topupRefunds).innerJoin(payments, eq(payments.id, topupRefunds.paymentId));

export async function refundOfTopup(db: DB, refundId: string): Promise<RefundOfTopup | null> {
  const [found] = await refundsOfTopups(db).where(eq(topupRefunds.id, refundId));
  return found ?? null;
}

/** The refunds not settled yet (`requested` or `pending`), asked for before `cutoff`, oldest first. */
export const refundsAwaitingConfirmation = (db: DB, cutoff: Date): Promise<RefundOfTopup[]> =>
  refundsOfTopups(db)
    .where(and(inArray(topupRefunds.status, ['requested', 'pending']), lte(topupRefunds.createdAt, cutoff.toISOString())))
    .orderBy(asc(topupRefunds.createdAt));

/**
 * The ledger row of a refund attempt: the top-up leaves the wallet (`sign` −1) before the gateway is
 * asked, or comes back (+1) when it refused or the refund failed. Both rows carry the attempt's id as
 * their reference, and each is keyed by it, so neither can post twice.
 */
export const refundLedgerRow = (db: DB, refund: RefundAttempt, sign: -1 | 1, description: string) =>
  ledgerInsert(db, {
    walletId: refund.walletId,
    type: 'TOPUP_REFUND',
    amountCents: sign * refund.amountCents,
    description,
    paymentReference: refund.id,
    idempotencyKey: sign < 0 ? `topup-refund:${refund.id}` : `topup-refund:${refund.id}:returned`,
  });

export const insertRefund = (db: DB, refund: RefundAttempt) => statementOf(db, db.insert(topupRefunds).values(refund));

/** The attempt the gateway refused, or whose refund failed: marked so, once (only while not settled). */
export const markRefused = (db: DB, refund: RefundAttempt, reason: string) =>
  statementOf(
    db,
    db
      .update(topupRefunds)
      .set({ status: 'refused', failureReason: reason, completedAt: new Date().toISOString() })
      .where(and(eq(topupRefunds.id, refund.id), inArray(topupRefunds.status, ['requested', 'pending']))),
  );

/**
 * The gateway took the refund: a `requested` attempt takes the gateway's state and id (the first news
 * of it, first statement), and a `pending` one becomes `succeeded` when it is done (second, if any).
 */
export function markAccepted(db: DB, refund: RefundAttempt, { providerRefundId, status }: RefundAccepted) {
  const settled = { providerRefundId, status, completedAt: status === 'succeeded' ? new Date().toISOString() : null };
  const from = (current: 'requested' | 'pending') =>
    statementOf(
      db,
      db
        .update(topupRefunds)
        .set(settled)
        .where(and(eq(topupRefunds.id, refund.id), eq(topupRefunds.status, current))),
    );
  return status === 'succeeded' ? [from('requested'), from('pending')] : [from('requested')];
}
