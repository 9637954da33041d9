import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import type { PricingStrategy } from '../../core/pricing';
import type { DB } from '../db/client';
import { listingColumns } from '../db/listing';
import { lotOnSale } from '../db/lot-sale';
import { firstStayHour, foldedStaySeconds } from '../db/rollups';
import { afterCursorAscending, alphabetical, rowsToRead, type PageRequest } from '../db/pages';
import { lotRatings, lotStayHours, lots, pricing, slots } from '../db/schema';

export const lotColumns = {
  id: lots.id,
  ...listingColumns,
  amenitiesJson: lots.amenitiesJson,
  hoursJson: lots.hoursJson,
  rulesJson: lots.rulesJson,
  isApproved: lots.isApproved,
  isActive: lots.isActive,
  onSale: lotOnSale,
  unlistedAt: lots.unlistedAt,
  unlistedReason: lots.unlistedReason,
  ownerId: lots.ownerId,
  baseRate: sql<number>`coalesce(${pricing.baseRate}, ${DEFAULT_RATE_CENTS})`,
  strategy: sql<PricingStrategy>`coalesce(${pricing.strategy}, 'STATIC')`,
  progressiveJson: pricing.progressiveJson,
  dynamicEnabled: pricing.dynamicEnabled,
  bandRatesJson: pricing.bandRatesJson,
  rateCardJson: pricing.rateCardJson,
  waiversJson: pricing.waiversJson,
  totalSlots: sql<number>`(select count(*) from ${slots} where ${slots.lotId} = ${lots.id} and ${slots.active} = 1)`,
  // Its visible reviews, from the per-lot count kept up on every review's write (docs/reviews.md): a key lookup.
  ratingCount: sql<number>`coalesce((select stars_5 + stars_4 + stars_3 + stars_2 + stars_1 from ${lotRatings} where ${lotRatings.lotId} = ${lots.id}), 0)`,
  ratingStars: sql<number>`coalesce((select 5 * stars_5 + 4 * stars_4 + 3 * stars_3 + 2 * stars_2 + stars_1 from ${lotRatings} where ${lotRatings.lotId} = ${lots.id}), 0)`,
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

/**
 * A lot's stay rollup for a forecast (core/forecast.ts, `forecastFromRollup`), as columns of a query of
 * lots: the slot-seconds held in the given Manila clock hours, and its first hour with a stay (its
 * history starts there). Primary-key reads of `lot_stay_hours`; without hours, no read at all.
 */
export const stayRollupColumns = (hours: number[] | undefined) => ({
  heldSeconds: hours?.length
    ? sql<number>`coalesce((SELECT sum(${lotStayHours.seconds}) FROM ${lotStayHours} WHERE ${lotStayHours.lotId} = ${lots.id} AND ${inArray(lotStayHours.hour, hours)}), 0)
        + ${foldedStaySeconds(sql`${lots.id}`, hours)}`
    : sql<number>`0`,
  firstStayHour: hours?.length ? sql<number | null>`${firstStayHour(sql`${lots.id}`)}` : sql<number | null>`NULL`,
});

/** A lot's stay rollup for a forecast at the given hours. */
export async function stayHistory(db: DB, lotId: string, hours: number[]) {
  const [row] = await db.select(stayRollupColumns(hours)).from(lots).where(eq(lots.id, lotId));
  return row ?? { heldSeconds: 0, firstStayHour: null };
}
