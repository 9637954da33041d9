/**
 * Where each webhook event comes from (docs/api.md, Webhooks, Events): a booking made, changed and
 * cancelled, a car in and out at the gate, a review, a payout. Each reaches the lot owner's webhook
 * through the real Queue, signed, and the partner's stand-in verifies it.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENTS } from '../../core/webhooks';
import { newId } from '../db/ids';
import { charges, reservations } from '../db/schema';
import { recordPayout } from '../owner/statements.service';
import { cancelBooking, driver, HOUR, inMinutes, modifyBooking, reserve } from '../test/booking-fixtures';
import { gateEnter, gateExit } from '../test/gate-fixtures';
import { call, db, seedOnce, signedInAccount } from '../test/helpers';
import { partnerStandIn, subscribedOwner } from '../test/webhook-partner';

const partner = partnerStandIn(globalThis.fetch);

beforeAll(seedOnce);
beforeEach(() => vi.stubGlobal('fetch', partner.fetch));
afterEach(() => vi.unstubAllGlobals());

/** A paid booking at the lot that ended in a past month, as the booking writes it: the reservation and its charge. */
async function pastBooking(lotId: string, userId: string, startTs: string) {
  const id = newId();
  const endTs = new Date(Date.parse(startTs) + HOUR).toISOString();
  await db().insert(reservations).values({ id, userId, lotId, status: 'COMPLETED', startTs, endTs, amountCents: 10_000 });
  await db().insert(charges).values({ id: newId(), reservationId: id, kind: 'BOOKING', amountCents: 10_000, createdAt: startTs });
  return id;
}

describe('webhook events', () => {
  it('tells the lot’s owner of each: a booking made, changed, cancelled; a stay begun and ended; a review; a payout', async () => {
    const owner = await subscribedOwner(partner, [...WEBHOOK_EVENTS]);
    const { lotId } = owner;
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(300) })).json<{ id: string }>();
    expect((await modifyBooking(cookie, booking.id, { start: inMinutes(360), durationHours: 2 })).status).toBe(200);
    expect((await cancelBooking(cookie, booking.id)).status).toBe(200);

    const entered = await gateEnter(owner.cookie, { lotId, plate: 'WLK 4321' });
    expect(entered.status).toBe(201);
    const { id: stayId } = await entered.json<{ id: string }>();
    expect((await gateExit(owner.cookie, stayId, { lotId, plate: 'WLK 4321', paidBy: 'cash' })).status).toBe(200);

    const stayed = await pastBooking(lotId, user.id, new Date(Date.now() - 3 * HOUR).toISOString());
    expect((await call(`/api/reservations/${stayed}/review`, { method: 'POST', cookie, json: { rating: 5 } })).status).toBe(201);

    // A payout for June, recorded in July: the lot's June booking is what it pays.
    await pastBooking(lotId, user.id, '2026-06-10T02:00:00.000Z');
    const { user: admin } = await signedInAccount('super_admin');
    const payout = { ownerId: owner.user.id, month: '2026-06', amountCents: 5_000, paidOn: '2026-07-03', reference: 'BDO-0703' };
    await recordPayout({ env, db: db() }, admin, payout, new Date('2026-07-05T00:00:00Z'));

    const received = await partner.arrived(owner.url, WEBHOOK_EVENTS.length);
    expect(received.every((delivery) => delivery.verified)).toBe(true);
    expect(received.map((delivery) => delivery.event.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const ofType = (type: string) => received.find((delivery) => delivery.event.type === type)!.event.data;
    for (const type of WEBHOOK_EVENTS.filter((type) => type !== 'payout.recorded')) expect(ofType(type).lotId, type).toBe(lotId);
    expect(ofType('reservation.cancelled')).toMatchObject({ reservation: { id: booking.id, status: 'CANCELLED' } });
    expect(ofType('stay.ended')).toMatchObject({ stay: { id: stayId, plate: 'WLK ••21', exitTs: expect.any(String) } });
    expect(ofType('review.posted')).toMatchObject({ review: { rating: 5, text: null } });
    expect(ofType('payout.recorded')).toEqual({ payout: expect.objectContaining({ month: '2026-06', amountCents: 5_000 }) });
    expect(received.map((delivery) => delivery.body).join()).not.toContain(user.email);
  });
});
