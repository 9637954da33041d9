/** A stay its driver declared out by tapping the exit tag, then seen leaving at the gate (declared-exit.ts). */
import { and, eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, checkins } from '../db/schema';
import { balanceOf, MINUTE, makeLot, reservationRow } from '../test/booking-fixtures';
import { atTheGate, countWhere, endedAgo, gateEnter, gateExit, newTag, reservedCar, tap, type Checkin } from '../test/gate-fixtures';
import type { Api } from '../test/api-types';
import { archiveContext, chargesInD1, later } from '../test/archive-fixtures';
import { call, db, messageOf } from '../test/helpers';
import { moveCharges } from '../archive/charges-archive.service';
import { env } from 'cloudflare:test';
import { DAY_MS } from '../../core/time';
import { moveStays } from './stay-move.service';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
type Receipt = InferResponseType<Api['receipts'][':id']['$get'], 200>;
type Declared = Checkin & { driverDeclaredExit: boolean; reopenedFrom: string | null };
const lookUp = (lotId: string) => call(`/api/checkins/open?lotId=${lotId}&plate=NAB%201234`, { cookie: owner });
const plateLookUp = async (lotId: string) =>
  (await call(`/api/checkins/plate?lotId=${lotId}&plate=NAB%201234`, { cookie: owner })).json<{
    inside: { checkinId: string; declaredExitTs: string | null };
  }>();

/** A reserved car inside, whose driver tapped out at the exit tag after `overMinutes` past the booking's end. */
async function tappedOut(overMinutes: number) {
  const lotId = await makeLot(1);
  const car = await reservedCar(lotId);
  const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: car.token })).json<Checkin>();
  await endedAgo(car.booking.id, overMinutes);
  const { token } = await newTag(lotId, 'exit');
  const out = await tap(car.cookie, token, 'check-out');
  expect(out.status, await out.clone().text()).toBe(200);
  return { lotId, id, ...car, paidCents: (await out.json<Checkin>()).amountCents! };
}

describe('a declared exit seen at the gate', () => {
  it('reissues the receipt for all the booking was paid when its earlier charges were archived meanwhile', async () => {
    const { lotId, id, cookie, booking } = await tappedOut(30);
    await endedAgo(booking.id, 200);
    await db()
      .update(checkins)
      .set({ entryTs: ago(260), exitTs: ago(170) })
      .where(eq(checkins.id, id));
    await moveCharges(archiveContext(), lotId, later());
    expect(await chargesInD1(booking.id)).toEqual([]);

    const seen = await (await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).json<Declared>();
    const receipt = await (await call(`/api/receipts/${seen.receiptId}`, { cookie })).json<Receipt>();
    expect(receipt.lines.map((line) => [line.label, line.amountCents])).toEqual([
      ['Parking', 4_000],
      ['Overstay', 4_000],
      ['Overstay', 12_000],
    ]);
    expect(receipt.amountCents).toBe(20_000);
  });

  it('reopens the stay of a car that tapped out and stayed, and charges the time past the declared exit', async () => {
    const { lotId, id, user, booking, paidCents } = await tappedOut(30);
    expect(paidCents).toBe(4_000);
    // As if the tap was 170 minutes ago, 30 past the booking's end, and the car stayed on.
    await endedAgo(booking.id, 200);
    await db()
      .update(checkins)
      .set({ entryTs: ago(260), exitTs: ago(170) })
      .where(eq(checkins.id, id));
    const before = await balanceOf(user.id);

    // The gate's look-ups find it, as declared out by its driver.
    const found = await lookUp(lotId);
    expect(found.status).toBe(200);
    expect(await found.json<Declared>()).toMatchObject({ id, driverDeclaredExit: true });
    expect((await plateLookUp(lotId)).inside).toMatchObject({ checkinId: id, declaredExitTs: expect.any(String) });

    const seen = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(seen.status, await seen.clone().text()).toBe(200);
    // 200 minutes over is 4 started hours at ₱40; the tap paid the first.
    expect(await seen.json<Declared>()).toMatchObject({
      reopenedFrom: id,
      reservationId: booking.id,
      amountCents: 12_000,
      paidBy: 'wallet',
      receiptId: expect.any(String),
    });
    expect(await balanceOf(user.id)).toBe(before - 12_000);
    const overstays = await db()
      .select()
      .from(charges)
      .where(and(eq(charges.reservationId, booking.id), eq(charges.kind, 'OVERSTAY')));
    expect(overstays.map((charge) => charge.amountCents).sort((a, b) => a - b)).toEqual([4_000, 12_000]);
    expect((await reservationRow(booking.id)).status).toBe('COMPLETED');

    // Seen once: the stay is closed for good.
    expect((await lookUp(lotId)).status).toBe(404);
    const again = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/^This stay was already checked out at /);
    // Staff see both exits, the driver's declared one and the gate's, and one entry.
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { type: string; byTap: boolean; afterDeclaredExit: boolean; amount: number | null }[]
    >();
    expect(activity.filter((item) => item.type === 'checkout')).toEqual([
      expect.objectContaining({ byTap: false, afterDeclaredExit: true, amount: 12_000 }),
      expect.objectContaining({ byTap: true, afterDeclaredExit: false, amount: 4_000 }),
    ]);
    expect(activity.filter((item) => item.type === 'checkin')).toHaveLength(1);
  });

  it('charges nothing for a car seen leaving within what its driver’s tap covered', async () => {
    const { lotId, id, user } = await tappedOut(-30);
    const before = await balanceOf(user.id);
    const seen = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(await seen.json<Declared>()).toMatchObject({ reopenedFrom: id, amountCents: 0, paidBy: null });
    expect(await balanceOf(user.id)).toBe(before);
  });

  it('lets a declared exit stand once the car is back in: it left, and a new stay began', async () => {
    const { lotId, id } = await tappedOut(-30);
    const back = await (await gateEnter(owner, { lotId, plate: 'NAB 1234' })).json<Checkin>();
    expect(back).toMatchObject({ walkIn: true });
    expect(await (await lookUp(lotId)).json<Checkin>()).toMatchObject({ id: back.id });
    expect((await gateExit(owner, back.id, { lotId, plate: 'NAB 1234' })).status).toBe(200);
    expect((await lookUp(lotId)).status).toBe(404);
    expect((await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).status).toBe(409);
  });

  it('reopens a declared exit past the hot window, its stay moved into the lot object: found by plate, brought back into D1', async () => {
    const { lotId, id, booking } = await tappedOut(30);
    const threeDays = (3 * DAY_MS) / MINUTE;
    await endedAgo(booking.id, threeDays + 200);
    await db()
      .update(checkins)
      .set({ entryTs: ago(threeDays + 260), exitTs: ago(threeDays + 170) })
      .where(eq(checkins.id, id));
    expect(await moveStays(env, db(), lotId)).toBe('done');
    expect(await countWhere(lotId)).toBe(0);

    expect(await (await lookUp(lotId)).json<Declared>()).toMatchObject({ id, driverDeclaredExit: true });
    expect((await plateLookUp(lotId)).inside).toMatchObject({ checkinId: id, declaredExitTs: expect.any(String) });
    const seen = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(seen.status, await seen.clone().text()).toBe(200);
    expect(await seen.json<Declared>()).toMatchObject({ reopenedFrom: id, reservationId: booking.id, amountCents: expect.any(Number) });
    expect(await countWhere(lotId)).toBe(2);

    expect((await lookUp(lotId)).status).toBe(404);
    const again = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(await messageOf(again)).toMatch(/^This stay was already checked out at /);
  });

  it('lets a moved declared exit stand once the car is back in', async () => {
    const { lotId, id } = await tappedOut(-30);
    await db()
      .update(checkins)
      .set({ entryTs: new Date(Date.now() - 4 * DAY_MS).toISOString(), exitTs: new Date(Date.now() - 3 * DAY_MS).toISOString() })
      .where(eq(checkins.id, id));
    expect(await moveStays(env, db(), lotId)).toBe('done');
    const back = await (await gateEnter(owner, { lotId, plate: 'NAB 1234' })).json<Checkin>();
    expect((await gateExit(owner, back.id, { lotId, plate: 'NAB 1234' })).status).toBe(200);
    expect((await lookUp(lotId)).status).toBe(404);
    expect((await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).status).toBe(409);
  });
});
