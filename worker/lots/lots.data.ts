import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import { quote, type LotPricing, type PricingStrategy } from '../../core/pricing';
import type { DB } from '../db/client';
import { afterCursorAscending, alphabetical, rowsToRead, type PageRequest } from '../db/pages';
import { lotStayHours, lots, pricing, slots } from '../db/schema';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { windowProblem } from '../../core/booking';
import { lotHours, lotRules } from '../../core/lot-json';
import { lotPricingOf } from '../pricing/pricing.data';
import { HOUR_MS } from '../../core/time';

/** A lot's public listing: what drivers find it by and are led to (an approved lot's changes wait for review). */
export const listingColumns = {
  name: lots.name,
  address: lots.address,
  geoLat: lots.geoLat,
  geoLng: lots.geoLng,
  entranceLat: lots.entranceLat,
  entranceLng: lots.entranceLng,
};

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

export type LotWindow = { startMs: number; endMs: number };

/** The next hour from now: what "live" availability means when no window is asked for. */
export const liveWindow = (now = Date.now()): LotWindow => ({ startMs: now, endMs: now + HOUR_MS });

export const pricingOf = (lot: LotRow): LotPricing => lotPricingOf(lot);

export type SlotCounts = { total: number; free: number; occupied: number; reserved: number; walkIns: number };

/**
 * Availability for a window: reservations held in the lot's Durable Object and walk-ins inside now,
 * against the active slots in D1; plus the price of the window.
 */
export async function availabilityOf(env: Bindings, lot: LotRow, window: LotWindow = liveWindow()) {
  return availabilityView(lot, await lotObject(env, lot.id).availability(window, lot.totalSlots), window);
}

/** The availability a driver sees, from counts live from the object or read from search's read model. */
export function availabilityView(lot: LotRow, counts: SlotCounts, window: LotWindow) {
  return {
    ...counts,
    priceSnapshot: { current: lot.baseRate },
    quote: quote(pricingOf(lot), window.endMs - window.startMs, window.startMs),
    window: { start: new Date(window.startMs).toISOString(), end: new Date(window.endMs).toISOString() },
    /** Why this window cannot be booked here (closed, too long, overnight…), in the booking's own words; null when it can. */
    problem: windowProblem(
      { start: new Date(window.startMs), end: new Date(window.endMs) },
      { hours: lotHours(lot), rules: lotRules(lot) },
    ),
  };
}

/** The driver-facing shape of a lot, with its availability live from its object. */
export async function toDriverLot(env: Bindings, lot: LotRow, window?: LotWindow) {
  return driverView(lot, await availabilityOf(env, lot, window));
}

export function driverView(lot: LotRow, availability: ReturnType<typeof availabilityView>) {
  const {
    baseRate: _rate,
    totalSlots: _total,
    ownerId: _owner,
    strategy: _strategy,
    progressiveJson: _tiers,
    dynamicEnabled: _dynamic,
    bandRatesJson: _bands,
    ...fields
  } = lot;
  return { ...fields, pricing: pricingOf(lot), availability };
}

/**
 * The stay rollup's figures for a forecast (core/forecast.ts): the slot-seconds held in each of the
 * given Manila clock hours, and the first hour the lot held a stay (its history starts there).
 */
export async function stayHistory(db: DB, lotId: string, hours: number[]) {
  const [held, [first]] = await db.batch([
    db
      .select({ hour: lotStayHours.hour, seconds: lotStayHours.seconds })
      .from(lotStayHours)
      .where(and(eq(lotStayHours.lotId, lotId), inArray(lotStayHours.hour, hours))),
    db
      .select({ hour: min(lotStayHours.hour) })
      .from(lotStayHours)
      .where(eq(lotStayHours.lotId, lotId)),
  ]);
  return { held: new Map(held.map((row) => [row.hour, row.seconds])), firstHour: first?.hour ?? null };
}
