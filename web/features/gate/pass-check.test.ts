import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeys } from './gate-api';
import { checkPass, PASS_MESSAGES, type PassContext } from './pass-check';

const MINUTE = 60_000;
const LOT = '7d1c1b52-5a4e-4f0e-9d6b-0a4f7f1c2a10';
const RESERVATION = '3f9d2c1e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';
const start = new Date('2026-11-23T02:00:00Z');
const end = new Date('2026-11-23T04:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let signingKey: CryptoKey;
let jwks: PublicKeys;

/** A pass as the worker signs it (docs/passes.md), with claims a test may change. */
async function pass(overrides: JWTPayload = {}, key = signingKey, alg = 'ES256') {
  return new SignJWT({ plate: 'NAB 1234', lot: LOT, slot: 'B-12', ...overrides })
    .setProtectedHeader({ alg, kid: 'pass-2026' })
    .setSubject(RESERVATION)
    .setIssuer('parkada')
    .setAudience('parkada-gate')
    .setNotBefore(seconds(new Date(start.getTime() - 15 * MINUTE)))
    .setExpirationTime(seconds(end))
    .sign(key);
}

const context = (change: Partial<PassContext> = {}): PassContext => ({
  jwks,
  lotId: LOT,
  revoked: [],
  insideOnDevice: async () => false,
  now: start,
  purpose: 'entry',
  ...change,
});

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  signingKey = privateKey;
  jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'pass-2026', alg: 'ES256', use: 'sig' }] } as PublicKeys;
});

describe('a pass checked on the device', () => {
  it('shows plate, reservation, slot and valid-until of a genuine pass inside its window', async () => {
    const token = await pass();
    expect(await checkPass(token, context())).toEqual({
      valid: true,
      pass: { token, reservationId: RESERVATION, plate: 'NAB 1234', lotId: LOT, slot: 'B-12', validUntil: end.toISOString() },
    });
  });

  it('accepts it from 15 minutes before the start until the end, and no later', async () => {
    const token = await pass();
    const at = async (now: Date) => (await checkPass(token, context({ now }))).valid;
    expect(await at(new Date(start.getTime() - 15 * MINUTE))).toBe(true);
    expect(await at(new Date(end.getTime() - 1000))).toBe(true);
    expect(await checkPass(token, context({ now: end }))).toEqual({ valid: false, message: PASS_MESSAGES.expired });
    const early = await checkPass(token, context({ now: new Date(start.getTime() - 16 * MINUTE) }));
    expect(early).toEqual({ valid: false, message: PASS_MESSAGES.notYetValid(new Date(start.getTime() - 15 * MINUTE).toISOString()) });
  });

  it('refuses a pass signed by another key, an HS256 pass, an altered one and text that is no pass', async () => {
    const { privateKey: stranger } = await generateKeyPair('ES256');
    const genuine = await pass();
    const [header, , signature] = genuine.split('.');
    const altered = `${header}.${(await pass({ plate: 'FAKE 123' })).split('.')[1]}.${signature}`;
    const hs256 = await pass({}, new TextEncoder().encode('a shared secret') as never, 'HS256');
    for (const token of [await pass({}, stranger), hs256, altered, 'PARKADA-1234']) {
      expect(await checkPass(token, context())).toEqual({ valid: false, message: PASS_MESSAGES.forged });
    }
  });

  it("refuses another lot's pass, a revoked one and one this device already let in", async () => {
    const token = await pass();
    expect(await checkPass(await pass({ lot: 'another-lot' }), context())).toEqual({ valid: false, message: PASS_MESSAGES.otherLot });
    expect(await checkPass(token, context({ revoked: [RESERVATION] }))).toEqual({ valid: false, message: PASS_MESSAGES.revoked });
    expect(await checkPass(token, context({ insideOnDevice: async (id) => id === RESERVATION }))).toEqual({
      valid: false,
      message: PASS_MESSAGES.revoked,
    });
  });

  it('lets an overstaying car out on its expired pass: an exit only needs to know which car it is', async () => {
    const token = await pass();
    const exit = await checkPass(token, context({ now: new Date(end.getTime() + 90 * MINUTE), revoked: [RESERVATION], purpose: 'exit' }));
    expect(exit).toMatchObject({ valid: true, pass: { reservationId: RESERVATION } });
  });

  it('says so when the keys were never synced to this device', async () => {
    expect(await checkPass(await pass(), context({ jwks: null }))).toEqual({ valid: false, message: PASS_MESSAGES.noKeys });
  });
});

describe('a monthly pass checked on the device', () => {
  /** Signed as the worker signs one (worker/passes/monthly-pass-token.ts): Mon–Fri 07:00–20:00 here. */
  const monthly = (key = signingKey) =>
    new SignJWT({ plate: 'NAB 1234', lot: LOT, sched: [0b0111110, 420, 1200] })
      .setProtectedHeader({ alg: 'ES256', kid: 'pass-2026' })
      .setSubject(RESERVATION)
      .setIssuer('parkada')
      .setAudience('parkada-gate-monthly')
      .setNotBefore(seconds(new Date('2026-11-01T00:00:00+08:00')))
      .setExpirationTime(seconds(new Date('2026-12-01T00:00:00+08:00')))
      .sign(key);

  it('lets it in within its hours, showing them, and says so outside them', async () => {
    const token = await monthly();
    // 2026-11-23 is a Monday: 10:00 Manila is inside, 21:00 and Saturday are not.
    const inside = await checkPass(token, context({ now: new Date('2026-11-23T10:00:00+08:00') }));
    expect(inside).toMatchObject({ valid: true, pass: { plate: 'NAB 1234', monthly: { hours: 'Mon–Fri 07:00–20:00' } } });
    expect(await checkPass(token, context({ now: new Date('2026-11-23T21:00:00+08:00') }))).toEqual({
      valid: false,
      message: PASS_MESSAGES.outsideHours('Mon–Fri 07:00–20:00'),
    });
    expect((await checkPass(token, context({ now: new Date('2026-11-28T10:00:00+08:00') }))).valid).toBe(false);
  });
});
