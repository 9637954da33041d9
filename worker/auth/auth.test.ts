import { env } from 'cloudflare:test';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { earlyRegistrations, notifications, ownerApplications, preferences, users, wallets } from '../db/schema';
import { createSession } from './sessions';
import { call, db, sessionCookie, signupBody } from '../test/helpers';

const signup = (body: Record<string, unknown>, headers?: HeadersInit) => call('/api/auth/signup', { method: 'POST', json: body, headers });
const userCount = async () => (await db().select({ n: count() }).from(users))[0].n;

describe('sign-up', () => {
  it('creates a driver with wallet, preferences and a session cookie', async () => {
    const body = signupBody({ email: 'Juana.Luna@Example.PH' });
    const res = await signup(body);
    expect(res.status).toBe(201);
    const { user } = await res.json<{ user: Record<string, unknown> }>();
    expect(user).toMatchObject({ email: 'juana.luna@example.ph', firstName: 'Liza', role: 'parking_user', phone: '+63 917-5551234' });
    expect(user).not.toHaveProperty('passwordHash');

    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^parkada_session=[0-9a-f]{64};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');

    const me = await call('/api/auth/user', { cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'juana.luna@example.ph' });

    const id = user.id as string;
    expect(await db().select().from(wallets).where(eq(wallets.userId, id))).toHaveLength(1);
    expect(await db().select().from(preferences).where(eq(preferences.userId, id))).toMatchObject([{ theme: 'system', defaultDuration: '2' }]);
    const [stored] = await db().select().from(users).where(eq(users.id, id));
    expect(stored.passwordHash).toMatch(/^pbkdf2\$100000\$/);
  });

  it.each(['space_owner', 'business_owner', 'property_manager'])('signs a %s up as a driver with a pending owner application', async (role) => {
    const res = await signup(signupBody({ role }));
    expect(res.status).toBe(201);
    const { user } = await res.json<{ user: { id: string; role: string } }>();
    expect(user.role).toBe('parking_user');
    const apps = await db().select().from(ownerApplications).where(eq(ownerApplications.userId, user.id));
    expect(apps).toMatchObject([{ status: 'pending', applicantRole: role }]);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.title)).toContain('Owner application received');
  });

  it('refuses a second account for the same e-mail with 409', async () => {
    const body = signupBody();
    expect((await signup(body)).status).toBe(201);
    const before = await userCount();
    const again = await signup({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'An account with this e-mail already exists. Sign in instead.' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ firstName: '' }, 'Please fill in: First Name'],
    [{ lastName: '   ' }, 'Please fill in: Last Name'],
    [{ email: 'juan@example' }, 'Please enter a valid email address.'],
    [{ mobile: '' }, 'Please fill in: Mobile Number'],
    [{ mobile: '+63 9171234567' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
    [{ mobile: '+99 917-1234567' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
    [{ role: 'owner_admin' }, 'Please fill in: Role'],
    [{ password: 'short' }, 'Password must be at least 8 characters.'],
    [{ firstName: 42 }, 'Please fill in: First Name'],
  ])('answers %j with 400 "%s" and creates nothing', async (override, message) => {
    const before = await userCount();
    const res = await signup(signupBody(override));
    expect(res.status).toBe(400);
    const body = await res.json<{ message: string; issues: unknown[] }>();
    expect(body.message).toBe(message);
    expect(body.issues.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await call('/api/auth/signup', { method: 'POST', body: '{"firstName":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.message).toMatch(/JSON/);
    expect(body.issues).toEqual([{ path: '', message: body.message }]);
  });

  it('refuses a cross-site sign-up (CSRF) and creates nothing', async () => {
    const before = await userCount();
    const res = await signup(signupBody(), { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Cross-site request refused.' });
    const site = await signup(signupBody(), { 'Sec-Fetch-Site': 'cross-site' });
    expect(site.status).toBe(403);
    expect(await userCount()).toBe(before);
    const same = await signup(signupBody(), { Origin: 'https://parkada.test', 'Sec-Fetch-Site': 'same-origin' });
    expect(same.status).toBe(201);
  });
});

describe('sign-in and sessions', () => {
  const login = (email: string, password: string, ip = '203.0.113.7') =>
    call('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'CF-Connecting-IP': ip } });

  it('signs in with the right password only', async () => {
    const body = signupBody();
    await signup(body);
    const wrong = await login(body.email, 'not the password', '198.51.100.1');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Incorrect e-mail or password.' });
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
    const unknown = await login('nobody@example.ph', 'whatever1', '198.51.100.1');
    expect(unknown.status).toBe(401);
    const ok = await login(body.email.toUpperCase(), body.password, '198.51.100.1');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { email: body.email } });
    expect((await call('/api/auth/user', { cookie: sessionCookie(ok) })).status).toBe(200);
  });

  it('answers 400 with a message for missing fields', async () => {
    const res = await call('/api/auth/login', { method: 'POST', json: { email: 'a@b.ph' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please enter your password.' });
  });

  it('locks an e-mail out after 5 failures, even with the right password, per e-mail', async () => {
    const body = signupBody();
    await signup(body);
    for (let i = 0; i < 5; i++) expect((await login(body.email, 'bad guess', `192.0.2.${i}`)).status).toBe(401);
    const locked = await login(body.email, body.password, '192.0.2.99');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await locked.json<{ message: string }>()).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/);
  });

  it('locks an IP out after 20 failures across e-mails', async () => {
    for (let i = 0; i < 20; i++) await login(`guess${i}@example.ph`, 'bad guess', '192.0.2.200');
    const body = signupBody();
    await signup(body);
    expect((await login(body.email, body.password, '192.0.2.200')).status).toBe(429);
    expect((await login(body.email, body.password, '192.0.2.201')).status).toBe(200);
  });

  it('answers 401 without a session and for an unknown session', async () => {
    expect((await call('/api/auth/user')).status).toBe(401);
    const res = await call('/api/auth/user', { cookie: 'parkada_session=deadbeef' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Please sign in to continue.' });
  });

  it('stores the session in KV with an expiry and deletes it on log out', async () => {
    const res = await signup(signupBody());
    const cookie = sessionCookie(res);
    const key = `session:${cookie.split('=')[1]}`;
    const listed = await env.SESSIONS.list({ prefix: key });
    expect(listed.keys[0]?.expiration).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    const out = await call('/api/logout', { cookie, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/');
    expect(out.headers.get('Set-Cookie')).toMatch(/parkada_session=;.*Max-Age=0/);
    expect(await env.SESSIONS.get(key)).toBeNull();
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('slides a day-old session: the KV entry and the cookie both get a fresh 30 days', async () => {
    const { user } = await (await signup(signupBody())).json<any>();
    const fresh = `parkada_session=${await createSession(env.SESSIONS, user.id)}`;
    expect((await call('/api/auth/user', { cookie: fresh })).headers.get('Set-Cookie')).toBeNull();

    const sessionId = await createSession(env.SESSIONS, user.id, Date.now() - 2 * 24 * 3600 * 1000);
    const res = await call('/api/auth/user', { cookie: `parkada_session=${sessionId}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(new RegExp(`^parkada_session=${sessionId}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`));
    const stored = await env.SESSIONS.get<{ refreshedAt: number }>(`session:${sessionId}`, 'json');
    expect(stored!.refreshedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(['cross-site', 'same-site'])('ignores a log-out link followed from another site (%s)', async (site) => {
    const cookie = sessionCookie(await signup(signupBody()));
    const out = await call('/api/logout', { cookie, redirect: 'manual', headers: { 'Sec-Fetch-Site': site } });
    expect(out.status).toBe(302);
    expect(out.headers.get('Set-Cookie')).toBeNull();
    expect((await call('/api/auth/user', { cookie })).status).toBe(200);
  });

  it('signing in on a request whose old session slides keeps the new session', async () => {
    const { user } = await (await signup(signupBody({ email: 'slide.then.login@example.ph' }))).json<any>();
    const old = await createSession(env.SESSIONS, user.id, Date.now() - 2 * 24 * 3600 * 1000);
    const res = await call('/api/auth/login', { method: 'POST', cookie: `parkada_session=${old}`, json: { email: 'slide.then.login@example.ph', password: signupBody().password } });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).not.toContain(old);
  });
});

describe('early registration', () => {
  const register = (body: Record<string, unknown>) => call('/api/early-registration', { method: 'POST', json: body });
  const body = { firstName: 'Pia', lastName: 'Wurtzbach', email: 'pia@example.ph', mobile: '+63 917-7654321', role: 'business_owner' };

  it('stores a registration once per e-mail', async () => {
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...body, email: 'PIA@example.ph', firstName: 'Other' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyRegistered: true });
    const rows = await db().select().from(earlyRegistrations);
    expect(rows).toMatchObject([{ email: 'pia@example.ph', firstName: 'Pia', mobile: '+63 917-7654321' }]);
  });

  it('answers missing fields with the spec message', async () => {
    const res = await register({ ...body, email: 'x@example.ph', lastName: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please fill in: Last Name' });
  });
});
