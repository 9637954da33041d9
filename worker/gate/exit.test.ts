/** Exits at the gate: the car leaving is the one that entered, at the server's time (exit.service.ts). */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_THE_CAR } from '../../core/gate';
import { checkins } from '../db/schema';
import { balanceOf, driver, inMinutes, makeLot, MINUTE, reservationRow, reserve } from '../test/booking-fixtures';
import { atTheGate, auditOf, gateEnter, gateExit, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { db, messageOf } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('exit', () => {
  it('an on-time exit costs nothing more and completes the reservation, freeing the slot', async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const res = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(res.status).toBe(200);
    expect(await res.json<Checkin>()).toMatchObject({ amountCents: 0, paidBy: null, receiptId: expect.any(String) });
    expect((await reservationRow(booking.id)).status).toBe('COMPLETED');
    expect(await balanceOf(user.id)).toBe(96_000);
    const second = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toMatch(/^This stay was already checked out at /);
    expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(5), durationHours: 1 })).status).toBe(201);
  });

  it('refuses a plate that is not the car checked in, unless overridden', async () => {
    const lotId = await makeLot(1);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'WLK 200' })).json<Checkin>();
    const wrong = await gateExit(owner, id, { lotId, plate: 'WLK 201' });
    expect(wrong.status).toBe(409);
    expect((await gateExit(owner, id, { lotId, plate: 'WLK 201', action: 'override', overrideReason: 'customer_service' })).status).toBe(
      200,
    );
  });

  it('prices an exit at the server’s time: an exit time one minute after a ten-hour-old entry is refused, unless overridden and audited', async () => {
    const lotId = await makeLot(2);
    const long = await walkIn(lotId, 'SKM 100', 10 * 60);
    const skimmed = await gateExit(owner, long.id, {
      lotId,
      plate: 'SKM 100',
      exitTs: new Date(Date.parse(long.entryTs) + MINUTE).toISOString(),
    });
    expect(skimmed.status).toBe(409);
    const [row] = await db().select().from(checkins).where(eq(checkins.id, long.id));
    expect(row.exitTs).toBeNull();
    expect(await (await gateExit(owner, long.id, { lotId, plate: 'SKM 100' })).json<Checkin>()).toMatchObject({ amountCents: 40_000 });

    const other = await walkIn(lotId, 'SKM 200', 10 * 60);
    const exitTs = new Date(Date.now() - 9 * 60 * MINUTE).toISOString();
    const overridden = await gateExit(owner, other.id, {
      lotId,
      plate: 'SKM 200',
      exitTs,
      action: 'override',
      overrideReason: 'system_error',
    });
    expect(await overridden.json()).toMatchObject({ amountCents: 4_000, exitTs });
    const [entry] = await auditOf('OVERRIDE_EXIT', other.id);
    expect(JSON.parse(entry.contextJson)).toMatchObject({ reason: 'system_error', exitTs, amountCents: 4_000 });
  });

  it('lets a car out only when the exit names it, by plate or by the pass it entered on', async () => {
    const lotId = await makeLot(3);
    const mine = await reservedCar(lotId, { plate: 'PSS 100' });
    const theirs = await reservedCar(lotId, { plate: 'PSS 200' });
    const { id } = await (await gateEnter(owner, { lotId, plate: 'PSS 100', passToken: mine.token })).json<Checkin>();
    const unnamed = await gateExit(owner, id, { lotId });
    expect(unnamed.status).toBe(400);
    expect(await messageOf(unnamed)).toBe(NAME_THE_CAR);
    const wrongPass = await gateExit(owner, id, { lotId, passToken: theirs.token });
    expect(wrongPass.status).toBe(409);
    expect(await messageOf(wrongPass)).toBe('This pass is not the one the car checked in as PSS 100 entered on.');
    expect((await gateExit(owner, id, { lotId, passToken: mine.token })).status).toBe(200);
  });
});
