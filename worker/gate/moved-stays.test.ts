/** The attendant portal reads the stays moved out of D1 into the lot's object (docs/gate.md, "Where a stay lives"). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, manilaDate } from '../../core/time';
import { checkins, lotMoneyDays, lotMoneyHours, lotStayHours, shifts } from '../db/schema';
import { balanceOf, driver, makeLot } from '../test/booking-fixtures';
import { atTheGate, countWhere, gateEnter, gateExit, overstayedOneHour, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import type { ActivityItem } from './shifts.service';
import { moveStays } from './stay-move.service';

let owner = '';
const refund = (cookie: string, checkinId: string, json: Record<string, unknown>) =>
  call(`/api/owner/checkins/${checkinId}/refund`, { method: 'POST', cookie, json, headers: key() });
/** The lot's rollups of walk-ins, money and time parked. */
const rollupsOf = async (lotId: string) => ({
  days: await db().select().from(lotMoneyDays).where(eq(lotMoneyDays.lotId, lotId)),
  hours: await db().select().from(lotMoneyHours).where(eq(lotMoneyHours.lotId, lotId)),
  parked: await db().select().from(lotStayHours).where(eq(lotStayHours.lotId, lotId)),
});
const moveClosedStays = async (lotId: string) => expect(await moveStays(env, db(), lotId, Date.now() + 3 * DAY_MS)).toBe('done');

beforeAll(async () => {
  ({ owner } = await atTheGate());
});

/** A lot whose shift, begun three days ago, let in and out two walk-ins (one paid) and has one car inside; its closed stays then moved. */
async function lotWithMovedStays() {
  const lotId = await makeLot(3);
  expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
  const stays: Checkin[] = [];
  for (const plate of ['MVD 101', 'MVD 102', 'MVD 103']) stays.push(await (await gateEnter(owner, { lotId, plate })).json<Checkin>());
  for (const stay of stays.slice(0, 2)) expect((await gateExit(owner, stay.id, { lotId, plate: stay.plate })).status).toBe(200);
  await db()
    .update(shifts)
    .set({ startedAt: new Date(Date.now() - 3 * DAY_MS).toISOString() })
    .where(eq(shifts.lotId, lotId));
  const before = await (await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: owner })).json<Record<string, number>>();
  const activity = await (await call(`/api/attendant/activity?lotId=${lotId}&limit=10`, { cookie: owner })).json<ActivityItem[]>();
  expect(await moveStays(env, db(), lotId, Date.now() + 3 * DAY_MS)).toBe('done');
  expect(await countWhere(lotId)).toBe(1);
  return { lotId, before, activity };
}

describe('stays moved into the lot object', () => {
  it("are still in Recent Activity, each once, and in the shift's totals", async () => {
    const { lotId, before, activity } = await lotWithMovedStays();
    expect(activity.filter((item) => item.type !== 'issue')).toHaveLength(5);
    expect(await (await call(`/api/attendant/activity?lotId=${lotId}&limit=10`, { cookie: owner })).json()).toEqual(activity);
    const shift = await (await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: owner })).json<Record<string, number>>();
    expect(shift).toEqual({ ...before, duration: expect.any(Number) });
    expect(shift).toMatchObject({ checkins: 3, checkouts: 2, collected: expect.any(Number) });
    expect(shift.collected).toBeGreaterThan(0);
  });

  it('are too late to undo: a 409 that says why, not a 404', async () => {
    const { lotId, activity } = await lotWithMovedStays();
    const moved = activity.find((item) => item.type === 'checkout')!;
    const res = await call(`/api/checkins/${moved.checkinId}/undo`, { method: 'POST', cookie: owner, json: { lotId }, headers: key() });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe('A check-in can be undone only within 5 minutes of the entry, before the car leaves.');
    expect(await countWhere(lotId)).toBe(1);
  });

  it("are still in the owner's Plate reads report: counted once, the corrected ones listed", async () => {
    const lotId = await makeLot(3);
    const reads = [
      { plate: 'MVR 1111', plateRead: { text: 'MVR 1111', confidence: 0.97, corrected: false } },
      { plate: 'MVR 2882', plateRead: { text: 'MVR 2222', confidence: 0.52, corrected: true } },
    ];
    for (const read of reads) {
      const stay = await (await gateEnter(owner, { lotId, ...read })).json<Checkin>();
      expect((await gateExit(owner, stay.id, { lotId, plate: stay.plate })).status).toBe(200);
    }
    const today = manilaDate(new Date());
    const report = async () =>
      (await call(`/api/owner/reports/plate-reads?lotId=${lotId}&from=${today}&to=${today}`, { cookie: owner })).json();
    const before = await report();
    expect(before).toMatchObject({ reads: 2, kept: 1, corrected: [{ read: 'MVR 2222', plate: 'MVR 2882' }] });

    expect(await moveStays(env, db(), lotId, Date.now() + 3 * DAY_MS)).toBe('done');

    expect(await countWhere(lotId)).toBe(0);
    expect(await report()).toEqual(before);
  });

  it("are refunded as before, named by their lot: back in D1 with the refund, counted once in the owner's figures", async () => {
    const lotId = await makeLot(1);
    const stay = await walkIn(lotId, 'MVC 100', 65);
    expect(await (await gateExit(owner, stay.id, { lotId, plate: 'MVC 100' })).json<Checkin>()).toMatchObject({
      amountCents: 8_000,
      paidBy: 'cash',
    });
    const before = await rollupsOf(lotId);
    await moveClosedStays(lotId);
    expect(await countWhere(lotId)).toBe(0);

    const unnamed = await refund(owner, stay.id, { amountCents: 3_000, reason: 'Charged the wrong car' });
    expect(unnamed.status).toBe(404);
    expect(await messageOf(unnamed)).toBe('No such check-in.');
    expect((await refund(owner, stay.id, { amountCents: 3_000, reason: 'Charged the wrong car', lotId: await makeLot(1) })).status).toBe(
      404,
    );
    const { cookie } = await driver(10);
    expect((await refund(cookie, stay.id, { amountCents: 3_000, reason: 'Mine', lotId })).status).toBe(403);
    expect(await countWhere(lotId)).toBe(0);

    const res = await refund(owner, stay.id, { amountCents: 3_000, reason: 'Charged the wrong car', lotId });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ checkinId: stay.id, method: 'cash', refundedCents: 3_000 });
    expect(await countWhere(lotId)).toBe(1);
    // The walk-in counted once, its time parked once; the refund as negative money.
    const after = await rollupsOf(lotId);
    expect(after.parked).toEqual(before.parked);
    expect(after.days.filter((row) => row.kind === 'WALK_IN')).toEqual(before.days);
    expect(after.days.filter((row) => row.kind === 'REFUND')).toMatchObject([{ cents: -3_000, items: 1, method: 'cash' }]);
    expect(after.hours.reduce((sum, row) => sum + row.cents, 0)).toBe(8_000 - 3_000);
    // Named by its refund, it stays in D1; Recent Activity shows its exit once, with the refund.
    await moveClosedStays(lotId);
    expect(await countWhere(lotId)).toBe(1);
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { checkinId: string; type: string; refundedCents: number }[]
    >();
    expect(activity.filter((item) => item.type === 'checkout' && item.checkinId === stay.id)).toMatchObject([{ refundedCents: 3_000 }]);
    const rest = await refund(owner, stay.id, { amountCents: 5_001, reason: 'Goodwill', lotId });
    expect(await messageOf(rest)).toBe('At most ₱50.00 of this ₱80.00 charge is left to refund.');
  });

  it('pay a moved wallet overstay back to the wallet, its receipt reissued', async () => {
    const { user, cookie, closed } = await overstayedOneHour();
    const lotId = (await db().select({ lotId: checkins.lotId }).from(checkins).where(eq(checkins.id, closed.id)))[0].lotId;
    await moveClosedStays(lotId);
    const before = await balanceOf(user.id);
    const res = await refund(owner, closed.id, { amountCents: 3_000, reason: 'Barrier stuck at the exit', lotId });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ method: 'wallet', refundedCents: 3_000 });
    expect(await balanceOf(user.id)).toBe(before + 3_000);
    const voided = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{ replacedBy: { id: string } }>();
    const receipt = await (await call(`/api/receipts/${voided.replacedBy.id}`, { cookie })).json<{ amountCents: number }>();
    expect(receipt.amountCents).toBe(12_000 - 3_000);
  });
});
