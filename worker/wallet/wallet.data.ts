import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { manilaMonthOf, manilaMonthRange } from '../../core/time';
import { loyaltyLevel, pointsEarned, pointsToNextLevel, TRANSACTION_LABELS } from '../../core/wallet';
import type { AutoTopupRule } from '../../core/wallet-request';
import type { DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { autoTopups, payments, topupRefunds, wallets, walletTransactions, type WalletTransaction } from '../db/schema';

export async function walletOf(db: DB, userId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  // Every account gets its wallet at sign-up (users.data accountInserts).
  if (!wallet) throw new Error(`User ${userId} has no wallet`);
  return wallet;
}

/** The amount of the user's ledger row posted under an idempotency key, or null when none was. */
export async function ledgerAmountByKey(db: DB, userId: string, idempotencyKey: string): Promise<number | null> {
  const [row] = await db
    .select({ amountCents: walletTransactions.amountCents })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(and(eq(wallets.userId, userId), eq(walletTransactions.idempotencyKey, idempotencyKey)));
  return row?.amountCents ?? null;
}

// A top-up refunded to its source takes back what its top-up brought in.
const CREDIT_TYPES = ['TOPUP', 'CREDIT', 'TOPUP_REFUND', 'REWARD'] as const;
const isReward = sql`${walletTransactions.type} = 'REWARD'`;
const SPEND_TYPES = ['PAYMENT', 'DEBIT', 'REFUND'] as const;

/**
 * GET /api/wallet: balance and points, plus figures computed from the ledger. Total Spent is net of
 * refunds, so balance = totalCredits − totalSpent always holds. The level follows the points earned
 * (held + redeemed), so a reward never lowers it; "this month" counts points earned, not spent.
 */
export async function walletSummary(db: DB, userId: string, now = new Date()) {
  const wallet = await walletOf(db, userId);
  const { start } = manilaMonthRange(manilaMonthOf(now));
  const [totals] = await db
    .select({
      credits: sql<number>`COALESCE(SUM(CASE WHEN ${inArray(walletTransactions.type, [...CREDIT_TYPES])} THEN ${walletTransactions.amountCents} END), 0)`,
      spent: sql<number>`COALESCE(-SUM(CASE WHEN ${inArray(walletTransactions.type, [...SPEND_TYPES])} THEN ${walletTransactions.amountCents} END), 0)`,
      monthPoints: sql<number>`COALESCE(SUM(CASE WHEN ${walletTransactions.createdAt} >= ${start} AND NOT ${isReward} THEN ${walletTransactions.pointsDelta} END), 0)`,
      redeemed: sql<number>`COALESCE(-SUM(CASE WHEN ${isReward} THEN ${walletTransactions.pointsDelta} END), 0)`,
    })
    .from(walletTransactions)
    .where(eq(walletTransactions.walletId, wallet.id));
  const earned = pointsEarned(wallet.points, totals.redeemed);
  return {
    id: wallet.id,
    balanceCents: wallet.balanceCents,
    points: wallet.points,
    pointsEarned: earned,
    currency: wallet.currency,
    level: loyaltyLevel(earned),
    nextLevel: pointsToNextLevel(earned),
    monthPoints: totals.monthPoints,
    totalCreditsCents: totals.credits,
    totalSpentCents: totals.spent,
  };
}

/**
 * The rows the driver sees: all but the pair of a refund to the source that the gateway refused (the
 * money left and came back in the same request; to the driver, nothing happened). The pair sums to
 * zero, so balances read from what is shown still add up.
 */
const shownToDriver = sql`(${walletTransactions.paymentReference} IS NULL OR ${walletTransactions.paymentReference} NOT IN (SELECT ${topupRefunds.id} FROM ${topupRefunds} WHERE ${topupRefunds.status} = 'refused'))`;

/** The top-up a TOPUP row credited (its key is `payment:<id>`), so the list can open it. */
const topupOf = (row: WalletTransaction) =>
  row.type === 'TOPUP' && row.idempotencyKey?.startsWith('payment:') ? row.idempotencyKey.slice('payment:'.length) : null;

const transactionView = (row: WalletTransaction) => ({
  id: row.id,
  type: row.type,
  label: TRANSACTION_LABELS[row.type],
  description: row.description,
  amountCents: row.amountCents,
  currency: row.currency,
  pointsDelta: row.pointsDelta,
  reservationId: row.reservationId,
  paymentReference: row.paymentReference,
  topupId: topupOf(row),
  createdAt: row.createdAt,
});

/** A page of the ledger, newest first; `pointsOnly` keeps the rows that moved loyalty points. */
export async function listTransactions(db: DB, walletId: string, list: { pointsOnly: boolean; page: PageRequest }) {
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.walletId, walletId),
        shownToDriver,
        list.pointsOnly ? sql`${walletTransactions.pointsDelta} <> 0` : undefined,
        afterCursor(walletTransactions.createdAt, walletTransactions.id, list.page.cursor),
      ),
    )
    .orderBy(...newestFirst(walletTransactions.createdAt, walletTransactions.id))
    .limit(rowsToRead(list.page));
  return pageOf(rows, list.page, (row) => ({ key: row.createdAt, id: row.id }), transactionView);
}

/** One Manila calendar month of the ledger, oldest first, with the running balance. */
export async function statement(db: DB, walletId: string, month: string) {
  const { start, end } = manilaMonthRange(month);
  const [{ opening }] = await db
    .select({ opening: sql<number>`COALESCE(SUM(${walletTransactions.amountCents}), 0)` })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.walletId, walletId), shownToDriver, lt(walletTransactions.createdAt, start)));
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.walletId, walletId),
        shownToDriver,
        gte(walletTransactions.createdAt, start),
        lt(walletTransactions.createdAt, end),
      ),
    )
    .orderBy(walletTransactions.createdAt, walletTransactions.id);
  let balance = opening;
  const lines = rows.map((row) => {
    balance += row.amountCents;
    return { ...transactionView(row), balanceCents: balance };
  });
  return { month, openingCents: opening, closingCents: balance, rows: lines };
}

/** Payment methods this account has paid with, most recent first (Wallet Settings → Payment Methods). */
export async function paymentMethodsUsed(db: DB, userId: string) {
  return db
    .select({
      method: payments.method,
      provider: payments.provider,
      lastUsedAt: sql<string>`MAX(${payments.completedAt})`,
      count: sql<number>`COUNT(*)`,
      totalCents: sql<number>`SUM(${payments.amountCents})`,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
    .groupBy(payments.method, payments.provider)
    .orderBy(desc(sql`MAX(${payments.completedAt})`));
}

/** A wallet as a payment left it: its balance and auto top-up rule, what follows a payment needs. */
export type WalletAfter = { id: string; balanceCents: number; autoTopup: AutoTopupRule | null };

/**
 * Reads the wallet at the end of the payment's own batch (same transaction, so the balance is the
 * one the payment left), sparing what follows the payment a read of its own.
 */
export const walletAfterStatement = (db: DB, walletId: string) =>
  db.$client
    .prepare(
      `SELECT w.balance_cents AS balanceCents, a.enabled, a.threshold_cents AS thresholdCents, a.amount_cents AS amountCents, a.method
       FROM wallets w LEFT JOIN auto_topups a ON a.wallet_id = w.id WHERE w.id = ?`,
    )
    .bind(walletId);

type WalletAfterRow = { balanceCents: number; enabled: number | null } & Omit<AutoTopupRule, 'enabled'>;
export function walletAfterOf(walletId: string, result: D1Result): WalletAfter {
  const row = result.results[0] as WalletAfterRow;
  const { balanceCents, enabled, thresholdCents, amountCents, method } = row;
  return {
    id: walletId,
    balanceCents,
    autoTopup: enabled === null ? null : { enabled: enabled === 1, thresholdCents, amountCents, method },
  };
}

export async function readAutoTopup(db: DB, walletId: string): Promise<AutoTopupRule | null> {
  const [rule] = await db.select().from(autoTopups).where(eq(autoTopups.walletId, walletId));
  return rule ? { enabled: rule.enabled, thresholdCents: rule.thresholdCents, amountCents: rule.amountCents, method: rule.method } : null;
}

export async function saveAutoTopup(db: DB, walletId: string, rule: AutoTopupRule) {
  const updatedAt = new Date().toISOString();
  await db
    .insert(autoTopups)
    .values({ walletId, ...rule, updatedAt })
    .onConflictDoUpdate({ target: autoTopups.walletId, set: { ...rule, updatedAt } });
}
