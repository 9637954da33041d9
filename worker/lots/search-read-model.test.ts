import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ALWAYS_VALID } from '../../core/monthly-passes';
import { HOUR_MS } from '../../core/time';
import { lotHoursBooked, lots, slots } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { cancelBooking, driver, extendBooking, makeLot, MINUTE, modifyBooking, reserve } from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { runLotTimers } from '../test/lot-timers';

type Counts = { total: number; free: number; occupied: number; reserved: number; walkIns: number };
const pick = ({ total, free, occupied, reserved, walkIns }: Counts) => ({ total, free, occupied, reserved, walkIns });

beforeAll(seedOnce);

/** The start of the hour `n` hours after the current one, as the API takes it. */
const hourFromNow = (n: number) => new Date((Math.floor(Date.now() / HOUR_MS) + n) * HOUR_MS).toISOString();
const windowQuery = (start: string, durationHours: number) => `start=${encodeURIComponent(start)}&durationHours=${durationHours}`;

/** A lot of its own, alone at a point of its own, so a search near it finds it first. */
async function lotAlone(slotCount: number, point: [number, number]) {
  const lotId = await makeLot(slotCount);
  await db().update(lots).set({ geoLat: point[0], geoLng: point[1] }).where(eq(lots.id, lotId));
  return lotId;
}

async function searched(lotId: string, point: [number, number], query: string): Promise<Counts> {
  const page = await (await call(`/api/lots?near=${point.join(',')}&radiusKm=0.5&${query}`)).json<{
    items: { id: string; availability: Counts }[];
  }>();
  return page.items.find((lot) => lot.id === lotId)!.availability;
}

/** For every one-hour window from `fromHour` to `toHour`, and the given whole windows: search's figure is the object's. */
async function expectSearchFollowsObject(
  lotId: string,
  point: [number, number],
  fromHour: number,
  toHour: number,
  windows: [string, number][] = [],
) {
  const all: [string, number][] = [
    ...Array.from({ length: toHour - fromHour }, (_, i) => [hourFromNow(fromHour + i), 1] as [string, number]),
    ...windows,
  ];
  for (const [start, hours] of all) {
    const live = await (await call(`/api/lots/${lotId}/availability?${windowQuery(start, hours)}`)).json<Counts>();
    // The read model is written just after the object's change: it may lag by that write.
    await vi.waitFor(async () => expect(pick(await searched(lotId, point, windowQuery(start, hours)))).toEqual(pick(live)));
  }
}

describe("search's availability from the lot objects' read model", () => {
  it("matches the object's own figure after book, modify, extend and cancel", async () => {
    const point: [number, number] = [8.5, 124.6];
    const lotId = await lotAlone(3, point);
    const { cookie } = await driver(5_000);

    const booked = await reserve(cookie, { lotId, start: hourFromNow(3), durationHours: 2 });
    expect(booked.status).toBe(201);
    const { id } = await booked.json<{ id: string }>();
    await expectSearchFollowsObject(lotId, point, 2, 6, [[hourFromNow(3), 2]]);
    expect((await searched(lotId, point, windowQuery(hourFromNow(3), 2))).free).toBe(2);

    expect((await modifyBooking(cookie, id, { start: hourFromNow(4), durationHours: 2 })).status).toBe(200);
    await expectSearchFollowsObject(lotId, point, 2, 7);
    expect((await searched(lotId, point, windowQuery(hourFromNow(3), 1))).free).toBe(3);

    expect((await extendBooking(cookie, id, 1)).status).toBe(200);
    await expectSearchFollowsObject(lotId, point, 3, 8, [[hourFromNow(4), 3]]);
    expect((await searched(lotId, point, windowQuery(hourFromNow(6), 1))).free).toBe(2);

    const other = await (await reserve(cookie, { lotId, start: hourFromNow(5), durationHours: 1 })).json<{ id: string }>();
    await expectSearchFollowsObject(lotId, point, 4, 7);
    expect((await cancelBooking(cookie, other.id)).status).toBe(200);
    await expectSearchFollowsObject(lotId, point, 4, 7);
  });

  it('frees the hours of a no-show and counts walk-ins inside now', async () => {
    const point: [number, number] = [8.6, 124.7];
    const lotId = await lotAlone(2, point);
    const { cookie } = await driver(5_000);
    const start = new Date(Date.now() + 2 * MINUTE).toISOString();
    expect((await reserve(cookie, { lotId, start, durationHours: 1 })).status).toBe(201);
    await expectSearchFollowsObject(lotId, point, 0, 2, [[start, 1]]);
    expect((await searched(lotId, point, windowQuery(start, 1))).free).toBe(1);

    const stub = lotObject(env, lotId);
    await runLotTimers(stub, Date.now() + 17 * MINUTE);
    await expectSearchFollowsObject(lotId, point, 0, 2, [[start, 1]]);
    expect((await searched(lotId, point, windowQuery(start, 1))).free).toBe(2);

    const slotRows = await db().select().from(slots).where(eq(slots.lotId, lotId));
    const checkinId = crypto.randomUUID();
    expect(await stub.admitWalkIn({ checkinId, slots: slotRows, untilMs: Date.now() + 60_000 })).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await searched(lotId, point, '')).toMatchObject({ total: 2, free: 1, walkIns: 1 }));
    await stub.releaseWalkIn(checkinId);
    await vi.waitFor(async () => expect(await searched(lotId, point, '')).toMatchObject({ total: 2, free: 2, walkIns: 0 }));
  });

  it('is rewritten from the object by its alarm when it drifted', async () => {
    const point: [number, number] = [8.7, 124.8];
    const lotId = await lotAlone(2, point);
    const { cookie } = await driver(5_000);
    expect((await reserve(cookie, { lotId, start: hourFromNow(5), durationHours: 2 })).status).toBe(201);
    await expectSearchFollowsObject(lotId, point, 5, 7);
    const rowsOf = () =>
      db()
        .select({ hour: lotHoursBooked.hour, slotsTaken: lotHoursBooked.slotsTaken })
        .from(lotHoursBooked)
        .where(eq(lotHoursBooked.lotId, lotId))
        .orderBy(lotHoursBooked.hour);
    const written = await rowsOf();
    expect(written.map((row) => row.slotsTaken)).toEqual([1, 1]);

    // A lost write and a stray row: search now disagrees with the object.
    const firstHour = written[0].hour;
    await db().delete(lotHoursBooked).where(eq(lotHoursBooked.lotId, lotId));
    await db()
      .insert(lotHoursBooked)
      .values({ lotId, hour: firstHour + 10, slotsTaken: 2 });
    expect((await searched(lotId, point, windowQuery(hourFromNow(5), 2))).free).toBe(2);

    const stub = lotObject(env, lotId);
    // The booking's reminder is the alarm due next; running it now runs the repair.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await rowsOf()).toEqual(written);
    await expectSearchFollowsObject(lotId, point, 4, 16);
  });

  it('leaves out the slots kept for monthly passes whose cars are not inside, as booking does', async () => {
    const point: [number, number] = [8.8, 124.9];
    const lotId = await lotAlone(3, point);
    const slotRows = await db().select().from(slots).where(eq(slots.lotId, lotId));
    const stub = lotObject(env, lotId);
    const pass = { vehicleType: 'car' as const, fromMs: Date.now() - HOUR_MS, untilMs: Date.now() + 6 * HOUR_MS, slots: slotRows };
    expect(await stub.reservePass({ ...pass, passId: 'p1', schedule: ALWAYS_VALID })).toEqual({ ok: true });
    // Valid only from the third hour on, every day.
    const later = { daysMask: 0b111_1111, openMinute: 0, closeMinute: 1440 };
    expect(
      await stub.reservePass({ ...pass, passId: 'p2', fromMs: (Math.floor(Date.now() / HOUR_MS) + 3) * HOUR_MS, schedule: later }),
    ).toEqual({ ok: true });
    await expectSearchFollowsObject(lotId, point, 0, 8, [[hourFromNow(1), 3]]);
    expect((await searched(lotId, point, windowQuery(hourFromNow(1), 1))).free).toBe(2);
    expect((await searched(lotId, point, windowQuery(hourFromNow(4), 1))).free).toBe(1);

    // p1's car comes in: it holds its slot as a walk-in, no longer as a kept one.
    expect(await stub.admitWalkIn({ checkinId: 'p1-car', slots: slotRows, untilMs: Date.now() + HOUR_MS, passId: 'p1' })).toMatchObject({
      ok: true,
    });
    await expectSearchFollowsObject(lotId, point, 0, 8);
    expect((await searched(lotId, point, windowQuery(hourFromNow(4), 1))).free).toBe(1);
    await stub.releaseWalkIn('p1-car');
    await expectSearchFollowsObject(lotId, point, 0, 8);

    // The alarm's rewrite counts them too; a pass dropped frees its hours.
    await db().delete(lotHoursBooked).where(eq(lotHoursBooked.lotId, lotId));
    const { cookie } = await driver(5_000);
    expect((await reserve(cookie, { lotId, start: hourFromNow(10), durationHours: 1 })).status).toBe(201);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expectSearchFollowsObject(lotId, point, 0, 8);
    await stub.releasePass('p2');
    await expectSearchFollowsObject(lotId, point, 0, 8);
    expect((await searched(lotId, point, windowQuery(hourFromNow(4), 1))).free).toBe(2);
  });
});
