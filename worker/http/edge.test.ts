/** What every worker answer carries (security headers, no-store) and the request body limit. */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../core/security-headers';
import { vehicles } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { findUserByEmail } from '../users/users.data';

let cookie = '';
let driverId = '';
beforeAll(async () => {
  await seedOnce();
  cookie = await cookieFor('parking_user');
  driverId = (await findUserByEmail(db(), DEMO_ACCOUNTS.find((a) => a.role === 'parking_user')!.email))!.id;
});

function expectHardened(res: Response) {
  expect(res.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy());
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  expect(res.headers.get('Cache-Control')).toBe('no-store');
}

describe('headers on every answer', () => {
  it('a JSON answer carries the CSP (self, the map tiles, no framing), nosniff, the referrer policy and no-store', async () => {
    const res = await call('/api/lots');
    expect(res.status).toBe(200);
    expectHardened(res);
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a 404', '/api/nope', 404],
    ['a 401', '/api/wallet', 401],
    ['a 400', '/api/reservations/not-a-uuid', 400],
  ])('so does an error answer (%s)', async (_case, path, status) => {
    const res = await call(path, { cookie: status === 400 ? cookie : undefined });
    expect(res.status).toBe(status);
    expectHardened(res);
    expect(await res.json()).toHaveProperty('message');
  });

  it('sends HSTS in production only', async () => {
    expect((await call('/api/lots')).headers.get('Strict-Transport-Security')).toBeNull();
    const res = await call('/api/lots', { bindings: { APP_ENV: 'production' } });
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expectHardened(res);
  });

  it('does not let a signed-in answer be cached', async () => {
    const res = await call('/api/user/vehicles', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('request body limit', () => {
  const ownVehicles = async () => (await db().select().from(vehicles).where(eq(vehicles.userId, driverId))).length;
  const twoMegabytes = () => JSON.stringify({ plate: 'BIG 1234', make: 'Toyota', model: 'Vios', notes: 'x'.repeat(2 * 1024 * 1024) });

  it('refuses a 2 MB body with 413 and our JSON error, before anything is written', async () => {
    const before = await ownVehicles();
    const body = twoMegabytes();
    const res = await call('/api/user/vehicles', {
      method: 'POST',
      cookie,
      body,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body is too large: at most 64 KB.' });
    expectHardened(res);
    expect(await ownVehicles()).toBe(before);
  });

  it('stops reading a streamed body without a length once it passes 64 KB', async () => {
    const before = await ownVehicles();
    const bytes = new TextEncoder().encode(twoMegabytes());
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(sent, sent + 16 * 1024));
        sent += 16 * 1024;
      },
    });
    const res = await call('/api/user/vehicles', {
      method: 'POST',
      cookie,
      body,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(bytes.length / 4);
    expect(await ownVehicles()).toBe(before);
  });

  it("keeps 64 KB for every route but the document upload, even for the upload's path with another method", async () => {
    const body = twoMegabytes();
    const res = await call('/api/user/owner-application/documents', {
      method: 'PUT',
      cookie,
      body,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    });
    expect([res.status, await res.json()]).toEqual([413, { message: 'The request body is too large: at most 64 KB.' }]);
  });

  it('lets an ordinary body through', async () => {
    const res = await call('/api/user/vehicles', { method: 'POST', cookie, json: { plate: 'EDG 4402', make: 'Toyota', model: 'Vios' } });
    expect(res.status).toBe(201);
  });
});

// The worker pool reads the committed .dev.vars: the local values reach the worker as they do in `npm start`.
describe('development values', () => {
  it('come from .dev.vars', () => {
    expect(env.APP_ENV).toBe('development');
    expect(env.PAYMENT_PROVIDER).toBe('sandbox');
    expect(JSON.parse(env.PASS_SIGNING_KEYS!)[0]).toMatchObject({ kid: 'development', kty: 'EC', crv: 'P-256' });
  });
});
