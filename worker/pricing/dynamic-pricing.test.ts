import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LotSuggestion } from './dynamic-pricing.service';
import { hourlyOccupancy } from './occupancy.data';
import { dayTypeOf, manilaDayIndex, manilaDayIndexStart, type PriceBand } from '../../core/price-bands';
import { HOUR_MS } from '../../core/time';
import { newId } from '../db/ids';
import { auditLogs, checkins, lots, priceChanges, pricing, reservations, slots, users } from '../db/schema';
import { driver, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce, signedInAs, signupBody, walkPages } from '../test/helpers';
import { createAccount } from '../users/users.data';

type Suggestions = { suggestions: LotSuggestion[]; message: string | null; nextCursor: string | null };

let owner = '';
let driverId = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
  driverId = (await driver(0)).user.id;
});

const today = () => manilaDayIndex(Date.now());
/** The instant `hour` o'clock Manila time on a Manila day. */
const at = (day: number, hour: number) => new Date(manilaDayIndexStart(day) + hour * HOUR_MS).toISOString();
/** The last four whole weeks, as the model reads them. */
const pastDays = () => Array.from({ length: 28 }, (_, i) => today() - 28 + i);
const nextWeekday = () => [1, 2, 3, 4].map((n) => today() + n).find((day) => dayTypeOf(day) === 'weekday')!;

/** A lot with history since before the four weeks the model reads. */
async function lotWithHistory(count: number) {
  const lotId = await makeLot(count);
  await db()
    .update(lots)
    .set({ createdAt: at(today() - 60, 0) })
    .where(eq(lots.id, lotId));
  return { lotId, slotIds: (await db().select({ id: slots.id }).from(slots).where(eq(slots.lotId, lotId))).map((slot) => slot.id) };
}

/** Every slot taken from `from` to `to` o'clock on each of the days: completed reservations. */
async function fullBetween(lotId: string, slotIds: string[], days: number[], from: number, to: number) {
  for (const day of days) {
    for (const slotId of slotIds) {
      await db()
        .insert(reservations)
        .values({
          id: newId(),
          userId: driverId,
          lotId,
          slotId,
          status: 'COMPLETED',
          startTs: at(day, from),
          endTs: at(day, to),
          amountCents: 8000,
        });
    }
  }
}

const setDynamic = (lotId: string, enabled: boolean, cookie = owner) =>
  call(`/api/pricing/${lotId}/dynamic`, { method: 'PUT', cookie, json: { enabled } });
const suggestionsOf = (lotId?: string, cookie = owner) =>
  call(`/api/owner/pricing/dynamic-suggestions${lotId ? `?lotId=${lotId}` : ''}`, { cookie });
const apply = (json: object, cookie = owner) => call('/api/pricing/apply-dynamic', { method: 'POST', cookie, json });
const bandOf = (list: Suggestions, lotId: string, band: PriceBand) => list.suggestions.find((s) => s.lotId === lotId && s.band === band);
const pricingRow = async (lotId: string) => (await db().select().from(pricing).where(eq(pricing.lotId, lotId)))[0];
const quoteAt = async (lotId: string, start: string, hours = 1) =>
  (
    await (
      await call(`/api/lots/${lotId}/availability?start=${encodeURIComponent(start)}&durationHours=${hours}`)
    ).json<{ quote: { totalCents: number } }>()
  ).quote;

async function rivalOwner() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const rival = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'space_owner' });
  await db().update(users).set({ role: 'owner_admin' }).where(eq(users.id, rival.id));
  return signedInAs(rival.id);
}

describe('dynamic pricing suggestions', () => {
  it('are shown only while the lot’s switch is on', async () => {
    const { lotId } = await lotWithHistory(1);
    const off = await suggestionsOf(lotId);
    expect(off.status).toBe(409);
    expect(await off.json()).toMatchObject({ message: expect.stringContaining('Turn on Enable AI Pricing') });
    // An owner with no lot switched on gets an empty list that says why.
    expect(await (await suggestionsOf(undefined, await rivalOwner())).json()).toEqual({
      suggestions: [],
      message: 'Dynamic pricing is off for all your lots. Turn on Enable AI Pricing to see suggestions.',
      nextCursor: null,
    });

    expect(await (await setDynamic(lotId, true)).json()).toEqual({ lotId, dynamicEnabled: true });
    expect((await pricingRow(lotId)).dynamicEnabled).toBe(true);
    expect((await suggestionsOf(lotId)).status).toBe(200);
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PRICING'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(JSON.parse(entry.contextJson)).toEqual({ from: { dynamicEnabled: false }, to: { dynamicEnabled: true } });
  });

  it('for every lot come in pages of lots whose switch is on, each lot on one page only', async () => {
    const ours = [await lotWithHistory(1), await lotWithHistory(1)];
    for (const { lotId, slotIds } of ours) {
      await fullBetween(lotId, slotIds, pastDays(), 8, 10);
      await setDynamic(lotId, true);
    }
    for (const cookie of [owner, await cookieFor('super_admin')]) {
      const pages = await walkPages(async (cursor) => {
        const res = await call(`/api/owner/pricing/dynamic-suggestions?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
        expect(res.status).toBe(200);
        const page = await res.json<Suggestions>();
        return { items: [...new Set(page.suggestions.map((s) => s.lotId))], nextCursor: page.nextCursor };
      });
      for (const lots of pages) expect(lots.length).toBeLessThanOrEqual(1);
      const seen = pages.flat();
      expect(new Set(seen).size).toBe(seen.length);
      for (const { lotId } of ours) expect(seen).toContain(lotId);
    }
    const bad = await call('/api/owner/pricing/dynamic-suggestions?limit=101', { cookie: owner });
    expect(bad.status).toBe(400);
  });

  it('raise weekday mornings of a lot full every weekday 8–10, and not Sundays', async () => {
    const { lotId, slotIds } = await lotWithHistory(2);
    await fullBetween(
      lotId,
      slotIds,
      pastDays().filter((day) => dayTypeOf(day) === 'weekday'),
      8,
      10,
    );
    await setDynamic(lotId, true);
    const list = await (await suggestionsOf(lotId)).json<Suggestions>();

    expect(bandOf(list, lotId, 'weekday-morning')).toMatchObject({
      currentPrice: 4000,
      suggestedPrice: 4500,
      change: 'raise',
      demandLevel: 'HIGH',
      occupancy: 100,
      peakHour: 8,
      days: 20,
      confidence: 83,
      reason: expect.stringContaining('100% of the 2 slots were taken on average over 20 weekdays'),
    });
    // Weekend mornings (Sunday among them) stood empty: no raise, two steps down.
    expect(bandOf(list, lotId, 'weekend-morning')).toMatchObject({
      change: 'lower',
      demandLevel: 'VERY_LOW',
      suggestedPrice: 3000,
      days: 8,
      occupancy: 0,
    });
    // The raise comes first.
    expect(list.suggestions[0]).toMatchObject({ band: 'weekday-morning', lotName: expect.stringContaining('Test Lot') });
  });

  it('count walk-ins without a reservation', async () => {
    const { lotId } = await lotWithHistory(1);
    for (const day of pastDays().filter((d) => dayTypeOf(d) === 'weekend')) {
      await db()
        .insert(checkins)
        .values({ id: newId(), lotId, plate: 'WLK 100', walkIn: true, entryTs: at(day, 14), exitTs: at(day, 15) });
    }
    await setDynamic(lotId, true);
    const list = await (await suggestionsOf(lotId)).json<Suggestions>();
    expect(bandOf(list, lotId, 'weekend-afternoon')).toMatchObject({ change: 'raise', occupancy: 100, peakHour: 14, days: 8 });
  });

  it('count a walk-in still inside from its entry to now, and one that left from the rollup', async () => {
    const lotId = await makeLot(2);
    const now = Date.now();
    const [entered, left] = [now - 5 * HOUR_MS, now - 3 * HOUR_MS];
    await db()
      .insert(checkins)
      .values([
        { id: newId(), lotId, plate: 'WLK 200', walkIn: true, entryTs: new Date(entered).toISOString() },
        {
          id: newId(),
          lotId,
          plate: 'WLK 201',
          walkIn: true,
          entryTs: new Date(entered).toISOString(),
          exitTs: new Date(left).toISOString(),
        },
      ]);
    const hours = await hourlyOccupancy(db(), lotId, now - 24 * HOUR_MS, now + HOUR_MS, now);
    const minutes = hours.reduce((sum, hour) => sum + hour.slotMinutes, 0);
    // 5 h inside so far, and 2 h of the one that left (whole seconds: within a minute; minutes are a float sum).
    expect(minutes).toBeGreaterThan(7 * 60 - 1);
    expect(minutes).toBeLessThanOrEqual(7 * 60 + 1e-6);
  });

  it('feed the side panels from the records, switch on or off', async () => {
    const { lotId, slotIds } = await lotWithHistory(2);
    await fullBetween(
      lotId,
      slotIds,
      pastDays().filter((day) => dayTypeOf(day) === 'weekday'),
      8,
      10,
    );
    const res = await call(`/api/owner/pricing/insights?lotId=${lotId}`, { cookie: owner });
    expect(res.status).toBe(200);
    const insights = await res.json<{
      days: number;
      averageOccupancy: number;
      peakHours: unknown[];
      alerts: { type: string; message: string }[];
      bands: unknown[];
    }>();
    // 20 weekdays × 2 full hours out of 28 days × 24 hours.
    expect(insights).toMatchObject({ dynamicEnabled: false, days: 28, averageOccupancy: Math.round((40 / (28 * 24)) * 100) });
    expect(insights.peakHours.slice(0, 2)).toEqual([
      { dayType: 'weekday', hour: 8, occupancy: 100, label: 'Weekdays 8 AM' },
      { dayType: 'weekday', hour: 9, occupancy: 100, label: 'Weekdays 9 AM' },
    ]);
    expect(insights.bands).toContainEqual({
      band: 'weekday-morning',
      label: 'Weekday mornings (6 AM–10 AM)',
      occupancy: 100,
      peakHour: 8,
      demandLevel: 'HIGH',
      rateCents: 4000,
    });
    expect(insights.alerts[0]).toEqual({
      type: 'warning',
      message:
        'Weekday mornings (6 AM–10 AM): 100% of the slots are taken at 8 AM, so drivers struggle to find a space. Turn on Enable AI Pricing for a suggested rate.',
    });
    expect((await call(`/api/owner/pricing/insights?lotId=${lotId}`, { cookie: await rivalOwner() })).status).toBe(404);
    expect((await call('/api/owner/pricing/insights', { cookie: owner })).status).toBe(400);
  });

  it('answer 404 for another owner’s lot', async () => {
    const { lotId } = await lotWithHistory(1);
    const rival = await rivalOwner();
    expect((await suggestionsOf(lotId, rival)).status).toBe(404);
    expect((await setDynamic(lotId, true, rival)).status).toBe(404);
    expect((await apply({ lotId, band: 'weekday-morning', suggestedPrice: 3000 }, rival)).status).toBe(404);
    expect((await pricingRow(lotId)).dynamicEnabled).toBe(false);
  });
});

describe('POST /api/pricing/apply-dynamic', () => {
  it('sets the band’s rate, audited, and the booking quote uses it for hours in that band', async () => {
    const { lotId, slotIds } = await lotWithHistory(2);
    await fullBetween(
      lotId,
      slotIds,
      pastDays().filter((day) => dayTypeOf(day) === 'weekday'),
      8,
      10,
    );
    await setDynamic(lotId, true);
    // A booking made before the band rate keeps its price.
    const { cookie } = await driver(1_000);
    const monday = nextWeekday();
    const older = await (await reserve(cookie, { lotId, start: at(monday, 8), durationHours: 1 })).json<{
      id: string;
      amountCents: number;
    }>();
    expect(older.amountCents).toBe(4000);

    const res = await apply({ lotId, band: 'weekday-morning', suggestedPrice: 4500 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lotId, band: 'weekday-morning', rateCents: 4500 });
    expect(JSON.parse((await pricingRow(lotId)).bandRatesJson!)).toEqual({
      'weekday-morning': { rateCents: 4500, appliedAt: expect.any(String) },
    });
    const entries = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PRICING'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(entries.map((entry) => JSON.parse(entry.contextJson))).toContainEqual(
      expect.objectContaining({ band: 'weekday-morning', from: { rateCents: 4000 }, to: { rateCents: 4500 } }),
    );
    // Recorded among the lot's price changes in the same batch.
    expect(await db().select().from(priceChanges).where(eq(priceChanges.lotId, lotId))).toMatchObject([
      { band: 'weekday-morning', fromCents: 4000, toCents: 4500 },
    ]);

    // 8–9 AM is in the band, 10–11 AM is not; 9–11 AM pays one hour of each.
    expect((await quoteAt(lotId, at(monday, 8))).totalCents).toBe(4500);
    expect((await quoteAt(lotId, at(monday, 10))).totalCents).toBe(4000);
    expect(await quoteAt(lotId, at(monday, 9), 2)).toMatchObject({
      totalCents: 8500,
      grossCents: 8500,
      bandHours: [{ band: 'weekday-morning', hours: 1, rateCents: 4500 }],
    });
    const booking = await (await reserve(cookie, { lotId, start: at(monday, 9), durationHours: 1 })).json<{
      id: string;
      amountCents: number;
    }>();
    expect(booking.amountCents).toBe(4500);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, older.id));
    expect(row.amountCents).toBe(4000);

    // The band is judged again only on whole days after the change.
    expect(bandOf(await (await suggestionsOf(lotId)).json<Suggestions>(), lotId, 'weekday-morning')).toBeUndefined();

    // Off, the lot is back on its base rate; on again, the band rate returns.
    await setDynamic(lotId, false);
    expect((await quoteAt(lotId, at(monday, 8))).totalCents).toBe(4000);
    await setDynamic(lotId, true);
    expect((await quoteAt(lotId, at(monday, 8))).totalCents).toBe(4500);

    // A new base rate starts the band rates over.
    expect(
      (
        await call(`/api/pricing/${lotId}`, {
          method: 'PATCH',
          cookie: owner,
          json: {
            strategy: 'PROGRESSIVE',
            baseRate: 4000,
            progressiveJson: [
              { durationHours: 2, rateMultiplier: 1 },
              { durationHours: 4, rateMultiplier: 0.9 },
              { durationHours: 8, rateMultiplier: 0.8 },
            ],
          },
        })
      ).status,
    ).toBe(200);
    expect((await pricingRow(lotId)).bandRatesJson).not.toBeNull();
    expect(
      (await call(`/api/pricing/${lotId}`, { method: 'PATCH', cookie: owner, json: { strategy: 'STATIC', baseRate: 5000 } })).status,
    ).toBe(200);
    expect((await pricingRow(lotId)).bandRatesJson).toBeNull();
  });

  it('refuses what is not the current suggestion and changes nothing', async () => {
    const { lotId, slotIds } = await lotWithHistory(1);
    // The slot is taken 3–4 PM on 14 of the 20 weekdays; mornings stand empty.
    const weekdays = pastDays().filter((day) => dayTypeOf(day) === 'weekday');
    await fullBetween(lotId, slotIds, weekdays.slice(0, 14), 15, 16);
    const before = await pricingRow(lotId);
    const cases: [object, number, string][] = [
      [{ lotId, band: 'weekday-morning', suggestedPrice: 3000 }, 409, 'Dynamic pricing is off for'],
      [{ lotId, band: 'weekday-dawn', suggestedPrice: 3000 }, 400, 'Unknown price band'],
      [{ lotId, band: 'weekday-morning', suggestedPrice: 30.5 }, 400, 'The suggested price is in whole centavos'],
      [{ lotId: 'not-a-lot', band: 'weekday-morning', suggestedPrice: 3000 }, 400, 'Unknown lot id'],
    ];
    for (const [body, status, message] of cases) {
      const res = await apply(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json<{ message: string }>()).message).toContain(message);
    }
    await setDynamic(lotId, true);
    const list = await (await suggestionsOf(lotId)).json<Suggestions>();
    // 14 of 20 weekdays full at 3 PM: 70%, the target, so the afternoon rate stays.
    expect(bandOf(list, lotId, 'weekday-afternoon')).toMatchObject({
      change: 'keep',
      demandLevel: 'TARGET',
      occupancy: 70,
      suggestedPrice: 4000,
    });
    const stale = await apply({ lotId, band: 'weekday-morning', suggestedPrice: 3500 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: 'The suggestion for Weekday mornings (6 AM–10 AM) is now ₱30.00; refresh the suggestions to see why.',
    });
    const keep = await apply({ lotId, band: 'weekday-afternoon', suggestedPrice: 4000 });
    expect(keep.status).toBe(409);
    expect(await keep.json()).toMatchObject({ message: 'Weekday afternoons (2 PM–6 PM) already has the suggested rate of ₱40.00.' });
    expect(await pricingRow(lotId)).toMatchObject({ bandRatesJson: before.bandRatesJson, baseRate: before.baseRate });
  });
});
