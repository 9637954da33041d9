import type { TransactionType } from '../../core/wallet';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { violates } from '../db/constraints';
import { pendingPointsSql, pointsForSpendSql } from './ledger.data';

export type LedgerEntry = {
  walletId: string;
  type: TransactionType;
  /** Signed: positive credits the wallet, negative debits it. */
  amountCents: number;
  description: string;
  reservationId?: string | null;
  paymentReference?: string | null;
  /** Unique per wallet: the same key can never post twice. */
  idempotencyKey?: string | null;
  /**
   * Points this row moves when they are not earned by parking (a REWARD spends them: negative). The
   * wallets CHECK refuses a row that would take more points than are held.
   */
  pointsDelta?: number;
};

export function ledgerInsert(db: DB, entry: LedgerEntry & { id?: string }): D1PreparedStatement {
  const id = entry.id ?? newId();
  const earnsPoints = (entry.type === 'PAYMENT' || entry.type === 'REFUND') && entry.reservationId ? 1 : 0;
  return db.$client
    .prepare(
      `INSERT INTO wallet_transactions
         (id, wallet_id, type, amount_cents, currency, description, reservation_id, payment_reference, idempotency_key, points_delta)
       SELECT ?1, ?2, ?3, ?4, 'PHP', ?5, ?6, ?7, ?8,
              CASE WHEN ?9 = 1 THEN MAX(
                ${pointsForSpendSql('-(COALESCE(SUM(amount_cents), 0) + ?4)')}
                  - ${pointsForSpendSql('-COALESCE(SUM(amount_cents), 0)')},
                -(SELECT points FROM wallets WHERE id = ?2))
              ELSE ?10 END
         FROM wallet_transactions
        WHERE wallet_id = ?2 AND reservation_id IS ?6 AND type IN ('PAYMENT', 'REFUND')`,
    )
    .bind(
      id,
      entry.walletId,
      entry.type,
      entry.amountCents,
      entry.description,
      entry.reservationId ?? null,
      entry.paymentReference ?? null,
      entry.idempotencyKey ?? null,
      earnsPoints,
      entry.pointsDelta ?? 0,
    );
}

export function rewardInsert(
  db: DB,
  row: { id: string; walletId: string; costPoints: number; creditCents: number; description: string; idempotencyKey: string },
  refundableFrom: string,
): D1PreparedStatement {
  return db.$client
    .prepare(
      `INSERT INTO wallet_transactions (id, wallet_id, type, amount_cents, currency, description, idempotency_key, points_delta)
       SELECT ?1, w.id, 'REWARD', ?3, 'PHP', ?4, ?5, -?6
         FROM wallets w
        WHERE w.id = ?2 AND w.points - ${pendingPointsSql('?7')} >= ?6`,
    )
    .bind(row.id, row.walletId, row.creditCents, row.description, row.idempotencyKey, row.costPoints, refundableFrom);
}

export type LedgerFailure = 'insufficient_funds' | 'insufficient_points' | 'duplicate';

/** What a failed batch containing ledger rows means for the caller, or null for any other error. */
export function ledgerFailure(error: unknown): LedgerFailure | null {
  if (violates(error, 'wallets_balance_nonneg')) return 'insufficient_funds';
  if (violates(error, 'wallets_points_nonneg')) return 'insufficient_points';
  if (violates(error, 'UNIQUE constraint failed: wallet_transactions')) return 'duplicate';
  return null;
}
