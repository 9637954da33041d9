/** Refunds of top-ups to their source: the attempts, and the ledger rows that move their money. */
import { and, desc, eq, ne } from 'drizzle-orm';
import { REFUND_DESTINATION, type TopupMethod } from '../../core/wallet';
import { statementOf, type DB } from '../db/client';
import { topupRefunds, type TopupRefund } from '../db/schema';
import { ledgerInsert } from '../wallet/ledger';

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

type NewRefund = Pick<TopupRefund, 'id' | 'paymentId' | 'walletId' | 'amountCents'>;

/**
 * The ledger row of a refund attempt: the top-up leaves the wallet (`sign` −1) before the gateway is
 * asked, or comes back (+1) when it refused. Both rows carry the attempt's id as their reference, and
 * each is keyed by it, so neither can post twice.
 */
export const refundLedgerRow = (db: DB, refund: NewRefund, sign: -1 | 1, description: string) =>
  ledgerInsert(db, {
    walletId: refund.walletId,
    type: 'TOPUP_REFUND',
    amountCents: sign * refund.amountCents,
    description,
    paymentReference: refund.id,
    idempotencyKey: sign < 0 ? `topup-refund:${refund.id}` : `topup-refund:${refund.id}:returned`,
  });

export const insertRefund = (db: DB, refund: NewRefund) => statementOf(db, db.insert(topupRefunds).values(refund));

/** The attempt the gateway refused: marked so, once (only from `requested`). */
export const markRefused = (db: DB, refund: NewRefund, reason: string) =>
  statementOf(
    db,
    db
      .update(topupRefunds)
      .set({ status: 'refused', failureReason: reason, completedAt: new Date().toISOString() })
      .where(and(eq(topupRefunds.id, refund.id), eq(topupRefunds.status, 'requested'))),
  );
