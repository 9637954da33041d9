/** Suspending users and changing roles against the real D1 and KV: each takes effect at the next request, each change audited. */
import { env } from 'cloudflare:test';
import { and, eq, inArray } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app';
import { SUSPENDED_MESSAGE } from '../auth/auth.service';
import { createDb } from '../db/client';
import { auditLogs, users } from '../db/schema';
import { findUserByEmail } from '../users/users.data';
import { changeRole as changeRoleOf, changeSuspension, LAST_ADMIN } from './users.service';
import { call, cookieFor, db, seedOnce, signedInAccount, signupBody, walkPages } from '../test/helpers';
import { Refusal } from '../../core/refusal';
import { refusalResponse } from '../http/errors';

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

const act = (id: string, action: 'suspend' | 'reactivate', reason?: string) =>
  admin.users[':id'][':action'].$post({ param: { id, action }, json: { reason } });
const signIn = (body: { email: string; password: string }) =>
  call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password } });

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
    const entries = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `user:${user.id}`));
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
    const found = (await (await admin.users.$get({ query: { q: user.email.toUpperCase() } })).json()) as {
      items: { id: string; suspendedAt: string | null }[];
    };
    expect(found.items).toEqual([expect.objectContaining({ id: user.id, suspendedAt: null })]);
    expect(JSON.stringify(found)).not.toContain('password');
    const admins = (await (await admin.users.$get({ query: { role: 'super_admin' } })).json()) as { items: { role: string }[] };
    expect(admins.items.every((u) => u.role === 'super_admin')).toBe(true);
    const pages = await walkPages(
      async (cursor) =>
        (await admin.users.$get({ query: { limit: '2', ...(cursor ? { cursor } : {}) } })).json() as Promise<{
          items: { id: string }[];
          nextCursor: string | null;
        }>,
    );
    const ids = pages.flat().map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(user.id);
  });
});

const changeRole = (id: string, role: string, reason?: string) =>
  call(`/api/admin/users/${id}/role`, { method: 'POST', cookie: adminCookie, json: { role, reason } });

describe('changing roles', () => {
  it('takes effect at the user’s next request, in the session they already have, and is audited with both roles', async () => {
    const { user, cookie } = await signedUpDriver();
    expect((await call('/api/owner/lots', { cookie })).status).toBe(403);

    const res = await admin.users[':id'].role.$post({
      param: { id: user.id },
      json: { role: 'owner_admin', reason: '  Runs the Ayala lots  ' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, role: 'owner_admin' });
    expect((await call('/api/owner/lots', { cookie })).status).toBe(200);
    expect(await (await call('/api/auth/user', { cookie })).json()).toMatchObject({ role: 'owner_admin' });

    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subject, `user:${user.id}`), eq(auditLogs.action, 'ROLE_CHANGE')));
    expect(JSON.parse(entry.contextJson)).toEqual({
      email: user.email,
      from: 'parking_user',
      to: 'owner_admin',
      reason: 'Runs the Ayala lots',
    });
  });

  it('refuses the same role, the admin’s own role, unknown users and unknown roles, changing nothing', async () => {
    const { user } = await signedUpDriver();
    const same = await changeRole(user.id, 'parking_user');
    expect(same.status).toBe(409);
    expect(await same.json()).toEqual({ message: 'This user already has that role.' });
    const me = (await findUserByEmail(db(), 'admin@parkada.ph'))!;
    const own = await changeRole(me.id, 'parking_user');
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ message: 'You cannot change your own role.' });
    expect((await findUserByEmail(db(), 'admin@parkada.ph'))!.role).toBe('super_admin');
    expect((await changeRole(crypto.randomUUID(), 'attendant')).status).toBe(404);
    for (const role of ['root', '', undefined]) {
      const refused = await changeRole(user.id, role as string);
      expect(refused.status, String(role)).toBe(400);
      expect(await refused.json()).toHaveProperty('message');
    }
    expect((await changeRole('not-a-uuid', 'attendant')).status).toBe(400);
    expect((await findUserByEmail(db(), user.email))!.role).toBe('parking_user');
    const entries = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'ROLE_CHANGE'), inArray(auditLogs.subject, [`user:${user.id}`, `user:${me.id}`])));
    expect(entries).toEqual([]);
  });

  it('refuses, changing nothing, when another admin changed the role between the read and the write', async () => {
    const { user } = await signedUpDriver();
    const me = (await findUserByEmail(db(), 'admin@parkada.ph'))!;
    // D1 whose next batch runs just after another admin made the user an attendant.
    const raced = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare("UPDATE users SET role = 'attendant' WHERE id = ?").bind(user.id).run();
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(
      changeRoleOf({ env: { ...env, DB: raced }, db: createDb(raced), admin: me }, user.id, 'owner_admin', undefined),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect((await findUserByEmail(db(), user.email))!.role).toBe('attendant');
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'ROLE_CHANGE'), eq(auditLogs.subject, `user:${user.id}`))),
    ).toEqual([]);
  });

  it('takes the super admin’s console away at the demoted admin’s next request', async () => {
    const { user, cookie } = await signedUpDriver();
    expect((await changeRole(user.id, 'super_admin')).status).toBe(200);
    expect((await call('/api/admin/users', { cookie })).status).toBe(200);
    expect((await changeRole(user.id, 'attendant')).status).toBe(200);
    expect((await call('/api/admin/users', { cookie })).status).toBe(403);
  });
});

describe('the platform keeps an admin', () => {
  const activeAdmins = async () =>
    (await db().select().from(users).where(eq(users.role, 'super_admin'))).filter((user) => !user.suspendedAt).map((user) => user.id);

  /** A second super admin, and what each of the two may send. */
  async function twoAdmins() {
    const me = (await findUserByEmail(db(), 'admin@parkada.ph'))!;
    const other = await signedInAccount('super_admin');
    return { me, other: other.user, otherCookie: other.cookie };
  }

  /** D1 whose next batch runs just after `sql` (another admin's act, committed a moment earlier). */
  const racedBy = (sql: string, id: string) =>
    new Proxy(env.DB, {
      get(target, property) {
        if (property === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare(sql).bind(id).run();
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  it('refuses to demote or suspend an admin once the other admin was demoted between the read and the write', async () => {
    for (const act of [
      (ctx: Parameters<typeof changeRoleOf>[0], id: string) => changeRoleOf(ctx, id, 'parking_user', undefined),
      (ctx: Parameters<typeof changeSuspension>[0], id: string) => changeSuspension(ctx, id, 'suspend', undefined),
    ]) {
      const { me, other } = await twoAdmins();
      // `other` demotes `me` while `me` demotes (or suspends) `other`: `me`'s write comes second.
      const raced = racedBy("UPDATE users SET role = 'parking_user' WHERE id = ?", me.id);
      const refusal = await act({ env: { ...env, DB: raced }, db: createDb(raced), admin: me }, other.id).catch((error: Refusal) => error);
      expect(refusal).toBeInstanceOf(Refusal);
      expect(await refusalResponse(refusal as Refusal).json()).toEqual({ message: LAST_ADMIN });
      expect(await activeAdmins()).toEqual([other.id]);
      await db().update(users).set({ role: 'super_admin' }).where(eq(users.id, me.id));
      await db().update(users).set({ role: 'parking_user' }).where(eq(users.id, other.id));
    }
  });

  it('leaves one active admin when two admins demote or suspend each other at the same moment, over and over', async () => {
    for (const [round, path] of ['role', 'suspend', 'role', 'suspend'].entries()) {
      const { me, other, otherCookie } = await twoAdmins();
      const send = (cookie: string, id: string) =>
        path === 'role'
          ? call(`/api/admin/users/${id}/role`, { method: 'POST', cookie, json: { role: 'parking_user' } })
          : call(`/api/admin/users/${id}/suspend`, { method: 'POST', cookie, json: {} });
      const answers = await Promise.all([send(adminCookie, other.id), send(otherCookie, me.id)]);
      const statuses = answers.map((res) => res.status).sort();
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect([401, 403, 409]).toContain(statuses[1]);
      expect(await activeAdmins(), `round ${round}`).toHaveLength(1);
      // Put the demo admin back as the only admin for the next round.
      await db().update(users).set({ role: 'super_admin', suspendedAt: null }).where(eq(users.id, me.id));
      await db().update(users).set({ role: 'parking_user', suspendedAt: null }).where(eq(users.id, other.id));
      adminCookie = await cookieFor('super_admin');
    }
  });
});
