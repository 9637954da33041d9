/** After a stay: the notice of its end asks the driver who stayed for its review, once, and only for a stay they can review. */
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_ASK } from '../../core/reviews';
import { driver, makeLot, topUp } from '../test/booking-fixtures';
import { atTheGate, gateEnter, gateExit, payCodeFor, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, cookieFor, key } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

type Note = { type: string; message: string; metadata?: Record<string, string> };
const asksOf = async (cookie: string) =>
  (await (await call('/api/notifications?filter=all', { cookie })).json<{ items: Note[] }>()).items.filter((note) =>
    note.message.includes(REVIEW_ASK),
  );
const rate = (cookie: string, id: string) => call(`/api/reservations/${id}/review`, { method: 'POST', cookie, json: { rating: 5 } });

/** A reserved car let in on its pass. */
async function carInside() {
  const lotId = await makeLot(1);
  const car = await reservedCar(lotId);
  const checkin = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: car.token })).json<Checkin>();
  return { lotId, ...car, checkin };
}

describe('the end of a stay', () => {
  it('asks the driver, once, to rate the stay it completed, which they then can', async () => {
    const { lotId, cookie, booking, checkin } = await carInside();
    expect((await gateExit(owner, checkin.id, { lotId, plate: 'NAB 1234' })).status).toBe(200);
    expect(await asksOf(cookie)).toMatchObject([{ type: 'CHECKED_OUT', metadata: { reviewReservationId: booking.id } }]);
    expect((await rate(cookie, booking.id)).status).toBe(201);
  });

  it('asks once when the driver taps out at the exit tag, or pays with their own pay code', async () => {
    const tapped = await carInside();
    const tag = await (await call(`/api/owner/lots/${tapped.lotId}/tags`, { method: 'POST', cookie: owner, json: { kind: 'exit' } })).json<{
      url: string;
    }>();
    const tap = `/api/tags/${new URL(tag.url).pathname.replace('/tap/', '')}/check-out`;
    expect(
      (await call(tap, { method: 'POST', cookie: tapped.cookie, json: { lat: 14.55, lng: 121.02, shownCents: 0 }, headers: key() })).status,
    ).toBe(200);
    const paid = await carInside();
    const payCode = await payCodeFor(paid.cookie, paid.lotId);
    expect((await gateExit(owner, paid.checkin.id, { lotId: paid.lotId, plate: 'NAB 1234', payCode })).status).toBe(200);
    for (const { cookie, booking } of [tapped, paid]) {
      expect(await asksOf(cookie)).toMatchObject([{ metadata: { reviewReservationId: booking.id } }]);
      expect((await rate(cookie, booking.id)).status).toBe(201);
    }
  });

  it('asks once for a walk-in the driver’s own pay code paid: the stay it made theirs', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const stay = await walkIn(lotId, 'WLK 100', 65);
    const payCode = await payCodeFor(cookie, lotId);
    const closed = await (await gateExit(owner, stay.id, { lotId, plate: 'WLK 100', payCode })).json<Checkin>();
    expect(closed.reservationId).toEqual(expect.any(String));
    expect(await asksOf(cookie)).toMatchObject([{ type: 'PAYMENT_SUCCESS', metadata: { reviewReservationId: closed.reservationId } }]);
    expect((await rate(cookie, closed.reservationId!)).status).toBe(201);
  });

  it('does not ask the lot’s own staff, who cannot review it', async () => {
    const lotId = await makeLot(1);
    const ownerAsDriver = await cookieFor('owner_admin');
    await topUp(ownerAsDriver, 100);
    const before = (await asksOf(ownerAsDriver)).length;
    const stay = await walkIn(lotId, 'OWN 100', 30);
    const payCode = await payCodeFor(ownerAsDriver, lotId);
    expect((await gateExit(owner, stay.id, { lotId, plate: 'OWN 100', payCode })).status).toBe(200);
    expect(await asksOf(ownerAsDriver)).toHaveLength(before);
  });
});
