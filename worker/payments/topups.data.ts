/**
 * Top-ups against the daily ceiling (docs/wallet.md, Limits). The ceiling is checked in the statement
 * that records the top-up, so parallel top-ups cannot each read the same total and all pass.
 */
import { and, eq, gte, or, sql } from 'drizzle-orm';
import { manilaMidnight } from '../../core/time';
import { CHECKOUT_LIFE_MS, type TopupMethod } from '../../core/wallet';
import { sqlStatement, type DB } from '../db/client';
import { payments, type Payment } from '../db/schema';

/** Top-ups succeeded today (Manila) plus checkouts still open count against the daily ceiling (auto top-ups too). */
const countedToday = (userId: string, now: Date) =>
  and(
    eq(payments.userId, userId),
    gte(payments.createdAt, manilaMidnight(now).toISOString()),
    or(
      eq(payments.status, 'succeeded'),
      and(eq(payments.status, 'pending'), gte(payments.createdAt, new Date(now.getTime() - CHECKOUT_LIFE_MS).toISOString())),
    ),
  );

const usedToday = (db: DB, userId: string, now: Date) =>
  db
    .select({ total: sql<number>`COALESCE(SUM(${payments.amountCents}), 0)` })
    .from(payments)
    .where(countedToday(userId, now));

export async function topupsToday(db: DB, userId: string, now: Date) {
  const [{ total }] = await usedToday(db, userId, now);
  return total;
}

export type NewTopup = Pick<Payment, 'id' | 'userId' | 'walletId' | 'provider' | 'amountCents' | 'origin'> & { method: TopupMethod };

/**
 * The pending top-up, inserted only while today's top-ups and it stay within `dailyMaxCents`: the sum
 * and the insert are one statement, and D1 runs statements one at a time. It inserts no row otherwise
 * (follow it with `abortUnlessChanged` to stop the rest of its batch).
 */
export const insertTopupWithinCeiling = (db: DB, topup: NewTopup, dailyMaxCents: number, now: Date) =>
  sqlStatement(
    db,
    sql`INSERT INTO payments (id, user_id, wallet_id, provider, method, amount_cents, origin)
      SELECT ${topup.id}, ${topup.userId}, ${topup.walletId}, ${topup.provider}, ${topup.method}, ${topup.amountCents}, ${topup.origin}
      WHERE (${usedToday(db, topup.userId, now)}) + ${topup.amountCents} <= ${dailyMaxCents}`,
  );
