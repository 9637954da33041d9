/** D1 reads and statements of monthly passes: the lots' pass products and the passes sold. */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { PassSchedule } from '../../core/monthly-passes';
import { statementOf, type DB } from '../db/client';
import { lots, monthlyPasses, passProducts, slots } from '../db/schema';

export type PassProduct = typeof passProducts.$inferSelect;
export type MonthlyPass = typeof monthlyPasses.$inferSelect;

export const scheduleOf = (row: { daysMask: number; openMinute: number; closeMinute: number }): PassSchedule => ({
  daysMask: row.daysMask,
  openMinute: row.openMinute,
  closeMinute: row.closeMinute,
});

export const productsOfLot = (db: DB, lotId: string) =>
  db.select().from(passProducts).where(eq(passProducts.lotId, lotId)).orderBy(asc(passProducts.createdAt));

export async function findProduct(db: DB, id: string): Promise<PassProduct | null> {
  const [row] = await db.select().from(passProducts).where(eq(passProducts.id, id));
  return row ?? null;
}

/** Passes of each product valid at `at` (the ones on sale count against its quantity). */
export async function validNowByProduct(db: DB, lotId: string, at: Date): Promise<Map<string, number>> {
  const iso = at.toISOString();
  const rows = await db
    .select({ productId: monthlyPasses.productId, count: sql<number>`count(*)` })
    .from(monthlyPasses)
    .where(and(eq(monthlyPasses.lotId, lotId), lte(monthlyPasses.validFrom, iso), gt(monthlyPasses.validUntil, iso)))
    .groupBy(monthlyPasses.productId);
  return new Map(rows.map((row) => [row.productId, row.count]));
}

/** The lot's active slots: what products' quantities add up to at most. */
export async function slotCount(db: DB, lotId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(slots)
    .where(and(eq(slots.lotId, lotId), eq(slots.active, true)));
  return row.count;
}

export const passInsert = (db: DB, pass: typeof monthlyPasses.$inferInsert) => statementOf(db, db.insert(monthlyPasses).values(pass));

const passColumns = {
  pass: monthlyPasses,
  lotName: lots.name,
  productName: passProducts.name,
};

export async function findPass(db: DB, id: string) {
  const [row] = await db
    .select(passColumns)
    .from(monthlyPasses)
    .innerJoin(lots, eq(lots.id, monthlyPasses.lotId))
    .innerJoin(passProducts, eq(passProducts.id, monthlyPasses.productId))
    .where(eq(monthlyPasses.id, id));
  return row ?? null;
}
export type PassRow = NonNullable<Awaited<ReturnType<typeof findPass>>>;

/** A driver's passes, latest first. */
export const passesOfDriver = (db: DB, userId: string) =>
  db
    .select(passColumns)
    .from(monthlyPasses)
    .innerJoin(lots, eq(lots.id, monthlyPasses.lotId))
    .innerJoin(passProducts, eq(passProducts.id, monthlyPasses.productId))
    .where(eq(monthlyPasses.userId, userId))
    .orderBy(desc(monthlyPasses.validUntil), desc(monthlyPasses.createdAt))
    .limit(100);

/** The pass of a plate at a lot valid at `at` (the gate looks a plate up only among these). */
export async function validPassOfPlate(db: DB, lotId: string, plate: string, at: Date): Promise<MonthlyPass | null> {
  const iso = at.toISOString();
  const [row] = await db
    .select()
    .from(monthlyPasses)
    .where(
      and(
        eq(monthlyPasses.lotId, lotId),
        eq(monthlyPasses.plate, plate),
        lte(monthlyPasses.validFrom, iso),
        gt(monthlyPasses.validUntil, iso),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findPassRecord(db: DB, id: string): Promise<MonthlyPass | null> {
  const [row] = await db.select().from(monthlyPasses).where(eq(monthlyPasses.id, id));
  return row ?? null;
}

/** Passes with auto-renew on, not yet renewed or lapsed, ending within `untilIso`. */
export const passesToRenew = (db: DB, nowIso: string, untilIso: string) =>
  db
    .select()
    .from(monthlyPasses)
    .where(
      and(
        eq(monthlyPasses.autoRenew, true),
        sql`${monthlyPasses.renewal} IS NULL`,
        gt(monthlyPasses.validUntil, nowIso),
        lte(monthlyPasses.validUntil, untilIso),
      ),
    )
    .limit(200);

/** Every pass not yet ended, of every lot (what the lot objects must keep slots for). */
export const passesNotEnded = (db: DB, nowIso: string) => db.select().from(monthlyPasses).where(gt(monthlyPasses.validUntil, nowIso));
