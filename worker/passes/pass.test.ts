/**
 * QR passes as a gate sees them: signed with a private key, verified with the published public keys
 * alone, accepted from 15 minutes before the start until the end, and issued only for a reservation
 * still to be used or in use. Reservations are written straight to D1: the pass only reads them.
 */
import { env } from 'cloudflare:test';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReservationStatus } from '../../core/booking';
import { newId } from '../db/ids';
import { lots, reservations, slots } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT } from '../seed/seed';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { findUserByEmail } from '../users/users.data';
import { verifyPass } from './pass';
import { PASSES_UNAVAILABLE } from './pass-keys';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let driverId = '';
let driverCookie = '';
let lotId = '';
let slot = { id: '', label: '' };

beforeAll(async () => {
  await seedOnce();
  driverId = (await findUserByEmail(db(), DEMO_ACCOUNTS.find((a) => a.role === 'parking_user')!.email))!.id;
  driverCookie = await cookieFor('parking_user');
  [{ id: lotId }] = await db().select({ id: lots.id }).from(lots).where(eq(lots.name, DEMO_ATTENDANT_LOT));
  [slot] = await db().select({ id: slots.id, label: slots.label }).from(slots).where(eq(slots.lotId, lotId)).limit(1);
});
afterEach(() => vi.restoreAllMocks());

/** A two-hour reservation of the demo driver starting at a whole minute an hour from now. */
async function reservation(status: ReservationStatus = 'CONFIRMED') {
  const start = Math.ceil((Date.now() + HOUR) / MINUTE) * MINUTE;
  const row = {
    id: newId(),
    userId: driverId,
    lotId,
    slotId: slot.id,
    vehiclePlate: 'NAB 1234',
    status,
    startTs: new Date(start).toISOString(),
    endTs: new Date(start + 2 * HOUR).toISOString(),
    amountCents: 8_000,
  };
  await db().insert(reservations).values(row);
  return row;
}

const passFor = (id: string, bindings?: Partial<typeof env>) => call(`/api/reservations/${id}/pass`, { cookie: driverCookie, bindings });
const tokenFor = async (id: string, bindings?: Partial<typeof env>) =>
  (await (await passFor(id, bindings)).json<{ token: string }>()).token;
const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs);

async function newKey(kid: string) {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
}

describe('a pass a gate can verify without a secret', () => {
  it('is an ES256 token that verifies against the JWKS fetched from the public endpoint', async () => {
    const booking = await reservation();
    const res = await passFor(booking.id);
    expect(res.status).toBe(200);
    const pass = await res.json<{ token: string; passId: string; validUntil: string }>();
    expect(pass).toMatchObject({ passId: booking.id.slice(0, 8).toUpperCase(), validUntil: booking.endTs });
    expect(decodeProtectedHeader(pass.token)).toMatchObject({ alg: 'ES256', kid: 'development' });

    const jwksRes = await call('/api/passes/jwks');
    expect(jwksRes.status).toBe(200);
    const jwks = await jwksRes.json<{ keys: Record<string, unknown>[] }>();
    const { payload } = await jwtVerify(pass.token, createLocalJWKSet(jwks as never), {
      algorithms: ['ES256'],
      issuer: 'parkada',
      audience: 'parkada-gate',
      currentDate: at(booking.startTs),
    });
    expect(payload).toMatchObject({ sub: booking.id, plate: 'NAB 1234', lot: lotId, slot: slot.label });

    expect(await verifyPass(env, pass.token, at(booking.startTs))).toEqual({
      valid: true,
      claims: {
        reservationId: booking.id,
        plate: 'NAB 1234',
        lotId,
        slot: slot.label,
        validFrom: at(booking.startTs, -15 * MINUTE).toISOString(),
        validUntil: booking.endTs,
      },
    });
  });

  it('publishes public keys only: no private part, nothing but what a verifier needs', async () => {
    const [current, old] = [await newKey('pass-new'), await newKey('pass-old')];
    const jwks = await (await call('/api/passes/jwks', { bindings: { PASS_SIGNING_KEYS: JSON.stringify([current, old]) } })).json<{
      keys: Record<string, unknown>[];
    }>();
    expect(jwks.keys.map((key) => key.kid)).toEqual(['pass-new', 'pass-old']);
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    }
  });

  it('refuses a forged pass, one signed by a key we do not publish, an HS256 pass and an unsigned one', async () => {
    const booking = await reservation();
    const token = await tokenFor(booking.id);
    const now = at(booking.startTs);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

    const altered = `${header}.${encode({ ...claims, plate: 'FAKE 123' })}.${signature}`;
    const strangerKey = await newKey('development');
    const stranger = await tokenFor(booking.id, { PASS_SIGNING_KEYS: JSON.stringify([strangerKey]) });
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'development' })
      .sign(new TextEncoder().encode('a secret a gate might hold'));
    const unsigned = `${encode({ alg: 'none', kid: 'development' })}.${payload}.`;
    for (const forged of [altered, stranger, hs256, unsigned, 'not a token']) {
      expect(await verifyPass(env, forged, now)).toEqual({ valid: false, reason: 'forged' });
    }
  });

  it('is valid from 15 minutes before the start until the end, with no tolerance after it', async () => {
    const booking = await reservation();
    const token = await tokenFor(booking.id);
    const gate = async (now: Date) => {
      const check = await verifyPass(env, token, now);
      return check.valid ? 'valid' : check.reason;
    };
    expect(await gate(at(booking.startTs, -16 * MINUTE))).toBe('not-yet-valid');
    expect(await gate(at(booking.startTs, -15 * MINUTE))).toBe('valid');
    expect(await gate(at(booking.endTs, -1_000))).toBe('valid');
    expect(await gate(at(booking.endTs))).toBe('expired');
    expect(await gate(at(booking.endTs, MINUTE))).toBe('expired');
  });

  it('keeps a pass signed with the old key valid during a rotation, and signs new ones with the new key', async () => {
    const booking = await reservation();
    const [current, old] = [await newKey('pass-new'), await newKey('pass-old')];
    const oldToken = await tokenFor(booking.id, { PASS_SIGNING_KEYS: JSON.stringify([old]) });
    const rotating = { ...env, PASS_SIGNING_KEYS: JSON.stringify([current, old]) };
    expect(await verifyPass(rotating, oldToken, at(booking.startTs))).toMatchObject({ valid: true });
    const newToken = await tokenFor(booking.id, { PASS_SIGNING_KEYS: rotating.PASS_SIGNING_KEYS });
    expect(decodeProtectedHeader(newToken).kid).toBe('pass-new');
    // Once the old key is dropped, what it signed is no longer ours.
    expect(await verifyPass({ ...env, PASS_SIGNING_KEYS: JSON.stringify([current]) }, oldToken, at(booking.startTs))).toEqual({
      valid: false,
      reason: 'forged',
    });
  });
});

describe('which reservations have a pass', () => {
  it.each(['CONFIRMED', 'ACTIVE'] as const)('%s: issued', async (status) => {
    expect((await passFor((await reservation(status)).id)).status).toBe(200);
  });

  it.each(['CANCELLED', 'COMPLETED', 'EXPIRED'] as const)('%s: 409 with the reason', async (status) => {
    const res = await passFor((await reservation(status)).id);
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe(
      `This reservation is ${status.toLowerCase()}: a QR pass is issued only for a confirmed or checked-in reservation.`,
    );
  });
});

describe('signing keys outside development', () => {
  const publicOnly = async () => {
    const { d: _, ...key } = await newKey('pass-public');
    return JSON.stringify([key]);
  };
  const refused: [string, () => Promise<Partial<typeof env>>][] = [
    ['the development key in production', async () => ({ APP_ENV: 'production' })],
    ['the development key with APP_ENV unset', async () => ({ APP_ENV: undefined })],
    ['no key', async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: undefined })],
    ['no key, even in development', async () => ({ PASS_SIGNING_KEYS: undefined })],
    ['a value that is not JSON', async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: 'change-me' })],
    ['an empty list', async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: '[]' })],
    [
      'a shared secret',
      async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: JSON.stringify([{ kty: 'oct', k: 'c2VjcmV0', kid: 'hs' }]) }),
    ],
    ['a public key only', async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: await publicOnly() })],
    [
      'a key without a kid',
      async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: JSON.stringify([{ ...(await newKey('x')), kid: undefined }]) }),
    ],
    [
      'a short private scalar',
      async () => ({ APP_ENV: 'production', PASS_SIGNING_KEYS: JSON.stringify([{ ...(await newKey('short')), d: 'c2hvcnQ' }]) }),
    ],
  ];

  it.each(refused)('refuses %s: 503 on the pass and the JWKS, logged, nothing signed', async (_case, bindingsOf) => {
    const bindings = await bindingsOf();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const booking = await reservation();
    for (const res of [await passFor(booking.id, bindings), await call('/api/passes/jwks', { bindings })]) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: PASSES_UNAVAILABLE });
    }
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^QR passes refused: PASS_SIGNING_KEYS /));
  });

  it('signs with a production key', async () => {
    const booking = await reservation();
    const bindings = { APP_ENV: 'production', PASS_SIGNING_KEYS: JSON.stringify([await newKey('pass-2026')]) };
    const token = await tokenFor(booking.id, bindings);
    expect(await verifyPass({ ...env, ...bindings }, token, at(booking.startTs))).toMatchObject({
      valid: true,
      claims: { reservationId: booking.id },
    });
  });
});
