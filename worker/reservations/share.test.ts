/**
 * The pass shared with a companion (docs/passes.md): a signed, view-only link the booker makes and
 * revokes, opened without an account; it shows the very pass the gate accepts, with the plate masked,
 * and ends with the booking.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../db/schema';
import { cancelBooking, driver, inMinutes, makeLot } from '../test/booking-fixtures';
import { atTheGate, endedAgo, gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call, db, messageOf } from '../test/helpers';
import { SHARED_PASS_NOT_VALID } from './reservation-pass.service';

type SharedPass = {
  pass: { token: string; passId: string };
  status: string;
  startTs: string;
  endTs: string;
  plate: string;
  slot: { label: string };
  lot: { name: string; address: string; geoLat: number; geoLng: number };
};

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

const share = (cookie: string, id: string) => call(`/api/reservations/${id}/share`, { method: 'POST', cookie });
const stopSharing = (cookie: string, id: string) => call(`/api/reservations/${id}/share`, { method: 'DELETE', cookie });
const tokenOf = (url: string) => new URL(url).pathname.replace('/shared/', '');
/** Opened signed out, as a companion opens it (from an address of its own unless one is named). */
const openShared = (token: string, ip?: string) => call(`/api/shared-passes/${token}`, { headers: ip ? { 'CF-Connecting-IP': ip } : {} });

async function sharedCar() {
  const lotId = await makeLot(1);
  const car = await reservedCar(lotId, { start: inMinutes(5) });
  const res = await share(car.cookie, car.booking.id);
  expect(res.status).toBe(200);
  const { url } = await res.json<{ url: string }>();
  return { ...car, lotId, url, token: tokenOf(url), passToken: car.token };
}

async function expectNothingOpens(token: string) {
  const res = await openShared(token);
  expect(res.status).toBe(404);
  expect(await messageOf(res)).toBe(SHARED_PASS_NOT_VALID);
}

describe('sharing a pass with a companion', () => {
  it('opens signed out with the pass, the lot, the window and the plate masked; sharing again shares the same (both links open)', async () => {
    const { cookie, booking, url, token } = await sharedCar();
    expect(url).toMatch(/^https:\/\/parkada\.test\/shared\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const res = await openShared(token);
    expect(res.status).toBe(200);
    const shared = await res.json<SharedPass>();
    expect(shared).toMatchObject({
      status: 'CONFIRMED',
      endTs: booking.endTs,
      plate: 'NAB ••34',
      slot: { label: 'A-1' },
      lot: { address: 'Ayala Ave, Makati', geoLat: 14.55, geoLng: 121.02 },
      pass: { passId: booking.id.slice(0, 8).toUpperCase() },
    });
    expect(JSON.stringify(shared)).not.toContain('NAB 1234');
    expect(shared).not.toHaveProperty('userId');
    const again = tokenOf((await (await share(cookie, booking.id)).json<{ url: string }>()).url);
    expect(decodeJwt(again).sid).toBe(decodeJwt(token).sid);
    for (const link of [token, again]) expect((await openShared(link)).status).toBe(200);
  });

  it('is not another driver’s to share or stop (404, as the reservation’s other routes answer)', async () => {
    const { booking, token } = await sharedCar();
    const other = await driver(0);
    for (const res of [await share(other.cookie, booking.id), await stopSharing(other.cookie, booking.id)]) {
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe('Reservation not found');
    }
    expect((await openShared(token)).status).toBe(200);
  });

  it('opens nothing for a forged, altered or foreign token, never a 500', async () => {
    const { booking, token, passToken } = await sharedCar();
    const [header, payload, signature] = token.split('.');
    const claims = decodeJwt(token);
    const base64url = (json: object) => btoa(JSON.stringify(json)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'ES256', kid: 'development' })
      .setSubject(booking.id)
      .setIssuer('parkada')
      .setAudience('parkada-shared-pass')
      .sign(privateKey);
    const altered = `${header}.${base64url({ ...claims, sid: crypto.randomUUID() })}.${signature}`;
    const unsigned = `${base64url({ alg: 'none' })}.${payload}.`;
    for (const bad of [altered, forged, unsigned, passToken, 'not-a-link', `${token}x`]) {
      await expectNothingOpens(bad);
    }
  });

  it('opens nothing once the booker stops sharing, and a new share is a new link', async () => {
    const { cookie, booking, token } = await sharedCar();
    expect((await stopSharing(cookie, booking.id)).status).toBe(204);
    await expectNothingOpens(token);
    const { url } = await (await share(cookie, booking.id)).json<{ url: string }>();
    expect(tokenOf(url)).not.toBe(token);
    expect((await openShared(tokenOf(url))).status).toBe(200);
    await expectNothingOpens(token);
  });

  it('ends with the booking: a cancelled one’s link says so, and it cannot be shared again', async () => {
    const { cookie, booking, token } = await sharedCar();
    expect((await cancelBooking(cookie, booking.id)).status).toBe(200);
    const res = await openShared(token);
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('This booking has ended (cancelled): its shared pass no longer works.');
    const again = await share(cookie, booking.id);
    expect(again.status).toBe(409);
  });

  it('ends when its window is over, before the booking is marked no-show or done', async () => {
    const { booking, token } = await sharedCar();
    await endedAgo(booking.id, 1);
    const res = await openShared(token);
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('This booking has ended: its shared pass no longer works.');
  });

  it('is accepted at the gate as the booker’s own pass: the shared QR checks the car in', async () => {
    const { lotId, booking, token } = await sharedCar();
    const { pass } = await (await openShared(token)).json<SharedPass>();
    const entered = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: pass.token });
    expect(entered.status).toBe(201);
    expect(await entered.json<Checkin>()).toMatchObject({ reservationId: booking.id, walkIn: false, slot: 'A-1' });
    // Checked in, the companion still sees the pass, now in use (it lets the car out).
    expect(await (await openShared(token)).json<SharedPass>()).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('the audit trail and the limit of a shared pass', () => {
  const entriesOf = async (id: string) =>
    (
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `reservation:${id}`))
    ).map(({ action, actorId }) => ({ action, actorId }));

  it('records sharing and stopping by the booker, once each: sharing again, or stopping what is not shared, records nothing', async () => {
    const { cookie, booking, user } = await sharedCar();
    expect((await share(cookie, booking.id)).status).toBe(200);
    expect((await stopSharing(cookie, booking.id)).status).toBe(204);
    expect((await stopSharing(cookie, booking.id)).status).toBe(204);
    expect(await entriesOf(booking.id)).toEqual([
      { action: 'SHARE_PASS', actorId: user.id },
      { action: 'STOP_SHARING_PASS', actorId: user.id },
    ]);
  });

  it('opens at most 30 shared passes in 10 minutes from one client, good links or bad; then 429, while others still open', async () => {
    const { token } = await sharedCar();
    const ip = '2001:db8:5a::1';
    const statuses = [];
    for (let i = 0; i < 29; i++) statuses.push((await openShared(i % 2 ? token : 'not-a-link', ip)).status);
    statuses.push((await openShared(token, ip)).status);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const refused = await openShared(token, ip);
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toBe('Too many shared passes opened from this network. Try again in 10 minutes.');
    expect((await openShared(token)).status).toBe(200);
  });
});
