/**
 * The lots drivers find and open: search, a lot's page with its availability live from its object, its
 * forecast and its live figures. Other domains read lots through here too: a lot's row and listings,
 * and who manages and works a lot (lot-access.service.ts).
 */
import { countsFromReadModel } from '../../core/availability';
import { windowProblem } from '../../core/booking';
import { forecastFromRollup, pastSameHours } from '../../core/forecast';
import { lotHours, lotRules } from '../../core/lot-json';
import { lotPricingOf } from '../../core/lot-pricing';
import { quote } from '../../core/pricing';
import { lotRating } from '../../core/reviews';
import type { Sort } from '../../core/suggestions';
import { notFound, refusal } from '../../core/refusal';
import { HOUR_MS } from '../../core/time';
import type { VehicleType } from '../../core/vehicles';
import type { DB } from '../db/client';
import { pageOf, type Cursor, type PageRequest } from '../db/pages';
import type { Bindings } from '../env';
import { LIVE_CLIENT_HEADER, LIVE_TOTAL_HEADER } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { kilometresOf, searchCursorOf, searchLots, type LotSearch } from './lot-search.data';
import { findLot, listLotsByIds, listLotsOwnedBy, pageOfLotsOwnedBy, stayHistory, type LotRow, type LotWindow } from './lots.data';
import { priceCursor } from './price-order.data';
import { driverStays } from './suggestions.data';
import { bestForYou } from './suggestions.service';

/** The order of a search, and for whom ("Best for you" reads the driver's history). */
type SearchOrder = { sort?: Sort; userId?: string | null };

export { assertManagesLot, assertWorksLot, isLotStaff, workableLotIds } from './lot-access.service';

/** A lot, approved or not; undefined when there is no such lot. */
export const lotById = (db: DB, lotId: string) => findLot(db, lotId);

/** These lots, by name. */
export const lotsByIds = (db: DB, ids: string[]) => listLotsByIds(db, ids);

/** An owner's lots, by name (every lot for null: the platform's admin), whole or a page at a time. */
export const lotsOwnedBy = (db: DB, ownerId: string | null) => listLotsOwnedBy(db, ownerId);
export const pageOfOwnersLots = (db: DB, ownerId: string | null, page: PageRequest) => pageOfLotsOwnedBy(db, ownerId, page);

/** Whether a cursor is one the search's order gives out: with a point, a distance; in "Cheapest", a price first. */
export const searchCursorFits = (cursor: Cursor, { cheapest, withPoint }: { cheapest: boolean; withPoint: boolean }) =>
  cheapest ? priceCursor(cursor, withPoint) !== null : !withPoint || Number.isFinite(Number(cursor.key));

type SlotCounts = { total: number; free: number; occupied: number; reserved: number; walkIns: number };

/** The next hour from now: what "live" availability means when no window is asked for. */
export const liveWindow = (now = Date.now()): LotWindow => ({ startMs: now, endMs: now + HOUR_MS });

/** A lot drivers may see (approved), or 404. */
export async function approvedLot(db: DB, lotId: string): Promise<LotRow> {
  const lot = await findLot(db, lotId);
  if (!lot?.isApproved) throw notFound('Parking lot');
  return lot;
}

/** The availability a driver sees, from counts live from the object or read from search's read model. */
function availabilityView(lot: LotRow, counts: SlotCounts, window: LotWindow, vehicleType?: VehicleType) {
  return {
    ...counts,
    priceSnapshot: { current: lot.baseRate },
    quote: quote(lotPricingOf(lot), window.endMs - window.startMs, window.startMs, { vehicleType }),
    window: { start: new Date(window.startMs).toISOString(), end: new Date(window.endMs).toISOString() },
    /** Why this window cannot be booked here (closed, too long, overnight…), in the booking's own words; null when it can. */
    problem: windowProblem(
      { start: new Date(window.startMs), end: new Date(window.endMs) },
      { hours: lotHours(lot), rules: lotRules(lot) },
    ),
  };
}

/**
 * `GET /api/lots/:id/quote`: what the stay would cost the vehicle, by the rule the booking and the gate
 * charge by (core/pricing.ts `quote`), with its lines: a rate card's own, else the billed hours.
 */
export function quoteStay(lot: LotRow, window: LotWindow, vehicleType: VehicleType) {
  const quoted = quote(lotPricingOf(lot), window.endMs - window.startMs, window.startMs, { vehicleType });
  const lines = quoted.lines ?? [{ label: `${quoted.hours} h`, cents: quoted.totalCents }];
  return { totalCents: quoted.totalCents, vatCents: quoted.vatCents, lines };
}

/**
 * Availability for a window: reservations held in the lot's Durable Object and walk-ins inside now,
 * against the active slots in D1; plus the price of the window.
 */
export async function availabilityOf(env: Bindings, lot: LotRow, window: LotWindow = liveWindow()) {
  return availabilityView(lot, await lotObject(env, lot.id).availability(window, lot.totalSlots), window);
}

function driverView(lot: LotRow, availability: ReturnType<typeof availabilityView>) {
  const {
    baseRate: _rate,
    totalSlots: _total,
    ownerId: _owner,
    strategy: _strategy,
    progressiveJson: _tiers,
    dynamicEnabled: _dynamic,
    bandRatesJson: _bands,
    rateCardJson: _card,
    waiversJson: _waivers,
    ratingCount,
    ratingStars,
    // Why Parkada unlisted it is the owner's to read; drivers see only that it is not on sale (`onSale`).
    unlistedAt: _unlistedAt,
    unlistedReason: _unlistedReason,
    ...fields
  } = lot;
  return { ...fields, pricing: lotPricingOf(lot), availability, rating: lotRating(ratingCount, ratingStars) };
}

/** The driver-facing shape of a lot, with its availability live from its object. */
export async function toDriverLot(env: Bindings, lot: LotRow, window?: LotWindow) {
  return driverView(lot, await availabilityOf(env, lot, window));
}

/**
 * A page of search results, each lot with its availability for the window read from search's read model
 * (no call per lot): nearest first; cheapest first (`cheapest`: by the window's quote, computed in
 * SQL); or, for `best`, the nearest page in "Best for you" order with its reasons
 * (suggestions.service.ts): the page also reads its stay rollups, and the driver's history goes in
 * the same batch. Another page is the next one nearest, ranked in turn.
 */
export async function searchForDrivers(db: DB, search: LotSearch, page: PageRequest, order: SearchOrder = {}, now = Date.now()) {
  const best = order.sort === 'best';
  const forecastHours = best ? pastSameHours(search.window.startMs, now, 0) : undefined;
  const query = searchLots(db, { ...search, cheapest: order.sort === 'cheapest', forecastHours }, page);
  const [rows, stays] = best && order.userId ? await db.batch([query, driverStays(db, order.userId)]) : [await query, []];
  const found = pageOf(rows, page, searchCursorOf, (row) => {
    const {
      squaredDistance: _distance,
      priceCents: _price,
      slotsTaken,
      walkInsPlaced,
      walkInsUnplaced,
      heldSeconds: _held,
      firstStayHour: _first,
      ...lot
    } = row;
    const counts = countsFromReadModel({ total: lot.totalSlots, slotsTaken, walkInsPlaced, walkInsUnplaced }, search.window, now);
    return {
      ...driverView(lot, availabilityView(lot, counts, search.window, search.vehicleType)),
      distanceKm: kilometresOf(row),
      reasons: [] as string[],
    };
  });
  if (!best) return found;
  const rollups = new Map(rows.map((row) => [row.id, row]));
  return { ...found, items: bestForYou(found.items, rollups, stays, search.window.startMs, now) };
}

/** How full the lot usually is at an arrival time, from its stay rollup (core/forecast.ts). */
export async function forecastAt(db: DB, lot: LotRow, atMs: number, now = Date.now()) {
  const { heldSeconds, firstStayHour } = await stayHistory(db, lot.id, pastSameHours(atMs, now, 0));
  return forecastFromRollup(atMs, now, lot.totalSlots, heldSeconds, firstStayHour);
}

/**
 * A live subscriber's WebSocket, served by the lot's Durable Object (core/live.ts, worker/lot-object/live.ts),
 * told the lot's active slots and the subscriber's address. Over a cap, the object answers 429 and why.
 */
export async function liveSocket(env: Bindings, lot: LotRow, url: string, clientAddress: string): Promise<WebSocket> {
  const answer = await lotObject(env, lot.id).fetch(
    new Request(url, {
      headers: { Upgrade: 'websocket', [LIVE_TOTAL_HEADER]: String(lot.totalSlots), [LIVE_CLIENT_HEADER]: clientAddress },
    }),
  );
  if (!answer.webSocket) throw refusal('too_many_attempts', (await answer.json<{ message: string }>()).message);
  return answer.webSocket;
}
