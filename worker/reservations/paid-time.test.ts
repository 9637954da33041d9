/**
 * Time already paid keeps its price (docs/booking.md): an extension buys only the added time, at the
 * prices in force when it is bought, and never returns money; a change buys the new window and
 * refunds the old one in full. Against the real D1, wallet ledger and lot object.
 */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quote } from '../../core/pricing';
import { pricing } from '../db/schema';
import { lotForBooking } from './reservations.data';
import { balanceOf, driver, extendBooking, HOUR, makeLot, modifyBooking, reservationRow, reserve } from '../test/booking-fixtures';
import { db, seedOnce } from '../test/helpers';

beforeAll(seedOnce);

const setRate = (lotId: string, baseRate: number) => db().update(pricing).set({ baseRate }).where(eq(pricing.lotId, lotId));
/** What the whole window `startMs`…`endMs` costs at the lot's prices now. */
const priceNow = async (lotId: string, startMs: number, endMs: number) =>
  quote((await lotForBooking(db(), lotId))!.pricing, endMs - startMs, startMs).totalCents;

describe('time already paid keeps its price', () => {
  it('after a price rise, one more hour costs one hour at the new rate, not the whole stay re-priced', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(2_000);
    const start = Date.now() + HOUR;
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 3 })).json<{ id: string }>();
    expect(await balanceOf(user.id)).toBe(200_000 - 12_000);
    await setRate(lotId, 10_000);
    const extended = await extendBooking(cookie, booking.id, 1);
    expect(extended.status).toBe(200);
    expect(await extended.json()).toMatchObject({ amountCents: 22_000 });
    expect(await balanceOf(user.id)).toBe(200_000 - 12_000 - 10_000);
  });

  it('after a price cut, an extension charges the added hour at the new rate and refunds nothing', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(2_000);
    const start = Date.now() + 2 * HOUR;
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 3 })).json<{ id: string }>();
    await setRate(lotId, 1_000);
    expect(await (await extendBooking(cookie, booking.id, 1)).json()).toMatchObject({ amountCents: 13_000 });
    expect(await balanceOf(user.id)).toBe(200_000 - 12_000 - 1_000);
  });

  it('a change buys the new window at today’s price and refunds the old one in full', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(2_000);
    const start = Date.now() + 5 * HOUR;
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 2 })).json<{ id: string }>();
    await setRate(lotId, 6_000);
    const moved = await modifyBooking(cookie, booking.id, { start: new Date(start + HOUR).toISOString(), durationHours: 2 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ amountCents: 12_000 });
    expect(await balanceOf(user.id)).toBe(200_000 - 12_000);
  });

  it('over random price changes between book, extend and change, pays never more than the new window now plus what was paid, and an extension never credits', async () => {
    const step = fc.record({
      rate: fc.integer({ min: 10, max: 500 }).map((pesos) => pesos * 100),
      act: fc.constantFrom('extend', 'change'),
      hours: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 10, max: 500 }), fc.array(step, { minLength: 1, maxLength: 4 }), async (firstRate, steps) => {
        const lotId = await makeLot(1, { progressive: true });
        await setRate(lotId, firstRate * 100);
        const { user, cookie } = await driver(20_000);
        const start = Date.now() + 4 * HOUR;
        const booked = await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 1 });
        expect(booked.status).toBe(201);
        const { id } = await booked.json<{ id: string }>();
        for (const { rate, act, hours } of steps) {
          await setRate(lotId, rate);
          const before = await reservationRow(id);
          const balance = await balanceOf(user.id);
          const startMs = act === 'change' ? Date.parse(before.startTs) + HOUR : Date.parse(before.startTs);
          const endMs = act === 'change' ? startMs + hours * HOUR : Date.parse(before.endTs) + hours * HOUR;
          const newWindow = await priceNow(lotId, startMs, endMs);
          const res =
            act === 'extend'
              ? await extendBooking(cookie, id, hours)
              : await modifyBooking(cookie, id, { start: new Date(startMs).toISOString(), durationHours: hours });
          expect(res.status, await res.clone().text()).toBe(200);
          const after = await reservationRow(id);
          const debit = balance - (await balanceOf(user.id));
          expect(after.amountCents).toBeLessThanOrEqual(before.amountCents + newWindow);
          expect(after.amountCents).toBe(before.amountCents + debit);
          if (act === 'extend') {
            expect(debit).toBeGreaterThanOrEqual(0);
            expect(debit).toBeLessThanOrEqual(newWindow);
          } else expect(after.amountCents).toBe(newWindow);
        }
      }),
      { numRuns: 12 },
    );
  });
});
