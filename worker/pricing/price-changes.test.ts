/** The record of price changes, written with each change, and what followed them, read from rollups written here by hand. */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../core/booking';
import { manilaDayIndex, manilaDayIndexStart } from '../../core/price-bands';
import { priceChanges, pricing } from '../db/schema';
import { makeLot } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { newOwner } from '../test/owner-lots';

const SIX_TO_TEN = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '06:00', close: '22:00' }]));
const setPricing = (cookie: string, lotId: string, baseRate: number) =>
  call(`/api/pricing/${lotId}`, { method: 'PATCH', cookie, json: { lotId, strategy: 'STATIC', baseRate, currency: 'PHP' } });
const changesOf = (lotId: string) => db().select().from(priceChanges).where(eq(priceChanges.lotId, lotId)).orderBy(priceChanges.changedAt);
const report = (cookie: string, lotId: string) => call(`/api/owner/reports/price-changes?lotId=${lotId}`, { cookie });

let owner = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
});

describe('the record of price changes', () => {
  it('is written with every new base rate, from the rate it replaced, and not when the rate stays', async () => {
    const lotId = await makeLot(2);
    expect((await setPricing(owner, lotId, 5000)).status).toBe(200);
    expect((await setPricing(owner, lotId, 5000)).status).toBe(200);
    expect((await setPricing(owner, lotId, 4500)).status).toBe(200);
    expect(await changesOf(lotId)).toMatchObject([
      { band: null, fromCents: 4000, toCents: 5000 },
      { band: null, fromCents: 5000, toCents: 4500 },
    ]);
  });

  it('records, with a new base rate, each band rate it clears: from the band rate, to the new base', async () => {
    const lotId = await makeLot(1);
    const applied = { rateCents: 4500, appliedAt: new Date().toISOString() };
    const bandRates = { 'weekday-morning': applied, 'weekend-night': { ...applied, rateCents: 5000 } };
    await db()
      .update(pricing)
      .set({ bandRatesJson: JSON.stringify(bandRates) })
      .where(eq(pricing.lotId, lotId));
    expect((await setPricing(owner, lotId, 5000)).status).toBe(200);
    const rows = await changesOf(lotId);
    const moves = rows.map(({ band, fromCents, toCents }) => ({ band, fromCents, toCents }));
    expect(moves.sort((a, b) => (a.band ?? '').localeCompare(b.band ?? ''))).toEqual([
      { band: null, fromCents: 4000, toCents: 5000 },
      { band: 'weekday-morning', fromCents: 4500, toCents: 5000 },
      { band: 'weekend-night', fromCents: 5000, toCents: 5000 },
    ]);
    expect(new Set(rows.map((row) => row.changedAt)).size).toBe(1);
    expect(rows.find((row) => row.band)?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The cleared rates are gone: a second base change has none to record.
    expect((await setPricing(owner, lotId, 4000)).status).toBe(200);
    expect(await changesOf(lotId)).toHaveLength(4);
  });
});

/** Today as a Manila day, and the clock seconds at its start: what the rollups key on. */
const today = () => manilaDayIndex(Date.now());

/**
 * Rollups written by hand for days `from` to `to` (Manila days, `to` excluded), open hours 6 AM–10 PM:
 * each hour holds `slotsOn(day, hour)` slots and receives that many times `rateOn(day)`.
 */
async function handRollups(
  lotId: string,
  from: number,
  to: number,
  slotsOn: (day: number, hour: number) => number,
  rateOn: (day: number) => number,
) {
  const stays: { lotId: string; hour: number; seconds: number }[] = [];
  const money: { lotId: string; day: string; hour: number; cents: number }[] = [];
  for (let day = from; day < to; day++)
    for (let hour = 6; hour < 22; hour++) {
      stays.push({ lotId, hour: day * 86_400 + hour * 3600, seconds: slotsOn(day, hour) * 3600 });
      money.push({ lotId, day: new Date(day * 86_400_000).toISOString().slice(0, 10), hour, cents: slotsOn(day, hour) * rateOn(day) });
    }
  const values = (rows: Record<string, string | number>[]) =>
    sql.join(
      rows.map(
        (row) =>
          sql`(${sql.join(
            Object.values(row).map((v) => sql`${v}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
  for (let i = 0; i < stays.length; i += 30) {
    await db().run(sql`INSERT INTO lot_stay_hours (lot_id, hour, seconds) VALUES ${values(stays.slice(i, i + 30))}`);
    await db().run(sql`INSERT INTO lot_money_hours (lot_id, day, hour, cents) VALUES ${values(money.slice(i, i + 20))}`);
    await db().run(sql`INSERT INTO lot_money_hours (lot_id, day, hour, cents) VALUES ${values(money.slice(i + 20, i + 30))}`);
  }
}

const changeAt = (lotId: string, day: number, fromCents: number, toCents: number, band: 'weekday-morning' | null = null) =>
  db()
    .insert(priceChanges)
    .values({
      id: crypto.randomUUID(),
      lotId,
      band,
      fromCents,
      toCents,
      changedAt: new Date(manilaDayIndexStart(day) + 10 * 3_600_000).toISOString(),
    });

type Report = {
  elasticity: { estimate: number | null; changesCounted: number; message: string };
  changes: {
    fromCents: number;
    toCents: number;
    counted: boolean;
    arcElasticity: number | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];
};

describe('GET /api/owner/reports/price-changes', () => {
  it('compares 4 weeks before and after each change in its hours, and pools the elasticity over 3 counted changes', async () => {
    const lotId = await makeLot(10, { hours: SIX_TO_TEN });
    const T = today();
    // ₱80 until T−120 with 5 of 10 slots taken, ₱100 with 4, ₱120 from T−90 with 3, ₱100 again from T−60 with 4.
    const eraOf = (day: number) => (day < T - 120 ? 0 : day < T - 90 ? 1 : day < T - 60 ? 2 : 3);
    await handRollups(
      lotId,
      T - 150,
      T - 30,
      (day) => [5, 4, 3, 4][eraOf(day)],
      (day) => [8000, 10_000, 12_000, 10_000][eraOf(day)],
    );
    await changeAt(lotId, T - 120, 8000, 10_000);
    await changeAt(lotId, T - 90, 10_000, 12_000);
    await changeAt(lotId, T - 60, 12_000, 10_000);

    const res = await report(owner, lotId);
    expect(res.status).toBe(200);
    const body = await res.json<Report>();
    // Newest first.
    expect(body.changes.map((c) => [c.fromCents, c.toCents, c.counted, c.arcElasticity])).toEqual([
      [12_000, 10_000, true, -1.57],
      [10_000, 12_000, true, -1.57],
      [8000, 10_000, true, -1],
    ]);
    expect(body.changes[2].before).toMatchObject({
      days: 28,
      occupiedHoursPerDay: 80,
      occupancyPercent: 50,
      revenuePerDayCents: 16 * 5 * 8000,
    });
    expect(body.changes[2].after).toMatchObject({
      days: 28,
      occupiedHoursPerDay: 64,
      occupancyPercent: 40,
      revenuePerDayCents: 16 * 4 * 10_000,
    });
    expect(body.changes[1].after).toMatchObject({ occupiedHoursPerDay: 48, occupancyPercent: 30 });
    // Σxy ÷ Σx² of (price, occupied hours) arc changes: (0.222, −0.222), (0.182, −0.286), (−0.182, 0.286).
    expect(body.elasticity).toMatchObject({ estimate: -1.33, changesCounted: 3 });
    expect(body.elasticity.message).toMatch(/^Elasticity about -1\.33: a price 10% higher went with about 13\.3% fewer occupied hours/);
  });

  it('reads a band change in the band’s hours only, and says plainly when there are too few changes', async () => {
    const lotId = await makeLot(10, { hours: SIX_TO_TEN });
    const T = today();
    // 6 of 10 slots taken 6–10 AM, 2 the rest of the day, every day.
    await handRollups(
      lotId,
      T - 70,
      T - 1,
      (_day, hour) => (hour < 10 ? 6 : 2),
      () => 5000,
    );
    await changeAt(lotId, T - 35, 5000, 6000, 'weekday-morning');
    const body = await (await report(owner, lotId)).json<Report>();
    // Weekday mornings only: 60%, where all the open hours would read 30% and weekends count for nothing.
    expect(body.changes[0].before).toMatchObject({
      days: 28,
      occupancyPercent: 60,
      occupiedHoursPerDay: Math.round(((20 * 4 * 6) / 28) * 10) / 10,
    });
    expect(body.elasticity).toEqual({
      estimate: null,
      changesCounted: 1,
      message:
        'Too few price changes to estimate elasticity: it needs at least 3 changes with 4 full weeks of records after them and one before; this lot has 1.',
    });
  });

  it('answers 404 for another owner’s lot, and 400 without a lot', async () => {
    const lotId = await makeLot(1);
    const other = await newOwner();
    expect((await report(other.cookie, lotId)).status).toBe(404);
    expect((await call('/api/owner/reports/price-changes', { cookie: owner })).status).toBe(400);
  });
});
