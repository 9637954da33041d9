/**
 * Owners' statements and payouts (docs/owner.md, "Statements and payouts"): each lot's money of a
 * Manila month from the money rollup, the frozen statements of closed months, and the payouts the
 * super admin records.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { MonthMoney, StatementFigures } from '../../core/statements';
import { statementOf, type DB } from '../db/client';
import { lots, ownerStatements, payouts, users } from '../db/schema';

export type OwnerLot = { id: string; name: string; ownerId: string };

/** The lots of one owner, or of every owner (null), with their owner. */
export const lotsOfOwners = (db: DB, ownerId: string | null) =>
  db
    .select({ id: lots.id, name: lots.name, ownerId: lots.ownerId })
    .from(lots)
    .where(ownerId ? eq(lots.ownerId, ownerId) : undefined)
    .orderBy(asc(lots.name), asc(lots.id));

/** One owner's lots, or every lot (null), as a subquery: a scope of any size binds one value, never a list. */
const lotsOf = (ownerId: string | null) => (ownerId ? sql`(SELECT id FROM lots WHERE owner_id = ${ownerId})` : sql`(SELECT id FROM lots)`);

/** The lots' money per month (`YYYY-MM`) and kind and method, of the months from `from` to `to` included. */
export async function moneyByMonth(db: DB, ownerId: string | null, from: string, to: string) {
  const rows = await db.all<{ lotId: string; month: string; kind: string; method: 'wallet' | 'cash'; cents: number }>(sql`
    SELECT lot_id AS lotId, substr(day, 1, 7) AS month, kind, method, sum(cents) AS cents
      FROM lot_money_days
     WHERE lot_id IN ${lotsOf(ownerId)} AND day >= ${`${from}-01`} AND day <= ${`${to}-31`}
     GROUP BY lot_id, month, kind, method`);
  const byLotMonth = new Map<string, MonthMoney>();
  for (const { lotId, month, ...row } of rows) {
    const key = `${lotId}|${month}`;
    byLotMonth.set(key, [...(byLotMonth.get(key) ?? []), row]);
  }
  return byLotMonth;
}

/** The first month with money at the lots, or null. */
export async function firstMoneyMonth(db: DB, ownerId: string | null): Promise<string | null> {
  const [row] = await db.all<{ month: string | null }>(
    sql`SELECT substr(min(day), 1, 7) AS month FROM lot_money_days WHERE lot_id IN ${lotsOf(ownerId)}`,
  );
  return row?.month ?? null;
}

export type FrozenStatement = typeof ownerStatements.$inferSelect;

/** The frozen statements of the lots up to `month` included. */
export const frozenStatements = (db: DB, ownerId: string | null, month: string) =>
  db
    .select()
    .from(ownerStatements)
    .where(and(ownerId ? eq(ownerStatements.ownerId, ownerId) : undefined, lte(ownerStatements.month, month)));

/** The statement that freezes a lot's month; a second freeze of the same month writes nothing. */
export const freezeStatement = (
  db: DB,
  row: { lotId: string; ownerId: string; month: string; adjustmentsCents: number; frozenAt: string } & StatementFigures,
) => statementOf(db, db.insert(ownerStatements).values(row).onConflictDoNothing());

/** Payouts recorded for owners in a month, oldest first, with who recorded them. */
export const payoutsOf = (db: DB, month: string, ownerId?: string) =>
  db
    .select({
      id: payouts.id,
      ownerId: payouts.ownerId,
      month: payouts.month,
      amountCents: payouts.amountCents,
      paidOn: payouts.paidOn,
      reference: payouts.reference,
      recordedBy: users.email,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.recordedBy))
    .where(and(eq(payouts.month, month), ownerId ? eq(payouts.ownerId, ownerId) : undefined))
    .orderBy(asc(payouts.createdAt));

/**
 * The statement that records a payout, only while the owner's payouts for the month stay within
 * `owedCents` as the database holds them when it writes (follow it with `abortUnlessChanged`).
 */
export const payoutInsert = (
  db: DB,
  payout: { id: string; ownerId: string; month: string; amountCents: number; paidOn: string; reference: string; recordedBy: string },
  owedCents: number,
) =>
  db.$client
    .prepare(
      `INSERT INTO payouts (id, owner_id, month, amount_cents, paid_on, reference, recorded_by)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
        WHERE (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE owner_id = ?2 AND month = ?3) + ?4 <= ?8`,
    )
    .bind(payout.id, payout.ownerId, payout.month, payout.amountCents, payout.paidOn, payout.reference, payout.recordedBy, owedCents);

/**
 * Per owner and closed month before `month`: what the frozen statements owed (payable plus
 * adjustments) and what was paid, oldest first, for the balance carried between months.
 */
export const monthsBefore = (db: DB, ownerId: string | null, month: string) =>
  db.all<{ ownerId: string; month: string; owedCents: number; paidCents: number }>(sql`
    SELECT s.owner_id AS ownerId, s.month AS month, s.owed AS owedCents,
           (SELECT coalesce(sum(p.amount_cents), 0) FROM payouts p WHERE p.owner_id = s.owner_id AND p.month = s.month) AS paidCents
      FROM (SELECT owner_id, month, sum(payable_cents + adjustments_cents) AS owed FROM owner_statements
             WHERE month < ${month}${ownerId ? sql` AND owner_id = ${ownerId}` : sql``} GROUP BY owner_id, month) s
     ORDER BY s.owner_id, s.month`);
