/** D1 reads and statements of monthly passes: the lots' offers and the passes sold. */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { PassPlan } from '../../core/monthly-passes';
import { commit, statementOf, type DB } from '../db/client';
import { lotPassPlans, lots, monthlyPasses, users } from '../db/schema';

export async function passPlanOf(db: DB, lotId: string): Promise<PassPlan | null> {
  const [plan] = await db
    .select({ enabled: lotPassPlans.enabled, priceCents: lotPassPlans.priceCents, capacity: lotPassPlans.capacity })
    .from(lotPassPlans)
    .where(eq(lotPassPlans.lotId, lotId));
  return plan ?? null;
}

/** Saves the lot's offer with its audit entry, in one batch. */
export async function savePassPlan(db: DB, lotId: string, plan: PassPlan, audit: D1PreparedStatement) {
  const updatedAt = new Date().toISOString();
  await commit(db, [
    statementOf(
      db,
      db
        .insert(lotPassPlans)
        .values({ lotId, ...plan, updatedAt })
        .onConflictDoUpdate({ target: lotPassPlans.lotId, set: { ...plan, updatedAt } }),
    ),
    audit,
  ]);
}

/** Passes sold per month at a lot, for the months asked. */
export async function soldPerMonth(db: DB, lotId: string, months: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: monthlyPasses.month, sold: sql<number>`count(*)` })
    .from(monthlyPasses)
    .where(and(eq(monthlyPasses.lotId, lotId), gte(monthlyPasses.month, months[0])))
    .groupBy(monthlyPasses.month);
  return new Map(rows.filter((row) => months.includes(row.month)).map((row) => [row.month, row.sold]));
}

export const passInsert = (db: DB, pass: typeof monthlyPasses.$inferInsert) => statementOf(db, db.insert(monthlyPasses).values(pass));

const passColumns = {
  id: monthlyPasses.id,
  lotId: monthlyPasses.lotId,
  lotName: lots.name,
  plate: monthlyPasses.plate,
  month: monthlyPasses.month,
  amountCents: monthlyPasses.amountCents,
  createdAt: monthlyPasses.createdAt,
};

export async function findPass(db: DB, id: string) {
  const [row] = await db
    .select(passColumns)
    .from(monthlyPasses)
    .innerJoin(lots, eq(lots.id, monthlyPasses.lotId))
    .where(eq(monthlyPasses.id, id));
  return row ?? null;
}

/** A driver's passes, latest month first. */
export const passesOfDriver = (db: DB, userId: string) =>
  db
    .select(passColumns)
    .from(monthlyPasses)
    .innerJoin(lots, eq(lots.id, monthlyPasses.lotId))
    .where(eq(monthlyPasses.userId, userId))
    .orderBy(desc(monthlyPasses.month), desc(monthlyPasses.createdAt))
    .limit(100);

/** The passes sold at a lot for a month, with their holders, in the order sold. */
export const passesOfLotMonth = (db: DB, lotId: string, month: string) =>
  db
    .select({
      id: monthlyPasses.id,
      plate: monthlyPasses.plate,
      amountCents: monthlyPasses.amountCents,
      createdAt: monthlyPasses.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(monthlyPasses)
    .innerJoin(users, eq(users.id, monthlyPasses.userId))
    .where(and(eq(monthlyPasses.lotId, lotId), eq(monthlyPasses.month, month)))
    .orderBy(asc(monthlyPasses.createdAt));

/** The months (YYYY-MM) a plate holds a pass for at a lot, from `fromMonth` on, and the pass of `fromMonth`. */
export async function plateCover(db: DB, lotId: string, plate: string, fromMonth: string) {
  const rows = await db
    .select({ id: monthlyPasses.id, month: monthlyPasses.month })
    .from(monthlyPasses)
    .where(and(eq(monthlyPasses.lotId, lotId), eq(monthlyPasses.plate, plate), gte(monthlyPasses.month, fromMonth)))
    .orderBy(asc(monthlyPasses.month));
  return { months: rows.map((row) => row.month), passId: rows.find((row) => row.month === fromMonth)?.id ?? null };
}
