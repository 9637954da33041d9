/**
 * The `payments` rows: top-ups, the driver's and the automatic ones. A top-up is recorded against the
 * daily ceiling (docs/wallet.md, Limits), checked in the statement that records it, so parallel
 * top-ups cannot each read the same total and all pass.
 */
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { manilaMidnight } from '../../core/time';
import { CHECKOUT_LIFE_MS, type TopupMethod } from '../../core/wallet';
import { sqlStatement, statementOf, type DB } from '../db/client';
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

export async function findOwnPayment(db: DB, userId: string, paymentId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  return payment ?? null;
}

/** The payment a gateway's event names, by our id or by the checkout's payment intent, among that gateway's. */
export async function paymentNamedBy(db: DB, provider: string, named: { paymentId?: string; providerIntentId?: string }) {
  const by = named.paymentId ? eq(payments.id, named.paymentId) : eq(payments.providerIntentId, named.providerIntentId!);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(by, eq(payments.provider, provider)));
  return payment ?? null;
}

/** What the gateway answered when the payment was started: its checkout, or the charge of a saved method. */
export const recordGatewayAnswer = (
  db: DB,
  paymentId: string,
  answer: Partial<Pick<Payment, 'providerRef' | 'checkoutUrl' | 'providerIntentId'>>,
) => db.update(payments).set(answer).where(eq(payments.id, paymentId));

/** A checkout the gateway never opened: the payment fails at once, and no money was taken. */
export const markCheckoutFailed = (db: DB, paymentId: string) =>
  db.update(payments).set({ status: 'failed', failureReason: 'The payment provider did not answer.' }).where(eq(payments.id, paymentId));

/** The payment paid: believed even after an earlier failure, or after we stopped waiting, since the gateway captured the money. */
export const markPaid = (db: DB, paymentId: string, providerPaymentId: string | null) =>
  statementOf(
    db,
    db
      .update(payments)
      .set({ status: 'succeeded', completedAt: new Date().toISOString(), failureReason: null, providerPaymentId })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'failed', 'expired']))),
  );

/** The payment ended unpaid (declined or lapsed); only a pending one changes. */
export const markUnpaid = (db: DB, paymentId: string, status: 'failed' | 'expired', reason: string) =>
  statementOf(
    db,
    db
      .update(payments)
      .set({ status, failureReason: reason, completedAt: new Date().toISOString() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending'))),
  );

/** Whether the driver has paid with this method before: only such a method is charged again on its own. */
export async function hasPaidWith(db: DB, userId: string, method: TopupMethod) {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.method, method), eq(payments.status, 'succeeded')))
    .limit(1);
  return !!paid;
}

/** Whether an auto top-up of the driver's is still waiting for the gateway's word. */
export async function autoTopupPending(db: DB, userId: string) {
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.origin, 'auto_topup'), eq(payments.status, 'pending')))
    .limit(1);
  return !!pending;
}

export async function paymentById(db: DB, paymentId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment;
}
