import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../core/time';
import { driver, extendBooking, HOUR, makeLot, modifyBooking, reserve } from '../test/booking-fixtures';
import { atTheGate } from '../test/gate-fixtures';
import type { Api } from '../test/api-types';
import { call } from '../test/helpers';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;

/** An airport lot's card by the day: ₱300 a day at most. */
const BY_THE_DAY = {
  graceMinutes: 15,
  lostTicketCents: 20_000,
  classes: { car: { firstHours: 3, firstCents: 5_000, succeedingCents: 2_000, dailyCapCents: 30_000 } },
};

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

/** A lot of one slot by the day; overnight parking allowed unless told otherwise. */
async function parkAndFly(allowOvernight = true) {
  const lotId = await makeLot(1, { allowOvernight });
  const res = await call(`/api/pricing/${lotId}`, {
    method: 'PATCH',
    cookie: owner,
    json: { strategy: 'RATE_CARD', rateCard: BY_THE_DAY },
  });
  expect(res.status).toBe(200);
  return lotId;
}
/** A whole hour at least a day from now. */
const tomorrow = (plusMs = 0) => new Date(Math.ceil((Date.now() + DAY_MS) / HOUR) * HOUR + plusMs).toISOString();

describe('stays longer than 24 hours (park-and-fly)', () => {
  it('books three days where the lot allows overnight parking, priced by the daily maximum', async () => {
    const lotId = await parkAndFly();
    const { cookie } = await driver();
    const res = await reserve(cookie, { lotId, start: tomorrow(), durationHours: 72 });
    expect(res.status).toBe(201);
    const booking = await res.json<Booking>();
    expect(booking.amountCents).toBe(90_000);
    expect(booking.price?.lines?.map((line) => line.label)).toEqual([
      'Day 1: daily maximum',
      'Day 2: daily maximum',
      'Day 3: daily maximum',
    ]);
  });

  it('refuses more than 24 hours where the lot has no overnight parking, naming the rule, and more than 30 days anywhere', async () => {
    const { cookie } = await driver();
    const noOvernight = await reserve(cookie, { lotId: await parkAndFly(false), start: tomorrow(), durationHours: 48 });
    expect(noOvernight.status).toBe(400);
    expect(JSON.stringify(await noOvernight.json())).toContain(
      'Stays over 24 hours need overnight parking, which this lot does not allow.',
    );
    const lotId = await parkAndFly();
    expect((await reserve(cookie, { lotId, start: tomorrow(), durationHours: 31 * 24 })).status).toBe(400);
  });

  it('never gives the last slot to two overlapping long stays', async () => {
    const lotId = await parkAndFly();
    const first = await driver();
    const second = await driver();
    expect((await reserve(first.cookie, { lotId, start: tomorrow(), durationHours: 72 })).status).toBe(201);
    const overlapping = await reserve(second.cookie, { lotId, start: tomorrow(2 * DAY_MS), durationHours: 48 });
    expect(overlapping.status).toBe(409);
    expect((await reserve(second.cookie, { lotId, start: tomorrow(3 * DAY_MS), durationHours: 48 })).status).toBe(201);
  });

  it('modifies a booking to two days and extends it past a day', async () => {
    const lotId = await parkAndFly();
    const { cookie } = await driver();
    const booking = await (await reserve(cookie, { lotId, start: tomorrow(), durationHours: 20 })).json<Booking>();
    const extended = await extendBooking(cookie, booking.id, 10);
    expect(extended.status).toBe(200);
    expect(await extended.json()).toMatchObject({ endTs: tomorrow(30 * HOUR) });
    const modified = await modifyBooking(cookie, booking.id, { start: tomorrow(), durationHours: 48 });
    expect(modified.status).toBe(200);
    expect(await modified.json()).toMatchObject({ endTs: tomorrow(48 * HOUR) });
  });
});
