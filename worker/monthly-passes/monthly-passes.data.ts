/** D1 reads and statements of monthly passes: the lots' pass products and the passes sold. */
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { lotOnSale } from '../db/lot-sale';
import { lots, monthlyPasses, passProducts, slots, vehicles } from '../db/schema';

export type PassProduct = typeof passProducts.$inferSelect;
export type MonthlyPass = typeof monthlyPasses.$inferSelect;

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
  lotPlace: { geoLat: lots.geoLat, geoLng: lots.geoLng, entranceLat: lots.entranceLat, entranceLng: lots.entranceLng },
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

/** A pass at a lot, of a plate or of a driver, whose period covers `at` (its hours are the gate's to judge). */
async function validPassAt(db: DB, lotId: string, whose: { plate: string } | { userId: string }, at: Date): Promise<MonthlyPass | null> {
  const iso = at.toISOString();
  const [row] = await db
    .select()
    .from(monthlyPasses)
    .where(
      and(
        eq(monthlyPasses.lotId, lotId),
        'plate' in whose ? eq(monthlyPasses.plate, whose.plate) : eq(monthlyPasses.userId, whose.userId),
        lte(monthlyPasses.validFrom, iso),
        gt(monthlyPasses.validUntil, iso),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The pass of a plate at a lot valid at `at` (the gate looks a plate up only among these). */
export const validPassOfPlate = (db: DB, lotId: string, plate: string, at: Date) => validPassAt(db, lotId, { plate }, at);

/** The driver's own pass at a lot valid at `at` (what their tap at the lot's tag enters on). */
export const validPassOfDriver = (db: DB, lotId: string, userId: string, at: Date) => validPassAt(db, lotId, { userId }, at);

export async function findPassRecord(db: DB, id: string): Promise<MonthlyPass | null> {
  const [row] = await db.select().from(monthlyPasses).where(eq(monthlyPasses.id, id));
  return row ?? null;
}

/** A pass and the renewals after it (each renewing the one before), those beginning before `untilIso`. */
export async function passWithRenewals(db: DB, id: string, untilIso: string): Promise<MonthlyPass[]> {
  const first = await findPassRecord(db, id);
  if (!first) return [];
  const chain = [first];
  for (let last = first; last.validUntil < untilIso; ) {
    const [next] = await db.select().from(monthlyPasses).where(eq(monthlyPasses.renewsId, last.id));
    if (!next) break;
    chain.push(next);
    last = next;
  }
  return chain;
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

/**
 * Passes with auto-renew off ending within `untilIso` whose driver has not been told, and whose plate
 * holds no later pass of the same product (a driver who bought next month already has nothing to hear).
 */
export const passesEndingUntold = (db: DB, nowIso: string, untilIso: string) =>
  db
    .select()
    .from(monthlyPasses)
    .where(
      and(
        eq(monthlyPasses.autoRenew, false),
        isNull(monthlyPasses.endingNoticeAt),
        gt(monthlyPasses.validUntil, nowIso),
        lte(monthlyPasses.validUntil, untilIso),
        sql`NOT EXISTS (SELECT 1 FROM monthly_passes later WHERE later.product_id = ${monthlyPasses.productId}
              AND later.plate = ${monthlyPasses.plate} AND later.valid_from >= ${monthlyPasses.validUntil})`,
      ),
    )
    .limit(200);

/** Marks the driver told, once: false when another run told them first. */
export async function markEndingNoticed(db: DB, passId: string, nowIso: string) {
  const marked = await db
    .update(monthlyPasses)
    .set({ endingNoticeAt: nowIso })
    .where(and(eq(monthlyPasses.id, passId), isNull(monthlyPasses.endingNoticeAt)))
    .returning({ id: monthlyPasses.id });
  return marked.length > 0;
}

/** Every pass not yet ended, of every lot (what the lot objects must keep slots for). */
export const passesNotEnded = (db: DB, nowIso: string) => db.select().from(monthlyPasses).where(gt(monthlyPasses.validUntil, nowIso));

/** A lot as a sale needs it: whether it is on sale (core/lot-sale.ts). */
export async function sellingLotOf(db: DB, lotId: string) {
  const [lot] = await db.select({ id: lots.id, name: lots.name, onSale: lotOnSale }).from(lots).where(eq(lots.id, lotId));
  return lot ?? null;
}

export const productInsert = (db: DB, product: typeof passProducts.$inferInsert) =>
  statementOf(db, db.insert(passProducts).values(product));

export const productPausedUpdate = (db: DB, productId: string, paused: boolean) =>
  statementOf(db, db.update(passProducts).set({ paused }).where(eq(passProducts.id, productId)));

/** The type of the driver's own vehicle with this plate, if they saved one. */
export async function vehicleTypeOf(db: DB, userId: string, plate: string) {
  const [vehicle] = await db
    .select({ vehicleType: vehicles.vehicleType })
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), eq(vehicles.plate, plate)));
  return vehicle?.vehicleType ?? null;
}

/** Whether a plate holds a pass at the lot for part of a period. */
export async function plateHasPassDuring(db: DB, lotId: string, plate: string, period: { validFrom: string; validUntil: string }) {
  const [row] = await db
    .select({ id: monthlyPasses.id })
    .from(monthlyPasses)
    .where(
      and(
        eq(monthlyPasses.lotId, lotId),
        eq(monthlyPasses.plate, plate),
        sql`${monthlyPasses.validFrom} < ${period.validUntil} AND ${monthlyPasses.validUntil} > ${period.validFrom}`,
      ),
    )
    .limit(1);
  return !!row;
}

/** What became of a pass's auto-renew, written once. */
export const renewalMark = (db: DB, passId: string, renewal: 'renewed' | 'lapsed') =>
  statementOf(
    db,
    db
      .update(monthlyPasses)
      .set({ renewal })
      .where(and(eq(monthlyPasses.id, passId), isNull(monthlyPasses.renewal))),
  );

export const saveAutoRenew = (db: DB, passId: string, autoRenew: boolean) =>
  db
    .update(monthlyPasses)
    .set({ autoRenew })
    .where(and(eq(monthlyPasses.id, passId), isNull(monthlyPasses.renewal)));
