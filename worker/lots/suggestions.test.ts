import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaHourKey } from '../../core/forecast';
import { newId } from '../db/ids';
import { lots, pricing } from '../db/schema';
import { driver, HOUR, makeLot } from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { run } from '../test/raw-records';

/**
 * "Best for you" through `GET /api/lots?sort=best` on real D1 (core/suggestions.ts, docs/search.md):
 * the hand-made cases of the core's tests, each on lots of its own far from the demo's.
 */
type Found = { id: string; reasons: string[] };
const WEEK = 7 * 24 * HOUR;
let origins = 0;

beforeAll(seedOnce);

/** A place of the test's own, and lots `metres` north of it (2 slots each unless told). */
function place() {
  const origin: [number, number] = [10 + ++origins * 0.2, 123];
  const lotAt = async (metres: number, fields: { rateCents?: number; slots?: number } = {}) => {
    const id = await makeLot(fields.slots ?? 2);
    await db()
      .update(lots)
      .set({ geoLat: origin[0] + metres / 1000 / 111.195, geoLng: origin[1] })
      .where(eq(lots.id, id));
    if (fields.rateCents) await db().update(pricing).set({ baseRate: fields.rateCents }).where(eq(pricing.lotId, id));
    return id;
  };
  return { origin, lotAt };
}

/** The top of the Manila hour two days from now: no week of it has come round yet. */
const arrival = () => manilaHourKey(Date.now() + 2 * 24 * HOUR) * 1000 - 8 * HOUR;

const stay = (driverId: string, lotId: string, startMs: number) =>
  run(
    `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', ?, ?, 8000)`,
    newId(),
    driverId,
    lotId,
    new Date(startMs).toISOString(),
    new Date(startMs + HOUR).toISOString(),
  );

async function search(origin: [number, number], sort: string, cookie?: string, hours = 2) {
  const start = encodeURIComponent(new Date(arrival()).toISOString());
  const res = await call(`/api/lots?near=${origin.join(',')}&radiusKm=1&start=${start}&durationHours=${hours}&sort=${sort}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json<{ items: Found[] }>()).items;
}
const ids = (items: Found[]) => items.map((lot) => lot.id);

describe('GET /api/lots?sort=best', () => {
  it('ranks a cheaper similar lot higher, and says by how much', async () => {
    const { origin, lotAt } = place();
    const near = await lotAt(100, { rateCents: 6000 });
    const cheap = await lotAt(200, { rateCents: 4000 });
    const far = await lotAt(300, { rateCents: 6000 });
    expect(ids(await search(origin, 'nearest'))).toEqual([near, cheap, far]);
    const best = await search(origin, 'best');
    expect(ids(best)).toEqual([cheap, near, far]);
    // Two hours: ₱80 against ₱120 at the lots around.
    expect(best[0].reasons).toContain('₱40 less than lots nearby');
    expect((await search(origin, 'nearest')).every((lot) => lot.reasons.length === 0)).toBe(true);
  });

  it('ranks a lot forecast to be full at arrival lower, and says when', async () => {
    const { origin, lotAt } = place();
    const full = await lotAt(100);
    const other = await lotAt(300);
    const { user } = await driver(0);
    // Both slots taken at the arrival's weekday and hour in each of the last three weeks.
    for (const week of [1, 2, 3]) for (const _slot of [1, 2]) await stay(user.id, full, arrival() - week * WEEK);
    const best = await search(origin, 'best', undefined, 1);
    expect(ids(best)).toEqual([other, full]);
    expect(best[1].reasons.join()).toMatch(/^usually full at \d\d:00 on [A-Z][a-z]+days/);
  });

  it('ranks a lot the driver parked at before higher; a driver with no history gets the default', async () => {
    const { origin, lotAt } = place();
    const nearest = await lotAt(100);
    const usual = await lotAt(300);
    const regular = await driver(0);
    // Three stays this week: history of the driver's, too recent to forecast from.
    for (const day of [1, 2, 3]) await stay(regular.user.id, usual, Date.now() - day * 24 * HOUR);
    const theirs = await search(origin, 'best', regular.cookie);
    expect(ids(theirs)).toEqual([usual, nearest]);
    expect(theirs[0].reasons).toContain('you parked here 3 times');
    const newcomer = await driver(0);
    const fresh = await search(origin, 'best', newcomer.cookie);
    expect(ids(fresh)).toEqual([nearest, usual]);
    expect(fresh[0].reasons).toEqual(['the shortest walk']);
    expect(ids(await search(origin, 'best'))).toEqual([nearest, usual]);
  });

  it('refuses an order it does not know', async () => {
    const res = await call('/api/lots?sort=cheapest-ever');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });
});
