/** The attendant portal: who works where, shifts, issues and the portal's figures (shifts.service.ts). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { attendantAssignments, reservations, users } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { HOUR, inMinutes, makeLot, MINUTE } from '../test/booking-fixtures';
import { atTheGate, gateEnter, gateExit, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, cookieFor, db, key, messageOf } from '../test/helpers';

let owner = '';
let attendant = '';
beforeAll(async () => {
  ({ owner, attendant } = await atTheGate());
});

describe('reconciliation', () => {
  it("makes the lot object's walk-ins D1's open check-ins when a shift ends", async () => {
    const lotId = await makeLot(2);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
    const inside = await (await gateEnter(owner, { lotId, plate: 'REC 100' })).json<Checkin>();
    // Drift: the object forgets the car inside and counts a car D1 never recorded.
    const stub = lotObject(env, lotId);
    const longAgo = Date.now() - 10 * MINUTE;
    await stub.releaseWalkIn(inside.id, longAgo);
    const slots = [{ id: crypto.randomUUID(), label: 'X-1', accessible: false, evCharging: false, vehicleType: 'car' as const }];
    await stub.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: crypto.randomUUID(), slots, force: true }, longAgo);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } })).status).toBe(200);
    // Two slots, one car inside: one more is let in, the next is not.
    expect((await gateEnter(owner, { lotId, plate: 'REC 101' })).status).toBe(201);
    expect(await messageOf(await gateEnter(owner, { lotId, plate: 'REC 102' }))).toBe('Lot is full');
  });
});

describe('who works where', () => {
  it('an attendant of lot A acting on lot B gets 403 and changes nothing', async () => {
    const lotA = await makeLot(1);
    const lotB = await makeLot(1);
    const [{ id: attendantId }] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'attendant')!.email));
    await db().insert(attendantAssignments).values({ id: newId(), attendantId, lotId: lotA });
    expect((await gateEnter(attendant, { lotId: lotA, plate: 'ABC 100' })).status).toBe(201);
    const refused = await gateEnter(attendant, { lotId: lotB, plate: 'ABC 101' });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('You do not work at this parking lot.');
    for (const path of [
      `/api/attendant/lot-status?lotId=${lotB}`,
      `/api/attendant/activity?lotId=${lotB}`,
      `/api/attendant/shift?lotId=${lotB}`,
      `/api/passes/revoked?lotId=${lotB}`,
    ]) {
      expect((await call(path, { cookie: attendant })).status).toBe(403);
    }
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotB}`, { cookie: owner })).json<{
      occupancy: { current: number };
    }>();
    expect(status.occupancy.current).toBe(0);
  });

  it('counts the cars expected within the no-show grace in force, and says which window it counted', async () => {
    const admin = await cookieFor('super_admin');
    const lotId = await makeLot(3);
    const { booking } = await reservedCar(lotId);
    const statusOf = async () =>
      (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
        waitingQueue: number;
        arrivingWithinMinutes: number;
      }>();
    expect(await statusOf()).toMatchObject({ waitingQueue: 1, arrivingWithinMinutes: 15 });
    expect((await call('/api/admin/settings', { method: 'PATCH', cookie: admin, json: { noShowGraceMinutes: 30 } })).status).toBe(200);
    try {
      // 20 minutes away: outside a 15-minute window, inside a 30-minute one.
      await db()
        .update(reservations)
        .set({ startTs: inMinutes(20), endTs: inMinutes(80) })
        .where(eq(reservations.id, booking.id));
      expect(await statusOf()).toMatchObject({ waitingQueue: 1, arrivingWithinMinutes: 30 });
    } finally {
      await call('/api/admin/settings', { method: 'PATCH', cookie: admin, json: { noShowGraceMinutes: 15 } });
    }
  });

  it('answers the super admin 404 for a lot that does not exist, at every gate call, and records nothing', async () => {
    const admin = await cookieFor('super_admin');
    const lotId = crypto.randomUUID();
    const answers = await Promise.all([
      call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: admin }),
      call(`/api/attendant/activity?lotId=${lotId}`, { cookie: admin }),
      call(`/api/attendant/shift?lotId=${lotId}`, { cookie: admin }),
      call('/api/attendant/shift', { method: 'POST', cookie: admin, json: { lotId, action: 'start' } }),
      call('/api/attendant/issues', { method: 'POST', cookie: admin, json: { lotId, text: 'Barrier stuck' } }),
      gateEnter(admin, { lotId, plate: 'ABC 404' }),
    ]);
    for (const res of answers) {
      expect(res.status, res.url).toBe(404);
      expect(await messageOf(res)).toBe('Parking lot not found');
    }
  });
});

describe('shift and portal figures', () => {
  it("counts a shift's entries, exits, money and issues from the records", async () => {
    const lotId = await makeLot(3);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
    const { token } = await reservedCar(lotId);
    await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token });
    const stay = await walkIn(lotId, 'WLK 300', 90);
    await gateExit(owner, stay.id, { lotId, plate: 'WLK 300' });
    const issue = await (
      await call('/api/attendant/issues', { method: 'POST', cookie: owner, json: { lotId, text: 'Ticket printer jammed' } })
    ).json<{ id: string }>();
    const shift = await (await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: owner })).json<Record<string, number>>();
    expect(shift).toMatchObject({ checkins: 2, checkouts: 1, collected: 8_000, collectedCash: 8_000, collectedWallet: 0, issues: 1 });
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { type: string; plate: string | null; amount: number | null; undoable: boolean }[]
    >();
    expect(activity.map((item) => item.type).sort()).toEqual(['checkin', 'checkin', 'checkout', 'issue']);
    expect(activity.find((item) => item.type === 'checkout')).toMatchObject({ plate: 'WLK 300', amount: 8_000 });
    expect((await call(`/api/attendant/issues/${issue.id}/resolve`, { method: 'POST', cookie: owner, json: { lotId } })).status).toBe(200);
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
      occupancy: { current: number; total: number };
      stats: Record<string, unknown>;
    }>();
    expect(status.occupancy).toMatchObject({ current: 1, total: 3 });
    expect(status.stats).toMatchObject({ averageStayMinutes: 90, issuesToday: 1 });
    const ended = await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } });
    expect(await ended.json()).toMatchObject({ checkins: 2, endTime: expect.any(String) });
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } })).status).toBe(409);
  });

  it('lists the passes of a lot that must not enter any more', async () => {
    const lotId = await makeLot(2);
    const cancelled = await reservedCar(lotId);
    await call(`/api/reservations/${cancelled.booking.id}/cancel`, { method: 'POST', cookie: cancelled.cookie, headers: key() });
    const fine = await reservedCar(lotId);
    const { reservationIds } = await (await call(`/api/passes/revoked?lotId=${lotId}`, { cookie: owner })).json<{
      reservationIds: string[];
    }>();
    expect(reservationIds).toContain(cancelled.booking.id);
    expect(reservationIds).not.toContain(fine.booking.id);
  });
});
