/** D1 reads and writes of rewards: the free-hour vouchers, and the REWARD rows that bought them or wallet credit. */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { lots, rewardVouchers, walletTransactions } from '../db/schema';

const voucherColumns = {
  id: rewardVouchers.id,
  rewardId: rewardVouchers.rewardId,
  createdAt: rewardVouchers.createdAt,
  expiresAt: rewardVouchers.expiresAt,
  usedAt: rewardVouchers.usedAt,
  reservationId: rewardVouchers.reservationId,
  lotName: lots.name,
  amountOffCents: rewardVouchers.amountOffCents,
};
export type VoucherRow = { id: string; expiresAt: string; usedAt: string | null };

export const voucherInsert = (
  db: DB,
  voucher: { id: string; userId: string; rewardId: string; transactionId: string; expiresAt: string },
) => statementOf(db, db.insert(rewardVouchers).values(voucher));

/** A driver's vouchers, newest first (the few a driver buys: no paging). */
export const vouchersOf = (db: DB, userId: string) =>
  db
    .select(voucherColumns)
    .from(rewardVouchers)
    .leftJoin(lots, eq(lots.id, rewardVouchers.lotId))
    .where(eq(rewardVouchers.userId, userId))
    .orderBy(desc(rewardVouchers.createdAt), desc(rewardVouchers.id))
    .limit(100);

/** A redemption as its REWARD row and voucher (if any) recorded it; null when the row is not this wallet's. */
export async function redemptionOf(db: DB, walletId: string, transactionId: string) {
  const [row] = await db
    .select({
      id: walletTransactions.id,
      creditCents: walletTransactions.amountCents,
      pointsDelta: walletTransactions.pointsDelta,
      createdAt: walletTransactions.createdAt,
    })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.walletId, walletId)));
  if (!row) return null;
  // A wallet credit has none.
  const voucher = await db
    .select(voucherColumns)
    .from(rewardVouchers)
    .leftJoin(lots, eq(lots.id, rewardVouchers.lotId))
    .where(eq(rewardVouchers.transactionId, transactionId))
    .get();
  return { ...row, voucher: voucher ?? null };
}

/** The driver's own voucher, or null (unknown, or another driver's). */
export async function ownVoucher(db: DB, userId: string, voucherId: string): Promise<VoucherRow | null> {
  const [row] = await db
    .select({ id: rewardVouchers.id, expiresAt: rewardVouchers.expiresAt, usedAt: rewardVouchers.usedAt })
    .from(rewardVouchers)
    .where(and(eq(rewardVouchers.id, voucherId), eq(rewardVouchers.userId, userId)));
  return row ?? null;
}

/**
 * Spends a voucher on a booking, only if it is still unused and unexpired: put `abortUnlessChanged`
 * right after it, so a voucher spent meanwhile (a twin booking) stops the whole batch.
 */
export const useVoucherStatement = (
  db: DB,
  use: { voucherId: string; userId: string; reservationId: string; lotId: string; amountOffCents: number; at: Date },
) =>
  statementOf(
    db,
    db
      .update(rewardVouchers)
      .set({ usedAt: use.at.toISOString(), reservationId: use.reservationId, lotId: use.lotId, amountOffCents: use.amountOffCents })
      .where(
        and(
          eq(rewardVouchers.id, use.voucherId),
          eq(rewardVouchers.userId, use.userId),
          isNull(rewardVouchers.usedAt),
          gt(rewardVouchers.expiresAt, use.at.toISOString()),
        ),
      ),
  );

/** Whether a booking was made with a voucher. */
export async function bookedWithVoucher(db: DB, reservationId: string) {
  const [row] = await db.select({ id: rewardVouchers.id }).from(rewardVouchers).where(eq(rewardVouchers.reservationId, reservationId));
  return !!row;
}
