/**
 * The wallet ledger: the only code that writes `wallet_transactions`. A row's insert moves the balance
 * (trigger `wallet_tx_apply`, migrations/0002), and the wallets CHECK refuses an overdraft, so these
 * statements are safe to run in any D1 batch (one transaction) next to the records they pay for.
 * It sits in payments, below the wallet, so a payment's settlement posts its row in its own batch
 * (docs/payments.md, The ledger); every other domain reaches it through wallet.service.
 */
import { eq } from 'drizzle-orm';
import { CENTS_PER_POINT } from '../../core/wallet';
import type { DB } from '../db/client';
import { wallets } from '../db/schema';

/**
 * `pointsForSpend` of core/wallet.ts in SQL, over a net spend in cents (ledger.test.ts compares the
 * two). D1 may bind JS numbers as REAL, hence the CAST: integer division must not become a fraction
 * of a point.
 */
export const pointsForSpendSql = (netSpend: string) => `CAST(MAX(0, ${netSpend}) / ${CENTS_PER_POINT} AS INTEGER)`;

/**
 * Insert statement for one ledger row. For PAYMENT and REFUND rows of a reservation the points are
 * computed inside the same statement, so the reservation always holds `pointsForSpend(net paid)`:
 * delta = points(net after this row) − points(net before it). The rule is repeated in SQL because
 * the net before the row is only known inside the transaction that writes it. A refund takes back
 * at most the points held: those already redeemed are spent (only a refund after the stay began can
 * find them so; docs/wallet.md, Rewards), and the refund itself must never be refused for points.
 */
/**
 * The REWARD row of a redemption: `costPoints` spent, `creditCents` (0 for a voucher) into the wallet.
 * Inserted only while the wallet holds that many points beyond those of bookings that can still be
 * cancelled for a refund (starting after `refundableFrom`), so no refund can find them spent; nothing
 * is inserted otherwise (put `abortUnlessChanged` after it). The wallets CHECK is the last word.
 */
/** Points of the wallet `w` earned by bookings still cancellable for a refund (`refundableFrom`: the earliest such start). */
export const pendingPointsSql = (
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

/** What the wallet holds now: the balance its ledger rows add up to. */
export async function balanceOf(db: DB, walletId: string): Promise<number> {
  const [wallet] = await db.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.id, walletId));
  return wallet.balanceCents;
}
