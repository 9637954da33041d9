/** An entry captured offline is judged at its time: a no-show let in before its deadline is revived (revival.service.ts). */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, reservations } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { balanceOf, inMinutes, makeLot, MINUTE, objectBooking, reservationRow } from '../test/booking-fixtures';
import { atTheGate, gateEnter, gateExit, reservedCar, type Checkin } from '../test/gate-fixtures';
import { db, messageOf } from '../test/helpers';
import { runLotTimers } from '../test/lot-timers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

describe('an entry captured offline is judged at its time', () => {
  /** A reservation starting in a minute that the lot object's alarm has expired as a no-show (its clock run 17 minutes on). */
  async function expiredNoShow(lotId: string) {
    const car = await reservedCar(lotId);
    await runLotTimers(lotObject(env, lotId), Date.now() + 17 * MINUTE);
    expect((await reservationRow(car.booking.id)).status).toBe('EXPIRED');
    expect(await objectBooking(lotId, car.booking.id)).toBeNull();
    return car;
  }

  it('revives an expired reservation whose car was let in before the deadline: ACTIVE in D1 and the lot object, no walk-in charge, audited', async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await expiredNoShow(lotId);
    const paid = await balanceOf(user.id);
    const res = await gateEnter(owner, { id: crypto.randomUUID(), lotId, plate: 'NAB 1234', passToken: token, entryTs: inMinutes(-1) });
    expect(res.status).toBe(201);
    const checkin = await res.json<Checkin & { revived: boolean }>();
    expect(checkin).toMatchObject({ reservationId: booking.id, walkIn: false, slot: 'A-1', revived: true });
    expect(await reservationRow(booking.id)).toMatchObject({ status: 'ACTIVE' });
    expect(await objectBooking(lotId, booking.id)).toMatchObject({ slotId: expect.any(String) });
    const [revival] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REVIVE_RESERVATION'), eq(auditLogs.subject, `reservation:${booking.id}`)));
    expect(JSON.parse(revival.contextJson)).toMatchObject({ checkinId: checkin.id, plate: 'NAB 1234' });
    // The slot is the driver's again: no walk-in gets it, and the on-time exit costs nothing.
    expect(await messageOf(await gateEnter(owner, { lotId, plate: 'WLK 900' }))).toBe('Lot is full');
    expect(await (await gateExit(owner, checkin.id, { lotId, plate: 'NAB 1234' })).json<Checkin>()).toMatchObject({ amountCents: 0 });
    expect(await balanceOf(user.id)).toBe(paid);
  });

  it('finds the expired reservation by plate too, and moves it to a free slot when its own went to another car', async () => {
    const lotId = await makeLot(2);
    const { booking } = await expiredNoShow(lotId);
    const bookedSlot = (await reservationRow(booking.id)).slotId;
    // The released slot A-1 (the booked one) goes to a walk-in meanwhile.
    expect(await (await gateEnter(owner, { lotId, plate: 'WLK 901' })).json<Checkin>()).toMatchObject({ slot: 'A-1' });
    const res = await gateEnter(owner, { lotId, plate: 'NAB 1234', entryTs: inMinutes(-2) });
    expect(await res.json<Checkin>()).toMatchObject({ reservationId: booking.id, walkIn: false, slot: 'A-2' });
    const revived = await reservationRow(booking.id);
    expect(revived.status).toBe('ACTIVE');
    expect(revived.slotId).not.toBe(bookedSlot);
    expect(await objectBooking(lotId, booking.id)).toMatchObject({ slotId: revived.slotId });
  });

  it('still refuses an entry captured after the no-show deadline: the reservation stays expired', async () => {
    const lotId = await makeLot(1);
    const { booking, token } = await expiredNoShow(lotId);
    await db()
      .update(reservations)
      .set({ startTs: inMinutes(-20) })
      .where(eq(reservations.id, booking.id));
    const late = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token });
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toMatch(/^This reservation expired/);
    expect((await reservationRow(booking.id)).status).toBe('EXPIRED');
  });
});
