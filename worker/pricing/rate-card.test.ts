import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, checkins, priceChanges, pricing } from '../db/schema';
import { driver, extendBooking, HOUR, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { atTheGate, gateExit, walkIn } from '../test/gate-fixtures';
import { call, db } from '../test/helpers';
import { newOwner } from '../test/owner-lots';

/** The card of docs/pricing.md: ₱50 for the first 3 hours, ₱20 every succeeding hour or fraction. */
const CARD = {
  graceMinutes: 15,
  lostTicketCents: 20_000,
  overnight: { cents: 15_000, from: '00:00', until: '05:00' },
  classes: { car: { firstHours: 3, firstCents: 5_000, succeedingCents: 2_000, dailyCapCents: 30_000 } },
};
/** The same without the overnight fee, for bookings made at whatever time the test runs. */
const { overnight: _, ...DAY_CARD } = CARD;
type Quote = { totalCents: number; vatCents: number; lines: { label: string; cents: number }[] };

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

const setCard = (lotId: string, rateCard: unknown) =>
  call(`/api/pricing/${lotId}`, { method: 'PATCH', cookie: owner, json: { strategy: 'RATE_CARD', rateCard } });
const pricingRow = async (lotId: string) => (await db().select().from(pricing).where(eq(pricing.lotId, lotId)))[0];
const quoteOf = async (lotId: string, startMs: number, endMs: number) => {
  const query = new URLSearchParams({ start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() });
  const res = await call(`/api/lots/${lotId}/quote?${query}`);
  expect(res.status).toBe(200);
  return res.json<Quote>();
};
/** The next whole hour at least an hour from now, a booking's start. */
const nextHour = () => Math.ceil((Date.now() + HOUR) / HOUR) * HOUR;

describe('a lot on a rate card', () => {
  it('refuses a malformed card with 400 naming the field, and changes nothing', async () => {
    const lotId = await makeLot(1);
    const cases: [unknown, string][] = [
      [{ ...CARD, classes: { car: { ...CARD.classes.car, firstCents: -100 } } }, 'classes.car.firstCents'],
      [{ ...CARD, classes: {} }, 'classes.car'],
      [{ ...CARD, overnight: { cents: 100, from: '10 PM', until: '05:00' } }, 'overnight.from'],
    ];
    for (const [card, path] of cases) {
      const res = await setCard(lotId, card);
      expect(res.status).toBe(400);
      expect((await res.json<{ issues: { path: string }[] }>()).issues[0].path).toBe(`rateCard.${path}`);
    }
    expect(await pricingRow(lotId)).toMatchObject({ strategy: 'STATIC', rateCardJson: null });
  });

  it('quotes by the card, audits the change and records it among the price changes', async () => {
    const lotId = await makeLot(1);
    const res = await setCard(lotId, CARD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ strategy: 'RATE_CARD', baseRate: 4_000, rateCard: CARD });
    const start = Date.parse('2026-12-01T10:00:00+08:00');
    expect(await quoteOf(lotId, start, start + 250 * MINUTE)).toEqual({
      totalCents: 9_000,
      vatCents: 964,
      lines: [
        { label: 'first 3 h', cents: 5_000 },
        { label: '2 h succeeding', cents: 4_000 },
      ],
    });
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PRICING'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(JSON.parse(entry.contextJson)).toMatchObject({ from: { strategy: 'STATIC' }, to: { strategy: 'RATE_CARD', rateCard: CARD } });
    // The card's price of an hour: ₱50 for 3 hours.
    expect(await db().select().from(priceChanges).where(eq(priceChanges.lotId, lotId))).toMatchObject([
      { band: null, fromCents: 4_000, toCents: 1_667 },
    ]);
  });

  it('charges the same for the same stay: the quote, the booking and the gate (walk-in, and lost ticket)', async () => {
    const lotId = await makeLot(4);
    await setCard(lotId, CARD);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), async (hours) => {
        const start = nextHour();
        const quoted = await quoteOf(lotId, start, start + hours * HOUR);
        const { cookie } = await driver(2_000);
        const booked = await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: hours });
        expect(booked.status).toBe(201);
        expect((await booked.json<{ amountCents: number }>()).amountCents).toBe(quoted.totalCents);
      }),
      { seed: 47, numRuns: 3 },
    );
    const gateLotId = await makeLot(1);
    await setCard(gateLotId, CARD);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 26 * 60 }), fc.boolean(), async (minutes, lostTicket) => {
        const car = await walkIn(gateLotId, 'WLK 1234', minutes);

        const exit = await gateExit(owner, car.id, { lotId: gateLotId, plate: car.plate, lostTicket });
        expect(exit.status).toBe(200);
        const { entryTs, exitTs } = (await db().select().from(checkins).where(eq(checkins.id, car.id)))[0];
        const entryMs = Date.parse(entryTs);
        const wholeMinutes = Math.floor((Date.parse(exitTs!) - entryMs) / MINUTE) * MINUTE;
        const quoted = await quoteOf(gateLotId, entryMs, entryMs + wholeMinutes);
        const amount = (await exit.json<{ amountCents: number }>()).amountCents;
        expect(amount).toBe(quoted.totalCents + (lostTicket ? CARD.lostTicketCents : 0));
      }),
      { seed: 47, numRuns: 4 },
    );
  });

  it('never reprices paid time when the card changes: the booking keeps its price, an extension pays only the added time', async () => {
    const lotId = await makeLot(1);
    await setCard(lotId, DAY_CARD);
    const { cookie } = await driver(2_000);
    const start = nextHour();
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 4 })).json<{
      id: string;
      amountCents: number;
    }>();
    expect(booking.amountCents).toBe(7_000);
    const dearer = { ...DAY_CARD, classes: { car: { firstHours: 3, firstCents: 10_000, succeedingCents: 5_000 } } };
    await setCard(lotId, dearer);
    const mine = await (await call(`/api/reservations/${booking.id}`, { cookie })).json<{ amountCents: number }>();
    expect(mine.amountCents).toBe(7_000);
    // The 5th hour at the new card: its whole 5 h (₱200) less its first 4 h (₱150).
    const extended = await extendBooking(cookie, booking.id, 1);
    expect(extended.status).toBe(200);
    expect((await extended.json<{ amountCents: number }>()).amountCents).toBe(7_000 + 5_000);
  });

  it('lets the owner waive the overnight fee, lists the waiver on the lot, and the quote honours it', async () => {
    const lotId = await makeLot(1);
    const waivers = `/api/owner/lots/${lotId}/waivers`;
    const night = { from: '2026-12-02T00:00:00+08:00', to: '2026-12-02T06:00:00+08:00' };
    expect((await call(waivers, { method: 'POST', cookie: owner, json: { ...night, kind: 'overnight', reason: 'Typhoon' } })).status).toBe(
      409,
    );
    await setCard(lotId, CARD);
    const evening = Date.parse('2026-12-01T20:00:00+08:00');
    expect((await quoteOf(lotId, evening, evening + 6 * HOUR)).totalCents).toBe(11_000 + 15_000);
    expect((await call(waivers, { method: 'POST', cookie: owner, json: { ...night, kind: 'sometimes', reason: 'Typhoon' } })).status).toBe(
      400,
    );
    const added = await call(waivers, { method: 'POST', cookie: owner, json: { ...night, kind: 'overnight', reason: 'Typhoon Kristine' } });
    expect(added.status).toBe(201);
    const waiver = await added.json<{ id: string }>();
    expect((await quoteOf(lotId, evening, evening + 6 * HOUR)).totalCents).toBe(11_000);
    const page = await (await call(`/api/lots/${lotId}`)).json<{ pricing: { waivers: unknown[] } }>();
    expect(page.pricing.waivers).toEqual([
      { id: waiver.id, kind: 'overnight', reason: 'Typhoon Kristine', from: '2026-12-01T16:00:00.000Z', to: '2026-12-01T22:00:00.000Z' },
    ]);
    // Another owner can neither waive this lot's fees nor lift its waiver: the lot is not theirs to find.
    const { cookie: stranger } = await newOwner();
    expect((await call(waivers, { method: 'POST', cookie: stranger, json: { ...night, kind: 'all', reason: 'Mine now' } })).status).toBe(
      404,
    );
    expect((await call(`${waivers}/${waiver.id}`, { method: 'DELETE', cookie: stranger })).status).toBe(404);
    expect((await quoteOf(lotId, evening, evening + 6 * HOUR)).totalCents).toBe(11_000);
    expect((await call(`${waivers}/${waiver.id}`, { method: 'DELETE', cookie: owner })).status).toBe(200);
    expect((await quoteOf(lotId, evening, evening + 6 * HOUR)).totalCents).toBe(11_000 + 15_000);
    const audited = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PRICING'), eq(auditLogs.subject, `lot:${lotId}`)));
    expect(audited.map((entry) => Object.keys(JSON.parse(entry.contextJson))[0]).sort()).toEqual(['from', 'unwaived', 'waived']);
  });
});
