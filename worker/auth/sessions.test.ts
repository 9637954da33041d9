import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../core/time';
import { sessions } from '../db/schema';
import { call, db, sessionCookie, signedInAs, signupBody } from '../test/helpers';
import { SESSION_COOKIE } from './session-cookie';
import { resolveSession, sessionKey } from './sessions.service';

const WEEK_SECONDS = 7 * 24 * 3600;
const signup = (body = signupBody()) => call('/api/auth/signup', { method: 'POST', json: body });
const newUser = async () => (await (await signup()).json<{ user: { id: string } }>()).user;
const idOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
const me = (cookie: string) => call('/api/auth/user', { cookie });
const kvEntryOf = async (cookie: string) => `session:${await sessionKey(idOf(cookie))}`;

describe('session cookie', () => {
  it('is a __Host- cookie: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, lasting the 7-day idle timeout', async () => {
    const res = await signup();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[0-9a-f]{64}; Max-Age=${WEEK_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax$`),
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    expect((await me(sessionCookie(res))).status).toBe(200);
  });

  it('answers 401 without a session, for an unknown one and for the old cookie name', async () => {
    expect((await call('/api/auth/user')).status).toBe(401);
    const unknown = await me(`${SESSION_COOKIE}=deadbeef`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: 'Please sign in to continue.' });
    const cookie = sessionCookie(await signup());
    expect((await me(`parkada_session=${idOf(cookie)}`)).status).toBe(401);
  });
});

describe('session storage', () => {
  it('keeps only a SHA-256 of the session id, in KV and in D1', async () => {
    const res = await signup();
    const { user } = await res.json<{ user: { id: string } }>();
    const sessionId = idOf(sessionCookie(res));
    const key = await sessionKey(sessionId);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(sessionId);

    const { keys } = await env.SESSIONS.list();
    expect(keys.map((k) => k.name)).toContain(`session:${key}`);
    for (const { name } of keys) {
      expect(name).not.toContain(sessionId);
      expect(await env.SESSIONS.get(name)).not.toContain(sessionId);
    }
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toMatchObject([{ id: key, revokedAt: null }]);
  });

  it('expires the KV entry with the session: 7 days after sign-in', async () => {
    const cookie = sessionCookie(await signup());
    const { keys } = await env.SESSIONS.list({ prefix: await kvEntryOf(cookie) });
    const expiresIn = keys[0].expiration! - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(WEEK_SECONDS - 60);
    expect(expiresIn).toBeLessThanOrEqual(WEEK_SECONDS + 1);
  });
});

describe('session lifetime', () => {
  it('slides a day-old session: a fresh 7 days in KV and in the cookie, at most once a day', async () => {
    const { id } = await newUser();
    const fresh = await signedInAs(id);
    expect((await me(fresh)).headers.get('Set-Cookie')).toBeNull();

    const cookie = await signedInAs(id, Date.now() - 2 * DAY_MS);
    const res = await me(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toBe(`${cookie}; Max-Age=${WEEK_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    const stored = await env.SESSIONS.get<{ refreshedAt: number }>(await kvEntryOf(cookie), 'json');
    expect(stored!.refreshedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await me(cookie)).headers.get('Set-Cookie')).toBeNull();
  });

  it('ends a session unused for 7 days', async () => {
    const { id } = await newUser();
    const nearly = await signedInAs(id, Date.now() - 7 * DAY_MS + HOUR_MS);
    expect((await me(nearly)).status).toBe(200);

    const idle = await signedInAs(id, Date.now() - 7 * DAY_MS - 1000);
    expect((await me(idle)).status).toBe(401);
    expect(await env.SESSIONS.get(await kvEntryOf(idle))).toBeNull();
  });

  it('ends a session 30 days after sign-in, however active', async () => {
    const { id } = await newUser();
    const signedIn = Date.now() - 30 * DAY_MS - HOUR_MS;
    const cookie = await signedInAs(id, signedIn);
    // Used every few days since: each use slides the idle deadline, never the 30 days.
    for (let day = 5; day <= 29; day += 4) {
      const used = await resolveSession(env.SESSIONS, db(), idOf(cookie), signedIn + day * DAY_MS);
      expect(used).toMatchObject({ user: { id }, slid: true });
    }
    expect((await me(cookie)).status).toBe(401);
    expect(await env.SESSIONS.get(await kvEntryOf(cookie))).toBeNull();
  });

  it('gives the cookie only what is left of the 30 days when that is under a week', async () => {
    const { id } = await newUser();
    const signedIn = Date.now() - 29 * DAY_MS - 12 * HOUR_MS;
    const cookie = await signedInAs(id, signedIn);
    for (let day = 6; day <= 24; day += 6) await resolveSession(env.SESSIONS, db(), idOf(cookie), signedIn + day * DAY_MS);
    const res = await me(cookie);
    expect(res.status).toBe(200);
    const maxAge = Number(res.headers.get('Set-Cookie')!.match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
  });

  it('signing in on a request whose old session slides keeps the new session', async () => {
    const body = signupBody();
    const { user } = await (await signup(body)).json<{ user: { id: string } }>();
    const old = await signedInAs(user.id, Date.now() - 2 * DAY_MS);
    const res = await call('/api/auth/login', { method: 'POST', cookie: old, json: { email: body.email, password: body.password } });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).not.toContain(idOf(old));
  });
});

describe('signing out', () => {
  it('log out ends this session: KV entry deleted, D1 row revoked, cookie cleared', async () => {
    const res = await signup();
    const { user } = await res.json<{ user: { id: string } }>();
    const cookie = sessionCookie(res);
    const out = await call('/api/logout', { cookie, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/');
    expect(out.headers.get('Set-Cookie')).toBe(`${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(await env.SESSIONS.get(await kvEntryOf(cookie))).toBeNull();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.revokedAt).not.toBeNull();
    expect((await me(cookie)).status).toBe(401);
  });

  it.each(['cross-site', 'same-site'])('ignores a log-out link followed from another site (%s)', async (site) => {
    const cookie = sessionCookie(await signup());
    const out = await call('/api/logout', { cookie, redirect: 'manual', headers: { 'Sec-Fetch-Site': site } });
    expect(out.status).toBe(302);
    expect(out.headers.get('Set-Cookie')).toBeNull();
    expect((await me(cookie)).status).toBe(200);
  });

  it('sign out of all devices ends every session of the user and no one else’s', async () => {
    const body = signupBody();
    const phone = sessionCookie(await signup(body));
    const laptop = sessionCookie(await call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password } }));
    const { id: userId } = await (await me(laptop)).json<{ id: string }>();
    const someoneElse = sessionCookie(await signup());
    expect((await me(phone)).status).toBe(200);

    const out = await call('/api/auth/logout-all', { method: 'POST', cookie: laptop });
    expect(out.status).toBe(204);
    expect(out.headers.get('Set-Cookie')).toBe(`${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(someoneElse)).status).toBe(200);

    const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    for (const cookie of [phone, laptop]) expect(await env.SESSIONS.get(await kvEntryOf(cookie))).toBeNull();
  });

  it('a KV entry that outlives the sign-out (KV deletes take time to reach every location) signs no one in', async () => {
    const cookie = sessionCookie(await signup());
    const entry = await kvEntryOf(cookie);
    const stale = (await env.SESSIONS.get(entry))!;
    expect((await call('/api/auth/logout-all', { method: 'POST', cookie })).status).toBe(204);
    await env.SESSIONS.put(entry, stale);
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses sign out of all devices from another site and without a session', async () => {
    const cookie = sessionCookie(await signup());
    const forged = await call('/api/auth/logout-all', { method: 'POST', cookie, headers: { Origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
    const anonymous = await call('/api/auth/logout-all', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: 'Please sign in to continue.' });
  });
});
