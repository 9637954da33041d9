import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_WRITES_PER_MINUTE, API_SCOPES, MAX_API_KEYS, scopeNeeded } from '../../core/api-scopes';
import { takeApiKeyWrite } from '../auth/auth.service';
import { apiKeys, auditLogs, backgroundFailures, checkins, users } from '../db/schema';
import { failInserts, makeLot } from '../test/booking-fixtures';
import { apiRoutes } from '../test/access/rules';
import { call, db, key, messageOf, signedInAccount, signedInAs } from '../test/helpers';
import { enrolledAccount, stepUpWith } from '../test/second-factor-fixtures';
import { sha256Hex } from '../verification/verification.service';
import { authenticateApiKey } from './api-keys.service';

type Created = { id: string; key: string };
type Listed = { id: string; name: string; scopes: string[]; visiblePrefix: string; createdAt: string; lastUsedAt: string | null };

const create = (cookie: string, json: unknown) => call('/api/account/api-keys', { method: 'POST', cookie, json });
const listOf = async (cookie: string) => (await call('/api/account/api-keys', { cookie })).json<Listed[]>();
const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

async function newKey(cookie: string, scopes: string[], name = `Key ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await create(cookie, { name, scopes });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Created>();
}

const newDriver = () => signedInAccount('parking_user');
const auditOf = (userId: string, action: 'CREATE_API_KEY' | 'REVOKE_API_KEY' | 'API_KEY_WRITE') =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.action, action)));

/** An owner with an authenticator app, stepped up in their session, and a lot of their own. */
let owner: { userId: string; cookie: string; lotId: string };
beforeAll(async () => {
  const { userId, cookie, secret } = await enrolledAccount('owner_admin');
  expect((await stepUpWith(cookie, secret)).status).toBe(204);
  owner = { userId, cookie, lotId: await makeLot(2, { ownerId: userId }) };
});

describe('POST /api/account/api-keys', () => {
  it('answers the key once and keeps only its SHA-256; the list never shows either', async () => {
    const { user, cookie } = await newDriver();
    const { id, key: secret } = await newKey(cookie, ['lots:read', 'reservations:read'], 'Fleet tool');
    expect(secret).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.keyHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const listed = await listOf(cookie);
    expect(listed).toEqual([
      {
        id,
        name: 'Fleet tool',
        scopes: ['lots:read', 'reservations:read'],
        visiblePrefix: secret.slice(0, 12),
        createdAt: row.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(row.keyHash);
    expect(await auditOf(user.id, 'CREATE_API_KEY')).toMatchObject([
      { subject: id, actor: `${user.firstName} ${user.lastName} <${user.email}>` },
    ]);
  });

  it('refuses a scope beyond the role, naming both, and writes nothing', async () => {
    const { user, cookie } = await newDriver();
    const res = await create(cookie, { name: 'Barrier', scopes: ['lots:read', 'gate:write'] });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('An account of role Driver cannot give a key the scope gate:write.');
    expect(await listOf(cookie)).toEqual([]);
    expect(await auditOf(user.id, 'CREATE_API_KEY')).toEqual([]);
  });

  it.each([
    ['an unknown scope', { name: 'Tool', scopes: ['lots:write'] }],
    ['no scope', { name: 'Tool', scopes: [] }],
    ['no name', { name: '  ', scopes: ['lots:read'] }],
    ['a scope twice', { name: 'Tool', scopes: ['lots:read', 'lots:read'] }],
  ])('answers 400 for %s and writes nothing', async (_case, json) => {
    const { cookie } = await newDriver();
    const res = await create(cookie, json);
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('issues');
    expect(await listOf(cookie)).toEqual([]);
  });

  it(`holds at most ${MAX_API_KEYS} keys an account, and one name once`, async () => {
    const { cookie } = await newDriver();
    await newKey(cookie, ['lots:read'], 'Tool 0');
    expect((await create(cookie, { name: 'Tool 0', scopes: ['lots:read'] })).status).toBe(409);
    for (let i = 1; i < MAX_API_KEYS; i++) await newKey(cookie, ['lots:read'], `Tool ${i}`);
    const refused = await create(cookie, { name: 'One more', scopes: ['lots:read'] });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(`An account holds at most ${MAX_API_KEYS} API keys. Revoke one first.`);
    expect(await listOf(cookie)).toHaveLength(MAX_API_KEYS);
  });

  it('asks an account with a second factor to give it again first', async () => {
    const fresh = await signedInAs(owner.userId);
    const res = await create(fresh, { name: 'Barrier', scopes: ['gate:write'] });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ stepUpRequired: true });
  });
});

describe('the scopes (core/api-scopes.ts)', () => {
  /** What keys reach, by scope: a route renamed or added under a scope's pattern shows here. */
  const REACHED = {
    'lots:read': [
      'GET /api/attendant/lot-status',
      'GET /api/attendant/lots',
      'GET /api/lots',
      'GET /api/lots/:id',
      'GET /api/lots/:id/availability',
      'GET /api/lots/:id/forecast',
      'GET /api/lots/:id/live',
      'GET /api/lots/:id/quote',
      'GET /api/lots/:id/reviews',
      'GET /api/lots/:lotId/pass-products',
      'GET /api/owner/lots',
      'GET /api/owner/lots/:id',
    ],
    'reservations:read': [
      'GET /api/reservations',
      'GET /api/reservations/:id',
      'GET /api/reservations/:id/pass',
      'GET /api/reservations/counts',
    ],
    'reservations:write': [
      'PATCH /api/reservations/:id',
      'POST /api/reservations',
      'POST /api/reservations/:id/cancel',
      'POST /api/reservations/:id/extend',
    ],
    'gate:write': ['GET /api/checkins/open', 'GET /api/checkins/plate', 'POST /api/checkins/:checkinId/exit', 'POST /api/checkins/enter'],
    'validations:write': ['POST /api/checkins/:checkinId/validations', 'POST /api/owner/merchants/:merchantId/codes'],
    'reports:read': [
      'GET /api/owner/kpis',
      'GET /api/owner/lot-performance',
      'GET /api/owner/reports',
      'GET /api/owner/reports/customers',
      'GET /api/owner/reports/plate-reads',
      'GET /api/owner/reports/price-changes',
      'GET /api/owner/revenue',
      'GET /api/owner/statements',
      'GET /api/owner/validations',
    ],
  };

  it('reach these routes of the API and no other', () => {
    const needed = (route: string) => {
      const [method, path] = route.split(' ');
      return scopeNeeded(method, path.replaceAll(/:[^/]+/g, 'x'));
    };
    const byScope = Object.fromEntries(API_SCOPES.map((scope) => [scope, apiRoutes().filter((route) => needed(route) === scope)]));
    expect(byScope).toEqual(REACHED);
  });
});

describe('Authorization: Bearer <key>', () => {
  it('acts as its account within its scopes', async () => {
    const { cookie } = await newDriver();
    const { key: secret } = await newKey(cookie, ['reservations:read']);
    const withKey = await call('/api/reservations', { headers: bearer(secret) });
    expect(withKey.status).toBe(200);
    expect(await withKey.json()).toEqual(await (await call('/api/reservations', { cookie })).json());
    const outside = await call('/api/lots', { headers: bearer(secret) });
    expect(outside.status).toBe(403);
    expect(await messageOf(outside)).toBe('This API key lacks the scope lots:read.');
    const unscoped = await call('/api/wallet', { headers: bearer(secret) });
    expect(unscoped.status).toBe(403);
    expect(await messageOf(unscoped)).toBe('An API key cannot reach GET /api/wallet: sign in to do this.');
    // A key never manages keys.
    expect((await call('/api/account/api-keys', { headers: bearer(secret) })).status).toBe(403);
  });

  it('answers 401 for a bearer that is not a key', async () => {
    for (const secret of ['pk_live_not-a-key', 'abc', '']) {
      const res = await call('/api/lots', { headers: bearer(secret) });
      expect(res.status).toBe(401);
    }
  });

  it('posts an entry at the gate without an Origin, audited under the key name, never with a session cookie from elsewhere', async () => {
    const { id, key: secret } = await newKey(owner.cookie, ['gate:write'], 'Barrier North');
    const enter = (headers: HeadersInit, cookie?: string) =>
      call('/api/checkins/enter', {
        method: 'POST',
        cookie,
        json: { lotId: owner.lotId, plate: 'NAB 1001' },
        headers: { ...key(), ...headers },
      });
    const entered = await enter(bearer(secret));
    expect(entered.status, await entered.clone().text()).toBe(201);
    const [entry] = await auditOf(owner.userId, 'API_KEY_WRITE');
    expect(entry).toMatchObject({ actor: 'API key Barrier North', subject: 'POST /api/checkins/enter', contextJson: '{"status":201}' });
    // With a session cookie, the request is a browser's: the same-origin rule holds.
    const forged = await enter({ ...bearer(secret), Origin: 'https://elsewhere.example' }, owner.cookie);
    expect(forged.status).toBe(403);
    expect(
      (
        await call('/api/checkins/enter', {
          method: 'POST',
          json: { lotId: owner.lotId, plate: 'NAB 1002' },
          headers: { ...key(), ...bearer(secret), Origin: 'https://camera.example' },
        })
      ).status,
    ).toBe(201);
    expect((await db().select().from(apiKeys).where(eq(apiKeys.id, id)))[0].lastUsedAt).not.toBeNull();
  });

  it('answers a write that was done as done when its audit entry cannot be written, and tells System Health', async () => {
    const { key: secret } = await newKey(owner.cookie, ['gate:write'], 'Barrier South');
    const lotId = await makeLot(1, { ownerId: owner.userId });
    const fault = await failInserts('audit_logs', "NEW.action = 'API_KEY_WRITE'");
    try {
      const entered = await call('/api/checkins/enter', {
        method: 'POST',
        json: { lotId, plate: 'AUD 1001' },
        headers: { ...key(), ...bearer(secret) },
      });
      expect(entered.status, await entered.clone().text()).toBe(201);
    } finally {
      await fault.heal();
    }
    expect(await db().select().from(checkins).where(eq(checkins.plate, 'AUD 1001'))).toHaveLength(1);
    const [failure] = await db().select().from(backgroundFailures).where(eq(backgroundFailures.job, 'API key write audit'));
    expect(failure).toMatchObject({ subject: 'Barrier South: POST /api/checkins/enter' });
  });

  it(`answers 429 past ${API_KEY_WRITES_PER_MINUTE} writes a minute, writing nothing`, async () => {
    const { id, key: secret } = await newKey(owner.cookie, ['gate:write']);
    for (let i = 0; i < API_KEY_WRITES_PER_MINUTE; i++) await takeApiKeyWrite(env, id);
    const res = await call('/api/checkins/enter', {
      method: 'POST',
      json: { lotId: owner.lotId, plate: 'NAB 1003' },
      headers: { ...key(), ...bearer(secret) },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await db().select().from(checkins).where(eq(checkins.plate, 'NAB 1003'))).toEqual([]);
    // Reads are not counted.
    expect((await call(`/api/checkins/open?lotId=${owner.lotId}&plate=NAB%201003`, { headers: bearer(secret) })).status).toBe(404);
  });

  it("stops at the account's role: a demoted attendant's gate key, a suspended account's key", async () => {
    const attendant = await signedInAccount('attendant');
    const { key: gateKey } = await newKey(attendant.cookie, ['gate:write', 'lots:read']);
    await db().update(users).set({ role: 'parking_user' }).where(eq(users.id, attendant.user.id));
    const demoted = await call('/api/checkins/enter', {
      method: 'POST',
      json: { lotId: owner.lotId, plate: 'NAB 1004' },
      headers: { ...key(), ...bearer(gateKey) },
    });
    expect(demoted.status).toBe(403);
    expect(await messageOf(demoted)).toBe("The scope gate:write is beyond this account's role, Driver.");
    const { cookie, user } = await newDriver();
    const { key: secret } = await newKey(cookie, ['lots:read']);
    await db().update(users).set({ suspendedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const suspended = await call('/api/lots', { headers: bearer(secret) });
    expect(suspended.status).toBe(403);
    expect(await messageOf(suspended)).toMatch(/^This account is suspended/);
  });

  it('is 401 once revoked; only its own account revokes it', async () => {
    const { user, cookie } = await newDriver();
    const { id, key: secret } = await newKey(cookie, ['lots:read'], 'Old tool');
    const other = await newDriver();
    expect((await call(`/api/account/api-keys/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await call('/api/lots', { headers: bearer(secret) })).status).toBe(200);
    expect((await call(`/api/account/api-keys/${id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await call('/api/lots', { headers: bearer(secret) })).status).toBe(401);
    expect(await listOf(cookie)).toEqual([]);
    expect(await auditOf(user.id, 'REVOKE_API_KEY')).toMatchObject([{ subject: id, contextJson: JSON.stringify({ name: 'Old tool' }) }]);
  });

  it('writes its last use at most once a minute', async () => {
    const { cookie } = await newDriver();
    const { id, key: secret } = await newKey(cookie, ['lots:read']);
    const lastUse = async () => (await db().select().from(apiKeys).where(eq(apiKeys.id, id)))[0].lastUsedAt;
    const at = Date.parse('2026-03-02T06:00:00.000Z');
    await authenticateApiKey(db(), secret, at);
    expect(await lastUse()).toBe('2026-03-02T06:00:00.000Z');
    await authenticateApiKey(db(), secret, at + 59_000);
    expect(await lastUse()).toBe('2026-03-02T06:00:00.000Z');
    await authenticateApiKey(db(), secret, at + 61_000);
    expect(await lastUse()).toBe('2026-03-02T06:01:01.000Z');
  });
});
