/**
 * The offline evaluation of "Best for you" (docs/search.md):
 *   npm run eval:suggestions      (on the local database: PARKADA_STATE_DIR, default .wrangler/state)
 * Replays every booking in the local D1 in the order they were made. For each, it asks the ranking the
 * API uses (`rankForDriver`, core/suggestions.ts), given only what came before the booking was made
 * (the driver's stays completed by then, the lots' stay rollup for weeks that had ended), where the
 * lot chosen stands among the lots near a searched place, beside nearest-first, cheapest-first and a
 * random order (its expected rate), and prints each order's top-3 and top-1 hit rates.
 *
 * Bookings record no searched place, so each booking's is simulated, fairly to every order: a point
 * drawn uniformly in the disc of `REACH_KM` around the chosen lot (from the booking's id, the same every
 * run), and the candidates are the lots a search there with `radiusKm=REACH_KM` finds. "Within reach"
 * is symmetric, so every candidate could have been the chosen lot for that place with the same
 * chance: the place says which lots were within reach, not which one was chosen, and being nearer
 * earns nothing by construction. Only bookings with at least `MIN_CANDIDATES` candidates count (a top 3
 * of 3 means nothing). Prices are the lots' prices now (their history is not kept); availability at
 * the time is not replayed (every lot counts as bookable).
 */
import { LOT_PAGE_SIZE } from '../core/search';
import { forecastFromRollup, pastSameHours } from '../core/forecast';
import { distanceKm, WALKABLE_KM } from '../core/geo';
import { lotAmenities } from '../core/lot-json';
import { lotPricingOf } from '../core/lot-pricing';
import { quote, type PricingStrategy } from '../core/pricing';
import { type Candidate, type DriverHistory, driverHistoryOf, rankForDriver } from '../core/suggestions';
import { HOUR_MS } from '../core/time';
import { localD1 } from './local-state';

type Lot = {
  id: string;
  lat: number;
  lng: number;
  amenitiesJson: string | null;
  strategy: PricingStrategy | null;
  baseRate: number | null;
  progressiveJson: string | null;
  dynamicEnabled: number | null;
  bandRatesJson: string | null;
  rateCardJson: string | null;
  waiversJson: string | null;
  total: number;
};
type Booking = { id: string; userId: string; lotId: string; status: string; createdAt: string; startTs: string; endTs: string };

const query = <T>(sql: string) => (JSON.parse(localD1('execute', '--json', '--command', sql)) as [{ results: T[] }])[0].results;

/** The lots drivers can find; `bench:search`'s imported lots (no history) are left out. */
const readLots = () =>
  query<Lot>(`SELECT l.id, l.geo_lat AS lat, l.geo_lng AS lng, l.amenities_json AS amenitiesJson, p.strategy, p.base_rate AS baseRate,
    p.progressive_json AS progressiveJson, p.dynamic_enabled AS dynamicEnabled, p.band_rates_json AS bandRatesJson,
    p.rate_card_json AS rateCardJson, p.waivers_json AS waiversJson,
    (SELECT count(*) FROM slots s WHERE s.lot_id = l.id AND s.active = 1) AS total
    FROM lots l LEFT JOIN pricing p ON p.lot_id = l.id WHERE l.is_approved = 1 AND l.id NOT LIKE 'bench-lot-%'`);

const readBookings = () =>
  query<Booking>(`SELECT id, user_id AS userId, lot_id AS lotId, status, created_at AS createdAt, start_ts AS startTs, end_ts AS endTs
    FROM reservations WHERE lot_id NOT LIKE 'bench-lot-%'`);

function readRollups() {
  const rollups = new Map<string, { held: Map<number, number>; firstHour: number | null }>();
  for (const row of query<{ lotId: string; hour: number; seconds: number }>(
    // The hourly rows and the days folded into a row each (docs/owner.md, "Rollups").
    `SELECT lot_id AS lotId, hour, sum(seconds) AS seconds FROM (
       SELECT lot_id, hour, seconds FROM lot_stay_hours
       UNION ALL SELECT f.lot_id, f.day * 86400 + j.key * 3600, j.value FROM lot_stay_hours_folded f, json_each(f.seconds) j)
      GROUP BY lot_id, hour HAVING sum(seconds) <> 0 ORDER BY lot_id, hour`,
  )) {
    const rollup = rollups.get(row.lotId) ?? { held: new Map(), firstHour: row.hour };
    rollup.held.set(row.hour, row.seconds);
    rollups.set(row.lotId, rollup);
  }
  return rollups;
}

/** Two numbers in [0, 1) drawn from a booking's id (FNV-1a), so every run simulates the same place. */
function drawsOf(id: string): [number, number] {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return [(hash & 0xffff) / 0x10000, (hash >>> 16) / 0x10000];
}

/** How far a searched place may be from the lot chosen, and the radius of the simulated search: the longest walk (core/geo.ts). */
const REACH_KM = WALKABLE_KM;

/** The simulated searched place: uniform in the disc of `REACH_KM` around the chosen lot. */
function placeFor(booking: Booking, lot: Lot): [number, number] {
  const [angle, reach] = drawsOf(booking.id);
  const km = REACH_KM * Math.sqrt(reach);
  const bearing = angle * 2 * Math.PI;
  return [
    lot.lat + (km * Math.cos(bearing)) / 111.195,
    lot.lng + (km * Math.sin(bearing)) / (111.195 * Math.cos((lot.lat * Math.PI) / 180)),
  ];
}

/** The lots a search at the place within `REACH_KM` would page first, nearest first, with their figures for the booking's window. */
function candidatesFor(booking: Booking, lots: Lot[], rollups: ReturnType<typeof readRollups>, decidedMs: number): Candidate[] {
  const chosen = lots.find((lot) => lot.id === booking.lotId);
  if (!chosen) return [];
  const place = placeFor(booking, chosen);
  const startMs = Date.parse(booking.startTs);
  const durationMs = Math.min(24, Math.max(1, Math.ceil((Date.parse(booking.endTs) - startMs) / HOUR_MS))) * HOUR_MS;
  return lots
    .map((lot) => ({ lot, walkKm: distanceKm(place, [lot.lat, lot.lng]) }))
    .filter(({ walkKm }) => walkKm <= REACH_KM)
    .sort((a, b) => a.walkKm - b.walkKm)
    .slice(0, LOT_PAGE_SIZE)
    .map(({ lot, walkKm }) => {
      const rollup = rollups.get(lot.id);
      const heldSeconds = pastSameHours(startMs, decidedMs, 0).reduce((sum, hour) => sum + (rollup?.held.get(hour) ?? 0), 0);
      return {
        id: lot.id,
        priceCents: quote(lotPricingOf({ ...lot, dynamicEnabled: Boolean(lot.dynamicEnabled) }), durationMs, startMs).totalCents,
        walkKm,
        forecast: forecastFromRollup(startMs, decidedMs, lot.total, heldSeconds, rollup?.firstHour ?? null),
        amenities: lotAmenities(lot),
        bookable: true,
      };
    });
}

const ORDERS = ['Best for you', 'nearest first', 'cheapest first', 'random order'] as const;
type Order = (typeof ORDERS)[number];
/** Top-3 needs more than three lots to mean anything: bookings with fewer lots near are counted apart. */
const MIN_CANDIDATES = 4;

/** What the replay counts: the bookings that qualified, their candidates, and each order's hits (a random order's expected ones). */
type Tally = { evaluated: number; tooFew: number; candidates: number; hits: Record<Order, { top1: number; top3: number }> };

/** Where each order puts the lot chosen among the candidates, added to the tally. */
function score(tally: Tally, candidates: Candidate[], history: DriverHistory, chosenId: string) {
  const orders = {
    'Best for you': rankForDriver(candidates, history),
    'nearest first': candidates,
    // As the API orders it: the price of the window, then nearest (the sort is stable).
    'cheapest first': [...candidates].sort((a, b) => a.priceCents - b.priceCents),
  };
  for (const order of ['Best for you', 'nearest first', 'cheapest first'] as const) {
    const place = orders[order].findIndex((lot) => lot.id === chosenId);
    if (place === 0) tally.hits[order].top1++;
    if (place >= 0 && place < 3) tally.hits[order].top3++;
  }
  // A random order puts the lot chosen first with chance 1/n, among the first three with 3/n.
  tally.hits['random order'].top1 += 1 / candidates.length;
  tally.hits['random order'].top3 += Math.min(3, candidates.length) / candidates.length;
  tally.candidates += candidates.length;
  tally.evaluated++;
}

function main() {
  const lots = readLots();
  const rollups = readRollups();
  const bookings = readBookings();
  // Events in time order: a stay counts in its driver's history once it has ended, before any choice made at that moment.
  const events = [
    ...bookings.filter((b) => b.status === 'COMPLETED').map((b) => ({ at: Date.parse(b.endTs), kind: 0, booking: b })),
    ...bookings.map((b) => ({ at: Math.min(Date.parse(b.createdAt), Date.parse(b.startTs)), kind: 1, booking: b })),
  ].sort((a, b) => a.at - b.at || a.kind - b.kind);
  const stays = new Map<string, Map<string, number>>();
  const amenitiesById = new Map(lots.map((lot) => [lot.id, lotAmenities(lot)]));
  const tally: Tally = {
    evaluated: 0,
    tooFew: 0,
    candidates: 0,
    hits: Object.fromEntries(ORDERS.map((order) => [order, { top1: 0, top3: 0 }])) as Tally['hits'],
  };
  for (const { at, kind, booking } of events) {
    const theirs = stays.get(booking.userId) ?? new Map<string, number>();
    stays.set(booking.userId, theirs);
    if (kind === 0) {
      theirs.set(booking.lotId, (theirs.get(booking.lotId) ?? 0) + 1);
      continue;
    }
    const candidates = candidatesFor(booking, lots, rollups, at);
    if (candidates.length < MIN_CANDIDATES) {
      tally.tooFew++;
      continue;
    }
    const history = driverHistoryOf([...theirs].map(([lotId, n]) => ({ lotId, stays: n, amenities: amenitiesById.get(lotId) ?? {} })));
    score(tally, candidates, history, booking.lotId);
  }
  report(bookings.length, lots.length, tally);
}

/** How often the lot chosen was first, and among the first three, of each order. */
function report(bookings: number, lots: number, { evaluated, tooFew, candidates, hits }: Tally) {
  console.log(`${bookings} bookings at ${lots} lots; searched places drawn within ${REACH_KM} km of the lot chosen.`);
  console.log(
    `${evaluated} bookings qualified (at least ${MIN_CANDIDATES} lots within ${REACH_KM} km of the place), ${tooFew} left out (fewer).`,
  );
  if (!evaluated) return console.log('Nothing to replay: load some history first (npm run db:prepare).');
  console.log(`Candidates per qualified booking: ${(candidates / evaluated).toFixed(2)} on average.`);
  const rate = (n: number) => `${((n / evaluated) * 100).toFixed(1).padStart(5)}%`;
  console.log(`${'order'.padEnd(16)} top-3   top-1`);
  for (const order of ORDERS) console.log(`${order.padEnd(16)} ${rate(hits[order].top3)}  ${rate(hits[order].top1)}`);
}

main();
