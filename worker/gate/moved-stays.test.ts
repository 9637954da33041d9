/** The attendant portal reads the stays moved out of D1 into the lot's object (docs/gate.md, "Where a stay lives"). */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, manilaDate } from '../../core/time';
import { shifts } from '../db/schema';
import { makeLot } from '../test/booking-fixtures';
import { atTheGate, countWhere, gateEnter, gateExit, type Checkin } from '../test/gate-fixtures';
import { call, db } from '../test/helpers';
import type { ActivityItem } from './shifts.service';
import { moveStays } from './stay-move.service';

let owner = '';
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
});
