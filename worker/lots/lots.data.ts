import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import type { PricingStrategy } from '../../core/pricing';
import type { DB } from '../db/client';
import { listingColumns } from '../db/listing';
import { afterCursorAscending, alphabetical, rowsToRead, type PageRequest } from '../db/pages';
import { lotStayHours, lots, pricing, slots } from '../db/schema';

export const lotColumns = {
  id: lots.id,
  ...listingColumns,
  amenitiesJson: lots.amenitiesJson,
  hoursJson: lots.hoursJson,
  rulesJson: lots.rulesJson,
  isApproved: lots.isApproved,
  isActive: lots.isActive,
  ownerId: lots.ownerId,
  baseRate: sql<number>`coalesce(${pricing.baseRate}, ${DEFAULT_RATE_CENTS})`,
  strategy: sql<PricingStrategy>`coalesce(${pricing.strategy}, 'STATIC')`,
  progressiveJson: pricing.progressiveJson,
  dynamicEnabled: pricing.dynamicEnabled,
  bandRatesJson: pricing.bandRatesJson,
  totalSlots: sql<number>`(select count(*) from ${slots} where ${slots.lotId} = ${lots.id} and ${slots.active} = 1)`,
};

const selectLots = (db: DB) => db.select(lotColumns).from(lots).leftJoin(pricing, eq(pricing.lotId, lots.id));
export type LotRow = Awaited<ReturnType<ReturnType<typeof selectLots>['all']>>[number];

export async function findLot(db: DB, lotId: string) {
  const [row] = await selectLots(db).where(eq(lots.id, lotId)).limit(1);
  return row ?? null;
}

export const listLotsByIds = (db: DB, ids: string[]) =>
  ids.length ? selectLots(db).where(inArray(lots.id, ids)).orderBy(lots.name) : Promise.resolve([]);

/** The owner's lots (every lot for `null`, the super admin), by name. */
export const listLotsOwnedBy = (db: DB, ownerId: string | null) =>
  selectLots(db)
    .where(ownerId ? eq(lots.ownerId, ownerId) : undefined)
    .orderBy(...alphabetical(lots.name, lots.id));

/** A page of the same, for lists that ask each lot's object for its figures. */
export const pageOfLotsOwnedBy = (db: DB, ownerId: string | null, page: PageRequest) =>
  selectLots(db)
    .where(and(ownerId ? eq(lots.ownerId, ownerId) : undefined, afterCursorAscending(lots.name, lots.id, page.cursor)))
    .orderBy(...alphabetical(lots.name, lots.id))
    .limit(rowsToRead(page));

/** The window a lot's availability and price are asked for. */
export type LotWindow = { startMs: number; endMs: number };

/** The slot-seconds the lots held in the given Manila clock hours (the stay rollup; core/forecast.ts). */
export const heldInHours = (db: DB, lotIds: string[], hours: number[]) =>
  db
    .select({ lotId: lotStayHours.lotId, hour: lotStayHours.hour, seconds: lotStayHours.seconds })
    .from(lotStayHours)
    .where(and(inArray(lotStayHours.lotId, lotIds), inArray(lotStayHours.hour, hours)));

/** Each lot's first hour with a stay (its history starts there): one primary-key seek per lot. */
export const firstStayHours = (db: DB, lotIds: string[]) =>
  db
    .select({
      lotId: lots.id,
      hour: sql<number | null>`(SELECT min(${lotStayHours.hour}) FROM ${lotStayHours} WHERE ${lotStayHours.lotId} = ${lots.id})`,
    })
    .from(lots)
    .where(inArray(lots.id, lotIds));

export type StayRollup = { held: Map<number, number>; firstHour: number | null };

/** The two reads above, by lot. */
export function rollupsOf(
  held: { lotId: string; hour: number; seconds: number }[],
  first: { lotId: string; hour: number | null }[],
): Map<string, StayRollup> {
  const rollups = new Map(first.map((row) => [row.lotId, { held: new Map<number, number>(), firstHour: row.hour }]));
  for (const row of held) rollups.get(row.lotId)?.held.set(row.hour, row.seconds);
  return rollups;
}

/** A lot's stay rollup for a forecast: the given hours and its first hour, in one batch. */
export async function stayHistory(db: DB, lotId: string, hours: number[]): Promise<StayRollup> {
  const [held, first] = await db.batch([heldInHours(db, [lotId], hours), firstStayHours(db, [lotId])]);
  return rollupsOf(held, first).get(lotId) ?? { held: new Map(), firstHour: null };
}
