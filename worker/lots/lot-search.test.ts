import { env } from 'cloudflare:test';
import { count, eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { hourlyCentsOf } from '../../core/search';
import { lots, pricing, users } from '../db/schema';
import { newId } from '../db/ids';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { searchLots } from './lot-search.data';
import { liveWindow } from './lots.service';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import type { Api } from '../test/api-types';
import { call, db, seedOnce, walkPages } from '../test/helpers';

type Found = {
  id: string;
  name: string;
  distanceKm: number | null;
  availability: { total: number; free: number; problem: string | null; quote: { totalCents: number; hours: number } };
};
type Page = { items: Found[]; nextCursor: string | null };
type LotDetail = InferResponseType<Api['lots'][':id']['$get'], 200>;

const search = async (query: string) => {
  const res = await call(`/api/lots?${query}`);
  expect(res.status).toBe(200);
  return res.json<Page>();
};
const names = (page: Page) => page.items.map((lot) => lot.name);

beforeAll(seedOnce);

/** Lots of their own, `count` of them 100 m apart going north from `origin`, nearest first. */
async function lotsNorthOf(origin: [number, number], count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await makeLot(1);
    await db()
      .update(lots)
      .set({ geoLat: origin[0] + ((i + 1) * 0.1) / 111.195, geoLng: origin[1] })
      .where(eq(lots.id, id));
    ids.push(id);
  }
  return ids;
}

describe('lot search with a window and filters', () => {
  it('filters by Open Now at the chosen time, price and accessibility, and sorts by distance', async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const open = await search(`openNow=true&start=${at3am}&durationHours=1&limit=100`);
    expect(names(open)).toContain('NAIA Terminal 3 Parking');
    expect(names(open)).not.toContain('Greenbelt 3 Parking');
    const cheap = await search('maxPriceCents=10000&limit=100');
    expect(names(cheap)).not.toContain('NAIA Terminal 3 Parking');
    expect(names(cheap)).toContain('Greenbelt 3 Parking');
    const near = await search('near=14.5352,120.9822&radiusKm=3');
    expect(near.items[0].name).toBe('SM Mall of Asia North Parking');
    expect(near.items.every((l) => l.distanceKm! <= 3)).toBe(true);
    const withEv = await search('near=14.5547,121.0244&radiusKm=3&ev=true');
    expect(names(withEv)).toContain('Greenbelt 3 Parking');
    expect(names(withEv)).not.toContain('Glorietta 4 Car Park');
    expect((await call('/api/lots?near=manila')).status).toBe(400);
  });

  it("says why a window cannot be booked at a lot, in the booking rules' words", async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const all = await search(`start=${at3am}&durationHours=2&limit=100`);
    const byName = (name: string) => all.items.find((l) => l.name === name)!.availability.problem;
    expect(byName('Greenbelt 3 Parking')).toMatch(/^This lot is open \d\d:\d\d–\d\d:\d\d on Wednesday; choose a time inside its hours\.$/);
    expect(byName('NAIA Terminal 3 Parking')).toBeNull();
  });

  it('prices the window and counts bookings in it', async () => {
    const lotId = await makeLot(2, { progressive: true });
    const { cookie } = await driver(1_000);
    const start = inMinutes(180);
    await reserve(cookie, { lotId, start, durationHours: 4 });
    const lot = await (await call(`/api/lots/${lotId}?start=${encodeURIComponent(start)}&durationHours=4`)).json<LotDetail>();
    expect(lot.availability).toMatchObject({ total: 2, free: 1, reserved: 1, quote: { hours: 4, totalCents: 14_400 } });
  });
});

describe('"Under ₱100/hr" and the card\'s hourly figure', () => {
  /** Wednesday 11:00–13:00 and 15:00–17:00 in Manila: weekday midday, then weekday afternoon. */
  const MIDDAY = encodeURIComponent('2026-12-02T11:00:00+08:00');
  const AFTERNOON = encodeURIComponent('2026-12-02T15:00:00+08:00');
  const midday = (rateCents: number) => JSON.stringify({ 'weekday-midday': { rateCents, appliedAt: '2026-11-01T00:00:00Z' } });

  it('read the rate in force in the searched window: a band rate while dynamic pricing applies it, else the base rate', async () => {
    const lotWith = async (prices: Partial<typeof pricing.$inferInsert>) => {
      const id = await makeLot(1);
      await db().update(pricing).set(prices).where(eq(pricing.lotId, id));
      await db()
        .update(lots)
        .set({ name: `Hourly ${id}` })
        .where(eq(lots.id, id));
      return id;
    };
    const raised = await lotWith({ baseRate: 8000, dynamicEnabled: true, bandRatesJson: midday(15_000) });
    const lowered = await lotWith({ baseRate: 15_000, dynamicEnabled: true, bandRatesJson: midday(6000) });
    const switchedOff = await lotWith({ baseRate: 15_000, dynamicEnabled: false, bandRatesJson: midday(6000) });
    const hourly = async (start: string, filter: string) => {
      const page = await search(`q=Hourly&start=${start}&durationHours=2&limit=100${filter}`);
      const mine = page.items.filter((lot) => [raised, lowered, switchedOff].includes(lot.id));
      return Object.fromEntries(mine.map((lot) => [lot.id, hourlyCentsOf(lot.availability.quote)]));
    };
    expect(await hourly(MIDDAY, '')).toEqual({ [raised]: 15_000, [lowered]: 6000, [switchedOff]: 15_000 });
    expect(await hourly(MIDDAY, '&maxPriceCents=10000')).toEqual({ [lowered]: 6000 });
    expect(await hourly(AFTERNOON, '&maxPriceCents=10000')).toEqual({ [raised]: 8000 });
  });
});

describe('search at city scale', () => {
  it('answers the nearest first, in pages that never repeat or skip a lot', async () => {
    const origin: [number, number] = [10.3, 123.9];
    const ids = await lotsNorthOf(origin, 7);
    const pages = await walkPages((cursor) => search(`near=${origin.join(',')}&radiusKm=2&limit=3${cursor ? `&cursor=${cursor}` : ''}`));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const found = pages.flat();
    expect(found.map((lot) => lot.id)).toEqual(ids);
    expect(found.map((lot) => lot.distanceKm)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    // The radius is a circle, not its box.
    expect((await search(`near=${origin.join(',')}&radiusKm=0.45`)).items.map((lot) => lot.id)).toEqual(ids.slice(0, 4));
  });

  it('pages every approved lot when asked nothing, 50 at a time, and refuses pages over 100', async () => {
    const pages = await walkPages((cursor) => search(cursor ? `cursor=${cursor}` : ''));
    const [{ approved }] = await db().select({ approved: count() }).from(lots).where(eq(lots.isApproved, true));
    expect(pages.flat()).toHaveLength(approved);
    expect(new Set(pages.flat().map((lot) => lot.id)).size).toBe(approved);
    expect(pages.slice(0, -1).every((page) => page.length === 50)).toBe(true);
    const tooMany = await call('/api/lots?limit=101');
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ message: 'limit must be a whole number from 1 to 100.' });
    const foreign = await call(`/api/lots?near=14.55,121.02&cursor=${btoa(JSON.stringify(['Greenbelt', 'x'])).replace(/=+$/, '')}`);
    expect(foreign.status).toBe(400);
  });

  it('reads the box as a range of the search index, not a scan of every lot', async () => {
    const query = searchLots(
      db(),
      { near: [14.55, 121.02], radiusKm: 5, openAt: new Date(), accessible: true, window: liveWindow() },
      { limit: 50 },
    ).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const lotsRead = plan.results.map((row) => row.detail).find((detail) => /\b(SCAN|SEARCH) lots\b/.test(detail));
    expect(lotsRead).toMatch(/^SEARCH lots USING INDEX lots_search_idx \(is_approved=\? AND geo_lat>\? AND geo_lat<\?\)/);
  });

  it('finds the lots inside a map viewport, nearest its centre first', async () => {
    const origin: [number, number] = [9.3, 123.3];
    const ids = await lotsNorthOf(origin, 5);
    const north = origin[0] + 0.35 / 111.195;
    const inView = await search(`bbox=${origin[1] - 0.01},${origin[0]},${origin[1] + 0.01},${north}`);
    expect(new Set(inView.items.map((lot) => lot.id))).toEqual(new Set(ids.slice(0, 3)));
    expect(inView.items[0].id).toBe(ids[1]);
    for (const bad of ['1,2,3', '123.31,9.3,123.29,9.31', 'a,b,c,d']) {
      const res = await call(`/api/lots?bbox=${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.stringMatching(/^bbox must be "west,south,east,north"/) });
    }
  });

  it('finds lots and slots imported straight into D1 with all their slots free', async () => {
    const ownerId = (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'owner_admin')!.email))
    )[0].id;
    const lotId = newId();
    // The spec's columns only: no pricing row, no read-model rows, no call to the lot's object.
    await env.DB.prepare(
      "INSERT INTO lots (id, owner_id, name, address, geo_lat, geo_lng, hours_json, is_approved) VALUES (?, ?, 'Imported Lot', 'Cebu City', 10.4, 123.95, '{}', 1)",
    )
      .bind(lotId, ownerId)
      .run();
    await env.DB.batch(
      Array.from({ length: 40 }, (_, i) =>
        env.DB.prepare('INSERT INTO slots (id, lot_id, label) VALUES (?, ?, ?)').bind(newId(), lotId, `S-${i + 1}`),
      ),
    );
    const page = await search(`near=10.4,123.95&radiusKm=1&start=${encodeURIComponent(inMinutes(24 * 60))}&durationHours=2`);
    expect(page.items.map((lot) => lot.id)).toEqual([lotId]);
    expect(page.items[0].availability).toMatchObject({ total: 40, free: 40 });
  });
});
