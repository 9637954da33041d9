/** Lot tags: the owner's tags, their signature and revocation, and a driver's check-in and check-out by tap (tags.service.ts). */
import { eq } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkins, reservations } from '../db/schema';
import { balanceOf, driver, inMinutes, makeLot, reservationRow } from '../test/booking-fixtures';
import {
  atTheGate,
  AT_THE_LOT,
  bareTap,
  endedAgo,
  gateEnter,
  newTag,
  reservedCar,
  tap,
  type Checkin,
  type Tag,
} from '../test/gate-fixtures';
import { call, cookieFor, db, key, messageOf } from '../test/helpers';
import { buy, passLot, seedPasses, type Pass } from '../test/pass-fixtures';
import { TAP_NEEDS_LOCATION } from '../../core/tags';
import { signTag, tagIdOf, TAG_NOT_OURS } from './tag-token';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
  await seedPasses();
});

const rowOf = async (id: string) => (await db().select().from(checkins).where(eq(checkins.id, id)))[0];

describe('the owner’s tags', () => {
  it('makes a tag whose URL opens /tap/ with a short signed token, lists it, and revokes it for good', async () => {
    const lotId = await makeLot(1);
    const tag = await newTag(lotId);
    expect(new URL(tag.url!).pathname).toMatch(/^\/tap\/[A-Za-z0-9_-]{44}$/);
    const listed = await (await call(`/api/owner/lots/${lotId}/tags`, { cookie: owner })).json<Tag[]>();
    expect(listed).toEqual([expect.objectContaining({ id: tag.id, kind: 'entrance', url: tag.url, revokedAt: null })]);

    const revoked = await call(`/api/owner/lots/${lotId}/tags/${tag.id}`, { method: 'DELETE', cookie: owner });
    expect(revoked.status).toBe(200);
    const { cookie } = await driver(0);
    const refused = await tap(cookie, tag.token, 'check-in');
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toMatch(/^This tag was replaced by Test Lot/);
    expect((await call(`/api/owner/lots/${lotId}/tags/${tag.id}`, { method: 'DELETE', cookie: owner })).status).toBe(404);
    const after = await (await call(`/api/owner/lots/${lotId}/tags`, { cookie: owner })).json<Tag[]>();
    expect(after[0]).toMatchObject({ url: null, revokedAt: expect.any(String) });
  });

  it('refuses another owner’s lot, a kind it does not know, and a tag of another lot', async () => {
    const lotId = await makeLot(1);
    const otherOwner = await cookieFor('parking_user');
    expect((await call(`/api/owner/lots/${lotId}/tags`, { method: 'POST', cookie: otherOwner, json: { kind: 'entrance' } })).status).toBe(
      403,
    );
    const bad = await call(`/api/owner/lots/${lotId}/tags`, { method: 'POST', cookie: owner, json: { kind: 'side door' } });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe("Say 'entrance' or 'exit'.");
    const tag = await newTag(lotId);
    const elsewhere = await makeLot(1);
    expect((await call(`/api/owner/lots/${elsewhere}/tags/${tag.id}`, { method: 'DELETE', cookie: owner })).status).toBe(404);
    // A lot that never served a car may still be deleted: its tags go with it.
    expect((await call(`/api/owner/lots/${lotId}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
  });

  it('signs tokens that name their tag, and refuses an altered or made-up one without reading anything', async () => {
    const id = crypto.randomUUID();
    const token = await signTag(env, id);
    expect(await tagIdOf(env, token)).toBe(id);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    await expect(tagIdOf(env, altered)).rejects.toThrow(TAG_NOT_OURS);
    await expect(tagIdOf(env, `${(await signTag(env, crypto.randomUUID())).slice(0, 22)}${token.slice(22)}`)).rejects.toThrow(TAG_NOT_OURS);
    await expect(tagIdOf({ TAG_SIGNING_SECRET: 'another secret' }, token)).rejects.toThrow(TAG_NOT_OURS);
    const { cookie } = await driver(0);
    for (const made of [altered, 'not-a-tag', 'x'.repeat(201)]) expect([400, 404]).toContain((await tap(cookie, made, 'check-in')).status);
  });
});

describe('a tap at the entrance', () => {
  it('checks the reservation in as the gate does, once however often it is sent, and the gate sees it at once', async () => {
    const lotId = await makeLot(2);
    const { cookie, booking } = await reservedCar(lotId, { plate: 'TAP 1234' });
    const { token } = await newTag(lotId);
    const view = await (await call(`/api/tags/${token}`, { cookie })).json<{ kind: string; booking: { id: string } | null }>();
    expect(view).toMatchObject({ kind: 'entrance', booking: { id: booking.id } });

    const headers = key();
    const first = await tap(cookie, token, 'check-in', {}, headers);
    expect(first.status).toBe(201);
    const checkin = await first.json<Checkin>();
    expect(checkin).toMatchObject({ plate: 'TAP 1234', reservationId: booking.id, walkIn: false, slot: expect.any(String) });
    const again = await tap(cookie, token, 'check-in', {}, headers);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<Checkin>()).id).toBe(checkin.id);
    const twice = await tap(cookie, token, 'check-in');
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toMatch(/^You are already checked in at Test Lot .* with TAP 1234, since /);

    expect((await reservationRow(booking.id)).status).toBe('ACTIVE');
    expect(await rowOf(checkin.id)).toMatchObject({ attendantId: null, tagId: expect.any(String), reservationId: booking.id });
    expect((await db().select().from(checkins).where(eq(checkins.reservationId, booking.id))).length).toBe(1);
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<{ plate: string }[]>();
    expect(activity.map((row) => row.plate)).toContain('TAP 1234');
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
      occupancy: { current: number };
    }>();
    expect(status.occupancy.current).toBe(1);
  });

  it('refuses a reservation not yet in its window, one at another lot, no booking at all, and an exit tag', async () => {
    const lotId = await makeLot(2);
    const { token } = await newTag(lotId);
    const later = await reservedCar(lotId, { start: inMinutes(120), plate: 'LTR 1234' });
    const early = await tap(later.cookie, token, 'check-in');
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toMatch(/^This reservation starts at .*; come back from /);

    const otherLot = await makeLot(1);
    const elsewhere = await reservedCar(otherLot, { plate: 'ELS 1234' });
    const wrongLot = await tap(elsewhere.cookie, token, 'check-in');
    expect(wrongLot.status).toBe(409);
    expect(await messageOf(wrongLot)).toMatch(/^This is the entrance of Test Lot .*, but your reservation at .* is at Test Lot /);

    const { cookie } = await driver(0);
    const none = await tap(cookie, token, 'check-in');
    expect(none.status).toBe(404);
    expect(await messageOf(none)).toMatch(/^You have no reservation or monthly pass at Test Lot .* now\. Book a slot here to check in\.$/);

    const exitTag = await newTag(lotId, 'exit');
    const { cookie: booked } = await reservedCar(lotId, { plate: 'EXT 1234' });
    expect(await messageOf(await tap(booked, exitTag.token, 'check-in'))).toMatch(
      /^This is the exit tag of Test Lot .*: tap it when you leave\.$/,
    );
    expect(await db().select().from(checkins).where(eq(checkins.lotId, lotId))).toEqual([]);
  });

  it('needs the phone at the entrance: without a location, too far, or too rough a fix, the driver is sent to the attendant', async () => {
    const lotId = await makeLot(1); // at 14.55, 121.02
    const { cookie, booking } = await reservedCar(lotId, { plate: 'GEO 1234' });
    const { token } = await newTag(lotId);
    const refused = async (json: object, status: number, message: string | RegExp) => {
      const res = await bareTap(cookie, token, 'check-in', json);
      expect(res.status).toBe(status);
      expect(await messageOf(res)).toMatch(message);
    };
    await refused({}, 400, TAP_NEEDS_LOCATION);
    await refused({ lat: 14.55 }, 400, TAP_NEEDS_LOCATION);
    await refused(
      { lat: 14.56, lng: 121.02, accuracy: 10 },
      409,
      /^Your phone says you are 1\.1 km from the entrance of Test Lot .*\. Tap the tag at the entrance, or see the attendant\.$/,
    );
    // At the entrance, but the fix could be anywhere within 2 km of it.
    await refused(
      { ...AT_THE_LOT, accuracy: 2_000 },
      409,
      /^Your phone's location is good only to 2\.0 km, too rough to place you at Test Lot .*: wait for a better fix and tap again, or see the attendant\.$/,
    );
    await refused({ ...AT_THE_LOT, accuracy: -1 }, 400, 'Accuracy is in metres, 0 or more.');
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
    // 133 m from the entrance, good to 100 m: all of the fix's circle is within the 300 m.
    expect((await tap(cookie, token, 'check-in', { lat: 14.5512, lng: 121.02, accuracy: 100 })).status).toBe(201);
  });

  it('enters a monthly pass as the pass, never as another driver’s booking of the same plate', async () => {
    // Anyone may buy a pass with any plate: here the plate of a stranger's booking due now at this lot.
    const { lotId, product } = await passLot();
    const { booking } = await reservedCar(lotId, { plate: 'VIC 1234' });
    const { cookie } = await driver(5_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'VIC 1234' })).json<Pass>();
    const { token } = await newTag(lotId);
    const entered = await tap(cookie, token, 'check-in', AT_THE_LOT);
    expect(entered.status).toBe(201);
    expect(await rowOf((await entered.json<Checkin>()).id)).toMatchObject({ reservationId: null, walkIn: true, monthlyPassId: pass.id });
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
  });
});

describe('a tap at the exit', () => {
  it('prices the stay, pays it from the driver’s wallet once, and gives the receipt', async () => {
    const lotId = await makeLot(1);
    const { user, cookie, booking, token: pass } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: pass })).json<Checkin>();
    await endedAgo(booking.id, 61);
    const { token } = await newTag(lotId, 'exit');
    const view = await (await call(`/api/tags/${token}`, { cookie })).json<{ stay: { id: string; amountCents: number } }>();
    expect(view.stay).toMatchObject({ id, amountCents: 8_000 });
    const before = await balanceOf(user.id);

    const cheaper = await tap(cookie, token, 'check-out', { shownCents: 4_000 });
    expect(cheaper.status).toBe(409);
    expect(await messageOf(cheaper)).toBe(
      'This stay now costs ₱80.00, more than the ₱40.00 you were shown. Check the new price and tap Check out again.',
    );
    expect((await rowOf(id)).exitTs).toBeNull();

    const headers = key();
    const closed = await tap(cookie, token, 'check-out', { shownCents: 8_000 }, headers);
    expect(closed.status).toBe(200);
    expect(await closed.json<Checkin>()).toMatchObject({ id, amountCents: 8_000, paidBy: 'wallet', receiptId: expect.any(String) });
    expect((await tap(cookie, token, 'check-out', { shownCents: 8_000 }, headers)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(before - 8_000);
    expect(await rowOf(id)).toMatchObject({ exitAttendantId: null, exitTagId: expect.any(String), payerId: user.id });
    const [reservation] = await db().select().from(reservations).where(eq(reservations.id, booking.id));
    expect(reservation.status).toBe('COMPLETED');
    const gone = await tap(cookie, token, 'check-out', { shownCents: 8_000 });
    expect(gone.status).toBe(404);
    expect(await messageOf(gone)).toMatch(/^You have no stay open at Test Lot /);
  });

  it('checks nothing out for a tap away from the lot: a photographed exit sticker tapped from home', async () => {
    const lotId = await makeLot(1);
    const { cookie, booking, token: pass } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: pass })).json<Checkin>();
    const { token } = await newTag(lotId, 'exit');
    const fromHome = await bareTap(cookie, token, 'check-out', { shownCents: 0 });
    expect(fromHome.status).toBe(400);
    expect(await messageOf(fromHome)).toBe(TAP_NEEDS_LOCATION);
    expect((await tap(cookie, token, 'check-out', { lat: 14.6, lng: 121.05, shownCents: 0 })).status).toBe(409);
    expect((await rowOf(id)).exitTs).toBeNull();
    expect((await reservationRow(booking.id)).status).toBe('ACTIVE');
  });

  it('refuses when the wallet is short, in the driver’s words, and changes nothing', async () => {
    const lotId = await makeLot(1);
    const { user, cookie, booking, token: pass } = await reservedCar(lotId, { pesos: 40 });
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: pass })).json<Checkin>();
    await endedAgo(booking.id, 61);
    const { token } = await newTag(lotId, 'exit');
    const badPrice = await tap(cookie, token, 'check-out', { shownCents: -1 });
    expect(badPrice.status).toBe(400);
    expect(await messageOf(badPrice)).toBe('The price shown is in whole centavos.');
    // The API's own body, no price: the tap consents to the price now, which the wallet cannot pay.
    const unpriced = await tap(cookie, token, 'check-out', { lat: 14.55, lng: 121.02 });
    expect(unpriced.status).toBe(409);
    const short = await tap(cookie, token, 'check-out', { shownCents: 8_000 });
    expect(short.status).toBe(409);
    expect(await messageOf(short)).toBe('Your wallet holds ₱0.00, short of ₱80.00: top up and tap Check out again, or pay the attendant.');
    expect((await rowOf(id)).exitTs).toBeNull();
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('never reaches a stranger’s stay: a plate saved to someone else’s vehicles finds nothing to check out', async () => {
    const lotId = await makeLot(1);
    const { token: pass } = await reservedCar(lotId, { plate: 'OWN 1234' });
    const { id } = await (await gateEnter(owner, { lotId, plate: 'OWN 1234', passToken: pass })).json<Checkin>();
    const { token } = await newTag(lotId, 'exit');
    const { cookie: stranger } = await driver(1_000);
    const saved = await call('/api/user/vehicles', {
      method: 'POST',
      cookie: stranger,
      json: { plate: 'OWN 1234', make: 'Toyota', model: 'Vios' },
    });
    expect(saved.status).toBe(201);
    expect(await (await call(`/api/tags/${token}`, { cookie: stranger })).json()).toMatchObject({ stay: null });
    expect((await tap(stranger, token, 'check-out', { shownCents: 100_000 })).status).toBe(404);
    expect((await rowOf(id)).exitTs).toBeNull();
  });
});

describe('a tap retried', () => {
  it('answers the entry it made under the same key, even after the tag was revoked', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await reservedCar(lotId, { plate: 'RTY 1234' });
    const tag = await newTag(lotId);
    const headers = key();
    const { id } = await (await tap(cookie, tag.token, 'check-in', {}, headers)).json<Checkin>();
    await call(`/api/owner/lots/${lotId}/tags/${tag.id}`, { method: 'DELETE', cookie: owner });
    const again = await tap(cookie, tag.token, 'check-in', {}, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<Checkin>()).id).toBe(id);
  });
});
