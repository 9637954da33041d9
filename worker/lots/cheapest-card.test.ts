import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotPricingOf } from '../../core/lot-pricing';
import { quote } from '../../core/pricing';
import type { RateCard, Waiver } from '../../core/rate-card';
import { hourlyCentsOf } from '../../core/search';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../core/time';
import { VEHICLE_TYPES, type VehicleType } from '../../core/vehicles';
import { lots, pricing } from '../db/schema';
import { makeLot } from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { lotColumns } from './lots.data';
import { windowPriceSql } from './price-order.data';

/**
 * Search on rate-card lots (docs/search.md, "Cheapest on rate cards"): the price computed in SQL is the
 * card's quote for the window and vehicle, and "Cheapest", "Under ₱N/hr" and "Best for you" go by it.
 */
const SUNDAY = Date.parse('2026-12-06T00:00:00+08:00');
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const classRate = fc.record(
  {
    firstHours: fc.integer({ min: 1, max: 24 }),
    firstCents: fc.integer({ min: 0, max: 30_000 }),
    succeedingCents: fc.integer({ min: 0, max: 10_000 }),
    dailyCapCents: fc.integer({ min: 0, max: 60_000 }),
  },
  { requiredKeys: ['firstHours', 'firstCents', 'succeedingCents'] },
);
const overnight = fc
  .record({ cents: fc.integer({ min: 0, max: 50_000 }), from: fc.integer({ min: 0, max: 1439 }), until: fc.integer({ min: 0, max: 1439 }) })
  .filter((night) => night.from !== night.until)
  .map((night) => ({ cents: night.cents, from: clock(night.from), until: clock(night.until) }));
const rateCard: fc.Arbitrary<RateCard> = fc.record(
  {
    graceMinutes: fc.integer({ min: 0, max: 30 }),
    lostTicketCents: fc.integer({ min: 0, max: 50_000 }),
    overnight,
    classes: fc.record({ car: classRate, motorcycle: classRate }, { requiredKeys: ['car'] }),
  },
  { requiredKeys: ['graceMinutes', 'lostTicketCents', 'classes'] },
);
/** Instants over four days from a Sunday, to the millisecond, so windows and waivers meet nights and each other anywhere. */
const instant = fc.integer({ min: SUNDAY, max: SUNDAY + 4 * DAY_MS });
const waiver: fc.Arbitrary<Waiver> = fc
  .record({ at: instant, lengthMs: fc.integer({ min: 1, max: 2 * DAY_MS }), kind: fc.constantFrom('overnight' as const, 'all' as const) })
  .map(({ at, lengthMs, kind }) => ({
    id: `w${at}`,
    from: new Date(at).toISOString(),
    to: new Date(at + lengthMs).toISOString(),
    kind,
    reason: 'Typhoon',
  }));
const window = fc
  .record({ startMs: instant, lengthMs: fc.oneof(fc.integer({ min: 1, max: 40 * MINUTE_MS }), fc.integer({ min: 1, max: 3 * DAY_MS })) })
  .map(({ startMs, lengthMs }) => ({ startMs, endMs: startMs + lengthMs }));
const vehicle = fc.constantFrom(...VEHICLE_TYPES);

const onCard = (card: RateCard | null, waivers: Waiver[] = []) => ({
  strategy: card ? ('RATE_CARD' as const) : ('STATIC' as const),
  rateCardJson: card && JSON.stringify(card),
  waiversJson: waivers.length ? JSON.stringify(waivers) : null,
});

beforeAll(seedOnce);

describe('The SQL price of a rate-card lot', () => {
  it('is the card’s quote for the window and the vehicle searched for, for any card, waivers and window', async () => {
    const lotId = await makeLot(1);
    await fc.assert(
      fc.asyncProperty(rateCard, fc.array(waiver, { maxLength: 3 }), window, vehicle, async (card, waivers, stay, vehicleType) => {
        await db().update(pricing).set(onCard(card, waivers)).where(eq(pricing.lotId, lotId));
        const [row] = await db()
          .select({ ...lotColumns, sqlPrice: windowPriceSql(stay, vehicleType) })
          .from(lots)
          .leftJoin(pricing, eq(pricing.lotId, lots.id))
          .where(eq(lots.id, lotId));
        const quoted = quote(lotPricingOf(row), stay.endMs - stay.startMs, stay.startMs, { vehicleType });
        expect(row.sqlPrice).toBe(quoted.totalCents);
      }),
      { seed: 47, numRuns: 300 },
    );
  });

  it('binds no parameter for the window, whatever its length (D1 allows 100)', () => {
    const week = { startMs: SUNDAY, endMs: SUNDAY + 7 * DAY_MS };
    expect(
      db()
        .select({ price: windowPriceSql(week, 'motorcycle') })
        .from(pricing)
        .toSQL().params,
    ).toEqual([]);
  });
});

type Found = { id: string; availability: { quote: { totalCents: number; hours: number } }; reasons: string[] };
const ORIGIN: [number, number] = [9.4, 125.9];
const BEST_ORIGIN: [number, number] = [9.6, 125.9];

/** Lots of the test's own `metres` north of the origin. */
async function lotsAt(metres: number[], origin = ORIGIN) {
  const ids: string[] = [];
  for (const north of metres) {
    const id = await makeLot(1, { vehicleTypes: ['car', 'motorcycle'] });
    await db()
      .update(lots)
      .set({ geoLat: origin[0] + north / 1000 / 111.195, geoLng: origin[1] })
      .where(eq(lots.id, id));
    ids.push(id);
  }
  return ids;
}

type Query = { startMs: number; hours: number; vehicleType: VehicleType; sort: string; maxPriceCents?: number; origin?: [number, number] };
async function search(query: Query) {
  const params = new URLSearchParams({
    near: (query.origin ?? ORIGIN).join(','),
    radiusKm: '1',
    limit: '100',
    start: new Date(query.startMs).toISOString(),
    durationHours: String(query.hours),
    vehicleType: query.vehicleType,
    sort: query.sort,
    ...(query.maxPriceCents && { maxPriceCents: String(query.maxPriceCents) }),
  });
  const res = await call(`/api/lots?${params}`);
  expect(res.status).toBe(200);
  return (await res.json<{ items: Found[] }>()).items;
}

describe('Search on rate-card lots', () => {
  it('orders "Cheapest" and keeps "Under ₱N/hr" by the prices the cards show, each the card’s quote for the vehicle', async () => {
    const ids = await lotsAt([100, 200, 300, 400, 500]);
    const someCards = fc.array(fc.option(rateCard, { freq: 4 }), { minLength: ids.length, maxLength: ids.length });
    const searched = fc.record({
      startMs: instant.map((ms) => Math.floor(ms / MINUTE_MS) * MINUTE_MS),
      hours: fc.integer({ min: 1, max: 24 }),
      vehicleType: vehicle,
      maxPriceCents: fc.integer({ min: 1000, max: 20_000 }),
    });
    await fc.assert(
      fc.asyncProperty(someCards, searched, async (cards, { maxPriceCents, ...query }) => {
        for (const [i, card] of cards.entries()) await db().update(pricing).set(onCard(card)).where(eq(pricing.lotId, ids[i]));
        const price = (i: number) =>
          quote(
            { strategy: cards[i] ? 'RATE_CARD' : 'STATIC', baseRateCents: 4000, rateCard: cards[i] },
            query.hours * HOUR_MS,
            query.startMs,
            { vehicleType: query.vehicleType },
          );
        const cheapest = await search({ ...query, sort: 'cheapest' });
        expect(cheapest.map((lot) => lot.availability.quote.totalCents)).toEqual(
          cheapest.map((lot) => price(ids.indexOf(lot.id)).totalCents),
        );
        expect(cheapest.map((lot) => ids.indexOf(lot.id)).sort()).toEqual([0, 1, 2, 3, 4]);
        const shown = cheapest.map((lot) => lot.availability.quote.totalCents);
        expect(shown).toEqual([...shown].sort((a, b) => a - b));
        const under = await search({ ...query, sort: 'cheapest', maxPriceCents });
        expect(under.map((lot) => lot.id)).toEqual(
          cheapest.filter((lot) => hourlyCentsOf(lot.availability.quote) < maxPriceCents).map((lot) => lot.id),
        );
      }),
      { seed: 4747, numRuns: 25 },
    );
  });

  it('ranks "Best for you" by the card’s quote for the vehicle searched for', async () => {
    const [hourly, card] = await lotsAt([100, 300], BEST_ORIGIN);
    // Two hours: ₱80 by the hour; the card charges a car ₱300 and a motorcycle ₱20.
    await db().update(pricing).set({ baseRate: 4000 }).where(eq(pricing.lotId, hourly));
    const motorcycle = { firstHours: 3, firstCents: 2000, succeedingCents: 1000 };
    const mallCard: RateCard = {
      graceMinutes: 15,
      lostTicketCents: 20_000,
      classes: { car: { ...motorcycle, firstCents: 30_000 }, motorcycle },
    };
    await db().update(pricing).set(onCard(mallCard)).where(eq(pricing.lotId, card));
    const at = { startMs: SUNDAY + 10 * HOUR_MS + 7 * DAY_MS, hours: 2, sort: 'best', origin: BEST_ORIGIN };
    const forCars = await search({ ...at, vehicleType: 'car' });
    expect(forCars.map((lot) => lot.id)).toEqual([hourly, card]);
    const forMotorcycles = await search({ ...at, vehicleType: 'motorcycle' });
    expect(forMotorcycles.map((lot) => [lot.id, lot.availability.quote.totalCents])).toEqual([
      [card, 2000],
      [hourly, 8000],
    ]);
  });
});
