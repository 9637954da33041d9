/** The price of a stay at its exit (stay-price.service.ts). */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '../../core/price-bands';
import { pricing } from '../db/schema';
import { balanceOf, driver, HOUR, makeLot, MINUTE } from '../test/booking-fixtures';
import { atTheGate, endedAgo, gateEnter, gateExit, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db } from '../test/helpers';
import { findCheckin } from './checkins.data';
import { priceOfStay } from './stay-price.service';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('the price of a stay', () => {
  it('charges a walk-in of 3 h 5 min four hours in cash: a saved plate alone moves no money and puts the stay in no History', async () => {
    const lotId = await makeLot(2);
    const known = await driver(1_000);
    await call('/api/user/vehicles', { method: 'POST', cookie: known.cookie, json: { plate: 'KNW 555', make: 'Toyota', model: 'Vios' } });
    const stranger = await walkIn(lotId, 'STR 777', 3 * 60 + 5);
    const regular = await walkIn(lotId, 'KNW 555', 3 * 60 + 5);
    const cash = await (await gateExit(owner, stranger.id, { lotId, plate: 'STR 777' })).json<Checkin>();
    expect(cash).toMatchObject({ amountCents: 16_000, paidBy: 'cash', receiptId: null });
    const plateOnly = await (await gateExit(owner, regular.id, { lotId, plate: 'KNW 555' })).json<Checkin>();
    expect(plateOnly).toMatchObject({ amountCents: 16_000, paidBy: 'cash', receiptId: null, reservationId: null });
    expect(await balanceOf(known.user.id)).toBe(100_000);
    const past = await (await call('/api/reservations?tab=past', { cookie: known.cookie })).json<{ items: unknown[] }>();
    expect(past.items).toEqual([]);
  });

  it('prices gate hours at the applied dynamic rates: an overstay hour by hour, a walk-in as a booking with its tier discount', async () => {
    const lotId = await makeLot(2, { progressive: true });
    const applied = Object.fromEntries(
      PRICE_BANDS.map((band) => [band, { rateCents: 6_000, appliedAt: new Date(Date.now() - 30 * 24 * HOUR).toISOString() }]),
    );
    await db()
      .update(pricing)
      .set({ dynamicEnabled: true, bandRatesJson: JSON.stringify(applied) })
      .where(eq(pricing.lotId, lotId));

    // 3 h 5 min is four started hours at ₱60; four hours reach the ×0.9 tier.
    const stay = await walkIn(lotId, 'STR 778', 3 * 60 + 5);
    expect(await (await gateExit(owner, stay.id, { lotId, plate: 'STR 778' })).json<Checkin>()).toMatchObject({ amountCents: 21_600 });

    // 61 minutes late is two hours at ₱60, with no discount.
    const { booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    await endedAgo(booking.id, 61);
    expect(await (await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).json<Checkin>()).toMatchObject({ amountCents: 12_000 });
  });
});

describe('the price of a stay, worked out on its own', () => {
  it('prices a walk-in its whole time, one hour at least, and names what it charged; pricing records nothing', async () => {
    const lotId = await makeLot(1);
    const stay = (await findCheckin(db(), (await walkIn(lotId, 'PRC 100', 65)).id))!;
    const price = await priceOfStay(db(), stay, new Date());
    expect(price).toMatchObject({ amountCents: 8_000, validatedCents: 0, validations: [], reservation: null });
    expect(price.what).toMatch(/^Parking at Test Lot \S+ \(2 h, walk-in\)$/);
    expect((await priceOfStay(db(), stay, new Date(Date.parse(stay.entryTs) + 30 * MINUTE))).amountCents).toBe(4_000);
    expect((await findCheckin(db(), stay.id))?.exitTs).toBeNull();
  });

  it("prices a reservation's stay only past its end, as an overstay", async () => {
    const lotId = await makeLot(1);
    const { booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const stay = (await findCheckin(db(), id))!;
    const endMs = Date.parse(booking.endTs);
    expect(await priceOfStay(db(), stay, new Date(endMs - MINUTE))).toMatchObject({ amountCents: 0, reservation: { id: booking.id } });
    const late = await priceOfStay(db(), stay, new Date(endMs + 61 * MINUTE));
    expect(late.amountCents).toBe(8_000);
    expect(late.what).toMatch(/^Overstay at Test Lot \S+ \(2 h\)$/);
  });
});
