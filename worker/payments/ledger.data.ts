/**
 * The wallet ledger: the only code that writes `wallet_transactions`. A row's insert moves the balance
 * (trigger `wallet_tx_apply`, migrations/0002), and the wallets CHECK refuses an overdraft, so these
 * statements are safe to run in any D1 batch (one transaction) next to the records they pay for.
 * It sits in payments, below the wallet, so a payment's settlement posts its row in its own batch
 * (docs/payments.md, The ledger); every other domain reaches it through wallet.service.
 */
import { eq } from 'drizzle-orm';
import { CENTS_PER_POINT, type TransactionType } from '../../core/wallet';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { violates } from '../db/constraints';
import { wallets } from '../db/schema';

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
};

/**
 * `pointsForSpend` of core/wallet.ts in SQL, over a net spend in cents (ledger.test.ts compares the
 * two). D1 may bind JS numbers as REAL, hence the CAST: integer division must not become a fraction
 * of a point.
 */
const pointsForSpendSql = (netSpend: string) => `CAST(MAX(0, ${netSpend}) / ${CENTS_PER_POINT} AS INTEGER)`;

/**
 * Insert statement for one ledger row. For PAYMENT and REFUND rows of a reservation the points are
 * computed inside the same statement, so the reservation always holds `pointsForSpend(net paid)`:
 * delta = points(net after this row) − points(net before it). The rule is repeated in SQL because
 * the net before the row is only known inside the transaction that writes it.
 */
export function ledgerInsert(db: DB, entry: LedgerEntry & { id?: string }): D1PreparedStatement {
  const id = entry.id ?? newId();
  const earnsPoints = (entry.type === 'PAYMENT' || entry.type === 'REFUND') && entry.reservationId ? 1 : 0;
  return db.$client
    .prepare(
      `INSERT INTO wallet_transactions
         (id, wallet_id, type, amount_cents, currency, description, reservation_id, payment_reference, idempotency_key, points_delta)
       SELECT ?1, ?2, ?3, ?4, 'PHP', ?5, ?6, ?7, ?8,
              CASE WHEN ?9 = 1 THEN
                ${pointsForSpendSql('-(COALESCE(SUM(amount_cents), 0) + ?4)')}
                  - ${pointsForSpendSql('-COALESCE(SUM(amount_cents), 0)')}
              ELSE 0 END
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
    );
}

export type LedgerFailure = 'insufficient_funds' | 'duplicate';

/** What a failed batch containing ledger rows means for the caller, or null for any other error. */
export function ledgerFailure(error: unknown): LedgerFailure | null {
  if (violates(error, 'wallets_balance_nonneg')) return 'insufficient_funds';
  if (violates(error, 'UNIQUE constraint failed: wallet_transactions')) return 'duplicate';
  return null;
}

/** What the wallet holds now: the balance its ledger rows add up to. */
export async function balanceOf(db: DB, walletId: string): Promise<number> {
  const [wallet] = await db.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.id, walletId));
  return wallet.balanceCents;
}
