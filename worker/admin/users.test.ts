/** Suspending users against the real D1 and KV: sessions stop at once, sign-in is refused, each change audited. */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app';
import { SUSPENDED_MESSAGE } from '../auth/auth.service';
import { auditLogs } from '../db/schema';
import { findUserByEmail } from '../users/users.data';
import { call, cookieFor, db, seedOnce, signupBody, walkPages } from '../test/helpers';

let admin: ReturnType<typeof testClient<typeof app>>['api']['admin'];
let adminCookie = '';

beforeAll(async () => {
  await seedOnce();
  adminCookie = await cookieFor('super_admin');
  admin = testClient(app, env, undefined, { headers: { Cookie: adminCookie } }).api.admin;
});

/** A driver signed up through the API, with the session the sign-up began. */
async function signedUpDriver() {
  const body = signupBody();
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  const user = (await findUserByEmail(db(), body.email))!;
  return { body, user, cookie: res.headers.get('Set-Cookie')!.split(';')[0] };
}

const act = (id: string, action: 'suspend' | 'reactivate', reason?: string) => admin.users[':id'][':action'].$post({ param: { id, action }, json: { reason } });
const signIn = (body: { email: string; password: string }) => call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password } });

describe('suspending users', () => {
  it('ends the user’s sessions at once and refuses sign-in until reactivated, auditing both', async () => {
    const { body, user, cookie } = await signedUpDriver();
    expect((await call('/api/auth/user', { cookie })).status).toBe(200);

    const res = await act(user.id, 'suspend', '  Chargeback fraud  ');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, suspendedAt: expect.any(String) });
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
    const refused = await signIn(body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: SUSPENDED_MESSAGE });
    // A wrong password still says only that, whatever the account's state.
    expect((await signIn({ ...body, password: 'wrong password' })).status).toBe(401);
    expect((await act(user.id, 'suspend')).status).toBe(409);

    expect((await act(user.id, 'reactivate')).status).toBe(200);
    expect((await signIn(body)).status).toBe(200);
    expect((await act(user.id, 'reactivate')).status).toBe(409);
    const entries = await db().select().from(auditLogs).where(eq(auditLogs.subject, `user:${user.id}`));
    expect(entries.map((e) => e.action).sort()).toEqual(['REACTIVATE_USER', 'SUSPEND_USER']);
    expect(entries.find((e) => e.action === 'SUSPEND_USER')?.contextJson).toContain('"reason":"Chargeback fraud"');
  });

  it('refuses the admin’s own account and unknown users', async () => {
    const me = (await findUserByEmail(db(), 'admin@parkada.ph'))!;
    const own = await act(me.id, 'suspend');
    expect(own.status).toBe(409);
    expect((await call('/api/auth/user', { cookie: adminCookie })).status).toBe(200);
    expect((await act(crypto.randomUUID(), 'suspend')).status).toBe(404);
    expect((await call(`/api/admin/users/${me.id}/delete`, { method: 'POST', json: {}, cookie: adminCookie })).status).toBe(400);
  });

  it('lists users newest first in pages, searched by name or e-mail and by role', async () => {
    const { user } = await signedUpDriver();
    const found = (await (await admin.users.$get({ query: { q: user.email.toUpperCase() } })).json()) as { items: { id: string; suspendedAt: string | null }[] };
    expect(found.items).toEqual([expect.objectContaining({ id: user.id, suspendedAt: null })]);
    expect(JSON.stringify(found)).not.toContain('password');
    const admins = (await (await admin.users.$get({ query: { role: 'super_admin' } })).json()) as { items: { role: string }[] };
    expect(admins.items.every((u) => u.role === 'super_admin')).toBe(true);
    const pages = await walkPages(async (cursor) => (await admin.users.$get({ query: { limit: '2', ...(cursor ? { cursor } : {}) } })).json() as Promise<{ items: { id: string }[]; nextCursor: string | null }>);
    const ids = pages.flat().map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(user.id);
  });
});
