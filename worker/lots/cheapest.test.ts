import { env } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotPricingOf } from '../../core/lot-pricing';
import { quote } from '../../core/pricing';
import { HOUR_MS } from '../../core/time';
import { encodeCursor } from '../db/pages';
import { lots, pricing } from '../db/schema';
import { makeLot } from '../test/booking-fixtures';
import { call, db, seedOnce, walkPages } from '../test/helpers';
import { searchLots } from './lot-search.data';
import { lotColumns } from './lots.data';
import { windowPriceSql } from './price-order.data';

/** "Cheapest" through `GET /api/lots?sort=cheapest` on real D1 (docs/search.md), on lots of its own far from the demo's. */
type Found = { id: string; name: string; distanceKm: number | null; availability: { quote: { totalCents: number } } };
type Page = { items: Found[]; nextCursor: string | null };

const ORIGIN: [number, number] = [8.9, 125.4];
/** A Wednesday 09:00 to 13:00 in Manila: one weekday-morning hour, three weekday-midday ones. */
const START = '2026-12-02T09:00:00+08:00';
const BAND_RATES = JSON.stringify({ 'weekday-midday': { rateCents: 5000, appliedAt: '2026-11-01T00:00:00Z' } });

type Pricing = Partial<typeof pricing.$inferInsert> | null;

/** A lot `metres` north of the origin with the pricing given (null: no pricing row, the default rate). */
async function lotAt(metres: number, prices: Pricing) {
  const id = await makeLot(1);
  await db()
    .update(lots)
    .set({ geoLat: ORIGIN[0] + metres / 1000 / 111.195, geoLng: ORIGIN[1] })
    .where(eq(lots.id, id));
  if (prices) await db().update(pricing).set(prices).where(eq(pricing.lotId, id));
  else await db().delete(pricing).where(eq(pricing.lotId, id));
  return id;
}

/** Every strategy the quote knows, and ties of price at different distances. The comment is each lot's price for 4 hours. */
const LOTS: [number, Pricing][] = [
  [100, { baseRate: 4000 }], // 16,000
  [500, { baseRate: 3000 }], // 12,000
  [200, { baseRate: 3000 }], // 12,000, nearer
  [300, { strategy: 'PROGRESSIVE', baseRate: 4000, progressiveJson: JSON.stringify([{ durationHours: 3, rateMultiplier: 0.5 }]) }], // 8,000
  [400, { strategy: 'PROGRESSIVE', baseRate: 4000, progressiveJson: null }], // the default tiers: ×0.9, 14,400
  [600, { baseRate: 2000, dynamicEnabled: true, bandRatesJson: BAND_RATES }], // 2,000 + 3 × 5,000 = 17,000
  [700, { baseRate: 2500, dynamicEnabled: false, bandRatesJson: BAND_RATES }], // dynamic off: 10,000
  [800, null], // 32,000
  [
    900,
    {
      strategy: 'PROGRESSIVE',
      baseRate: 3333,
      progressiveJson: JSON.stringify([
        { durationHours: 2, rateMultiplier: 0.7 },
        { durationHours: 6, rateMultiplier: 0.3 },
      ]),
    },
  ], // 9,332.4: 9,332
  [1000, null], // 32,000, after the nearer one
];

let ids: string[] = [];
beforeAll(async () => {
  await seedOnce();
  ids = [];
  for (const [metres, prices] of LOTS) ids.push(await lotAt(metres, prices));
});

const search = async (query: string) => {
  const res = await call(`/api/lots?near=${ORIGIN.join(',')}&radiusKm=1.5&start=${encodeURIComponent(START)}&durationHours=4&${query}`);
  expect(res.status).toBe(200);
  return res.json<Page>();
};

describe('Cheapest first', () => {
  it('orders the area by the price of the window, the nearest first at the same price, in pages that never repeat or skip a lot', async () => {
    let added = 0;
    const pages = await walkPages(
      (cursor) => search(`sort=cheapest&limit=3${cursor ? `&cursor=${cursor}` : ''}`),
      // A lot cheaper than any, added between pages, is not served on a later page, nor does it shift one.
      async () => void (added++ || (await lotAt(50, { baseRate: 1000 }))),
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 1]);
    const found = pages.flat();
    expect(found.map((lot) => lot.availability.quote.totalCents)).toEqual([
      8000, 9332, 10_000, 12_000, 12_000, 14_400, 16_000, 17_000, 32_000, 32_000,
    ]);
    expect(found.map((lot) => ids.indexOf(lot.id))).toEqual([3, 8, 6, 2, 1, 4, 0, 5, 7, 9]);
  });

  it('computes in SQL the very price the quote gives, for every strategy and window', async () => {
    const start = Date.parse(START);
    for (const [fromHour, hours] of [
      [0, 1],
      [0, 4],
      [-3, 2],
      [8, 7],
      [-9, 24],
      [63, 5],
    ]) {
      const window = { startMs: start + fromHour * HOUR_MS, endMs: start + (fromHour + hours) * HOUR_MS };
      const rows = await db()
        .select({ ...lotColumns, sqlPrice: windowPriceSql(window) })
        .from(lots)
        .leftJoin(pricing, eq(pricing.lotId, lots.id))
        .where(inArray(lots.id, ids));
      for (const row of rows)
        expect(row.sqlPrice, `${row.id} ${fromHour}+${hours}h`).toBe(quote(lotPricingOf(row), hours * HOUR_MS, window.startMs).totalCents);
    }
  });

  it('orders a search without a place by price then name, and refuses a cursor of another order', async () => {
    const res = await call(`/api/lots?q=Test%20Lot&sort=cheapest&limit=100&start=${encodeURIComponent(START)}&durationHours=4`);
    const found = (await res.json<Page>()).items;
    const keys = found.map((lot) => [lot.availability.quote.totalCents, lot.name] as const);
    expect(keys).toEqual([...keys].sort(([a, x], [b, y]) => a - b || (x < y ? -1 : x > y ? 1 : 0)));
    const nearestCursor = encodeCursor({ key: '0.0001', id: ids[0] });
    expect((await call(`/api/lots?near=${ORIGIN.join(',')}&sort=cheapest&cursor=${nearestCursor}`)).status).toBe(400);
    const cheapestCursor = encodeCursor({ key: '8000|0.0001', id: ids[0] });
    expect((await call(`/api/lots?near=${ORIGIN.join(',')}&cursor=${cheapestCursor}`)).status).toBe(400);
  });

  it('still reads the area as a range of the search index', async () => {
    const window = { startMs: Date.parse(START), endMs: Date.parse(START) + 4 * HOUR_MS };
    const query = searchLots(db(), { near: ORIGIN, radiusKm: 5, window, cheapest: true }, { limit: 50 }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const lotsRead = plan.results.map((row) => row.detail).find((detail) => /\b(SCAN|SEARCH) lots\b/.test(detail));
    expect(lotsRead).toMatch(/^SEARCH lots USING INDEX lots_search_idx/);
  });
});
