/**
 * Search for lots (docs/search.md) as one indexed D1 query: lots on sale in a bounding box (a range
 * scan of `lots_search_idx`), the nearest first, a page at a time, each with its availability for the
 * window read from the lot objects' read model (`lot_hours_booked`, `lot_walk_ins`): no call per lot.
 */
import { and, asc, eq, gt, gte, like, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { manilaClock } from '../../core/booking';
import { hoursOf } from '../../core/availability';
import type { Box } from '../../core/search';
import type { VehicleType } from '../../core/vehicles';
import type { DB } from '../db/client';
import { lotOnSale } from '../db/lot-sale';
import { lotHoursBooked, lots, lotWalkIns, pricing } from '../db/schema';
import type { Cursor, PageRequest } from '../db/pages';
import { lotColumns, stayRollupColumns, type LotWindow } from './lots.data';
import { afterPrice, hourlyUnderSql, priceCursorOf, windowPriceSql } from './price-order.data';

/** Kilometres per degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.195;

export type LotSearch = {
  /** Order by distance from here (the box's centre when only a box is given); by name when neither. */
  near?: [number, number];
  box?: Box;
  /** Only inside this circle around `near` (the box is then its bounding box). */
  radiusKm?: number;
  q?: string;
  accessible?: boolean;
  ev?: boolean;
  openAt?: Date;
  /** "Under ₱100/hr": the window's price per billed hour under this (price-order.data.ts). */
  maxPriceCents?: number;
  window: LotWindow;
  /** The vehicle searched for: a rate card lot's price is its class's (car when not told). */
  vehicleType?: VehicleType;
  /** "Cheapest": by the price of the window (price-order.data.ts), then nearest (by name without a point). */
  cheapest?: boolean;
  /** "Best for you": the page's lots also read their stay rollup at these hours (the forecast at arrival). */
  forecastHours?: number[];
};

/** The box around a circle: latitude degrees are even; longitude degrees shrink with the cosine of the latitude. */
function boxAround([lat, lng]: [number, number], radiusKm: number): Box {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
}

const centreOf = (box: Box): [number, number] => [(box.south + box.north) / 2, (box.west + box.east) / 2];

/** A field of a JSON column, or null when the column is not valid JSON (read as empty, like core/lot-json). */
const jsonField = (column: SQLWrapper, path: string) => sql`(CASE WHEN json_valid(${column}) THEN json_extract(${column}, ${path}) END)`;

/**
 * Squared distance in degrees of latitude, longitude scaled by the cosine at `near`: within a city
 * it orders exactly as the great-circle distance does, and SQLite needs no math functions for it.
 */
const squaredDistance = ([lat, lng]: [number, number]) => {
  const scale = Math.cos((lat * Math.PI) / 180);
  return sql<number>`((${lots.geoLat} - ${lat}) * (${lots.geoLat} - ${lat}) + (${lots.geoLng} - ${lng}) * (${lots.geoLng} - ${lng}) * ${scale * scale})`;
};

/** Open at this instant, Manila time: the same rule as `isOpenAt`, on the hours JSON in SQL. */
function openAt(at: Date): SQL {
  const { weekday, minutes } = manilaClock(at);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const open = jsonField(lots.hoursJson, `$.${weekday}.open`);
  const close = jsonField(lots.hoursJson, `$.${weekday}.close`);
  return sql`((${open} <= ${time} AND ${time} < ${close}) OR (${open} = '00:00' AND ${close} = '23:59'))`;
}

export type SearchRow = Awaited<ReturnType<typeof searchLots>>[number];

/**
 * One page (`limit + 1` rows) of lots on sale (core/lot-sale.ts) matching the search, nearest first, cheapest first or
 * by name. Two steps: the page's lots are chosen and ordered on the narrow columns alone (in a dense
 * city the radius holds thousands of lots, and sorting them with their JSON and figures cost most of
 * the time), then only those rows read their columns and their hours from the read model.
 */
export function searchLots(db: DB, search: LotSearch, page: PageRequest) {
  const near = search.near ?? (search.box ? centreOf(search.box) : undefined);
  const box = search.box ?? (search.near && search.radiusKm ? boxAround(search.near, search.radiusKm) : undefined);
  const distance = near ? squaredDistance(near) : undefined;
  const [fromHour, toHour] = hoursOf(search.window.startMs, search.window.endMs);
  const term = search.q ? `%${search.q}%` : undefined;
  const cursor = page.cursor;
  const price = search.cheapest ? windowPriceSql(search.window, search.vehicleType) : undefined;
  const after = !cursor
    ? undefined
    : price
      ? afterPrice(price, distance ?? lots.name, cursor, Boolean(distance))
      : distance
        ? afterDistance(distance, cursor)
        : or(gt(lots.name, cursor.key), and(eq(lots.name, cursor.key), gt(lots.id, cursor.id)));
  const chosen = db
    .select({
      id: lots.id,
      squaredDistance: (distance ?? sql<null>`NULL`).as('squared_distance'),
      priceCents: (price ?? sql<null>`NULL`).as('price_cents'),
    })
    .from(lots)
    .leftJoin(pricing, eq(pricing.lotId, lots.id))
    .where(
      and(
        lotOnSale,
        box
          ? and(gte(lots.geoLat, box.south), lte(lots.geoLat, box.north), gte(lots.geoLng, box.west), lte(lots.geoLng, box.east))
          : undefined,
        distance && search.radiusKm && !search.box ? lte(distance, (search.radiusKm / KM_PER_DEGREE) ** 2) : undefined,
        term ? or(like(lots.name, term), like(lots.address, term)) : undefined,
        search.accessible ? sql`${jsonField(lots.amenitiesJson, '$.accessible')} = 1` : undefined,
        search.ev ? sql`${jsonField(lots.amenitiesJson, '$.evCharging')} = 1` : undefined,
        search.maxPriceCents ? hourlyUnderSql(search.window, search.maxPriceCents, search.vehicleType) : undefined,
        search.openAt ? openAt(search.openAt) : undefined,
        after,
      ),
    )
    .orderBy(...(price ? [asc(price)] : []), asc(distance ?? lots.name), asc(lots.id))
    .limit(page.limit + 1)
    .as('chosen');
  return db
    .select({
      ...lotColumns,
      squaredDistance: chosen.squaredDistance,
      priceCents: chosen.priceCents,
      /** The most slots taken in any hour of the window. */
      slotsTaken: sql<number>`coalesce((SELECT MAX(${lotHoursBooked.slotsTaken}) FROM ${lotHoursBooked} WHERE ${lotHoursBooked.lotId} = ${lots.id} AND ${lotHoursBooked.hour} >= ${fromHour} AND ${lotHoursBooked.hour} < ${toHour}), 0)`,
      walkInsPlaced: sql<number>`coalesce(${lotWalkIns.placed}, 0)`,
      walkInsUnplaced: sql<number>`coalesce(${lotWalkIns.unplaced}, 0)`,
      ...stayRollupColumns(search.forecastHours),
    })
    .from(chosen)
    .innerJoin(lots, eq(lots.id, chosen.id))
    .leftJoin(pricing, eq(pricing.lotId, lots.id))
    .leftJoin(lotWalkIns, eq(lotWalkIns.lotId, lots.id))
    .orderBy(...(price ? [asc(chosen.priceCents)] : []), asc(distance ? chosen.squaredDistance : lots.name), asc(lots.id));
}

/** Rows after the cursor in (distance, id) order; a cursor whose key is not a distance starts nowhere. */
const afterDistance = (distance: SQL<number>, cursor: Cursor) => {
  const key = Number(cursor.key);
  return or(gt(distance, key), and(eq(distance, key), gt(lots.id, cursor.id)));
};

/** The cursor of a row: its price first in "Cheapest"; its distance (exactly, as SQLite computed it) or its name; its id. */
export const searchCursorOf = (row: SearchRow): Cursor =>
  row.priceCents !== null ? priceCursorOf(row) : { key: row.squaredDistance === null ? row.name : String(row.squaredDistance), id: row.id };

/** Kilometres from the search's point, from the squared distance the query ordered by. */
export const kilometresOf = (row: SearchRow) =>
  row.squaredDistance === null ? null : Math.round(Math.sqrt(row.squaredDistance) * KM_PER_DEGREE * 1000) / 1000;
