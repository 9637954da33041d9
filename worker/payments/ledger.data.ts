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
  /**
   * Points this row moves when they are not earned by parking (a REWARD spends them: negative). The
   * wallets CHECK refuses a row that would take more points than are held.
   */
  pointsDelta?: number;
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
 * the net before the row is only known inside the transaction that writes it. A refund takes back
 * at most the points held: those already redeemed are spent (only a refund after the stay began can
 * find them so; docs/wallet.md, Rewards), and the refund itself must never be refused for points.
 */
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

/**
 * The REWARD row of a redemption: `costPoints` spent, `creditCents` (0 for a voucher) into the wallet.
 * Inserted only while the wallet holds that many points beyond those of bookings that can still be
 * cancelled for a refund (starting after `refundableFrom`), so no refund can find them spent; nothing
 * is inserted otherwise (put `abortUnlessChanged` after it). The wallets CHECK is the last word.
 */
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

/** Points of the wallet `w` earned by bookings still cancellable for a refund (`refundableFrom`: the earliest such start). */
const pendingPointsSql = (
  refundableFrom: string,
) => `(SELECT COALESCE(SUM(t.points_delta), 0) FROM wallet_transactions t JOIN reservations r ON r.id = t.reservation_id
        WHERE t.wallet_id = w.id AND r.status = 'CONFIRMED' AND r.start_ts >= ${refundableFrom})`;

/** The points a wallet can redeem now: held, less those of bookings still cancellable for a refund. */
export async function redeemablePoints(db: DB, walletId: string, refundableFrom: string) {
  const row = await db.$client
    .prepare(`SELECT w.points - ${pendingPointsSql('?2')} AS redeemable, w.points AS held FROM wallets w WHERE w.id = ?1`)
    .bind(walletId, refundableFrom)
    .first<{ redeemable: number; held: number }>();
  return row!;
}

export type LedgerFailure = 'insufficient_funds' | 'insufficient_points' | 'duplicate';

/** What a failed batch containing ledger rows means for the caller, or null for any other error. */
export function ledgerFailure(error: unknown): LedgerFailure | null {
  if (violates(error, 'wallets_balance_nonneg')) return 'insufficient_funds';
  if (violates(error, 'wallets_points_nonneg')) return 'insufficient_points';
  if (violates(error, 'UNIQUE constraint failed: wallet_transactions')) return 'duplicate';
  return null;
}

/** What the wallet holds now: the balance its ledger rows add up to. */
export async function balanceOf(db: DB, walletId: string): Promise<number> {
  const [wallet] = await db.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.id, walletId));
  return wallet.balanceCents;
}
