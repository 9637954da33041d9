import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, CURRENT_VERSIONS } from '../../core/legal';
import { earlyRegistrations, notifications, ownerApplications, preferences, users, wallets } from '../db/schema';
import type { ApiErrorBody } from '../test/api-types';
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

    expect(res.headers.get('Set-Cookie')).toMatch(/^__Host-parkada_session=[0-9a-f]{64};/);
    const me = await call('/api/auth/user', { cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'juana.luna@example.ph' });

    const id = user.id as string;
    expect(await db().select().from(wallets).where(eq(wallets.userId, id))).toHaveLength(1);
    expect(await db().select().from(preferences).where(eq(preferences.userId, id))).toMatchObject([
      { theme: 'system', defaultDuration: '2' },
    ]);
    const [stored] = await db().select().from(users).where(eq(users.id, id));
    expect(stored.passwordHash).toMatch(/^pbkdf2\$100000\$/);
    // Which Terms and Privacy Policy were accepted, and when (docs/privacy.md).
    expect(stored).toMatchObject(CURRENT_VERSIONS);
    expect(Date.parse(stored.termsAcceptedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(['space_owner', 'business_owner', 'property_manager'])(
    'signs a %s up as a driver with a pending owner application',
    async (role) => {
      const res = await signup(signupBody({ role }));
      expect(res.status).toBe(201);
      const { user } = await res.json<{ user: { id: string; role: string } }>();
      expect(user.role).toBe('parking_user');
      const apps = await db().select().from(ownerApplications).where(eq(ownerApplications.userId, user.id));
      expect(apps).toMatchObject([{ status: 'pending', applicantRole: role }]);
      const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
      expect(notes.map((n) => n.title)).toContain('Owner application received');
    },
  );

  it('refuses a second account for the same e-mail with 409', async () => {
    const body = signupBody();
    expect((await signup(body)).status).toBe(201);
    const before = await userCount();
    const again = await signup({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'An account with this e-mail already exists. Sign in instead.' });
    expect(await userCount()).toBe(before);
  });

  it('answers two simultaneous sign-ups with one e-mail with one 201 and one 409, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const body = signupBody();
      const answers = await Promise.all([signup(body), signup(body)]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
      const refused = answers.find((res) => res.status === 409)!;
      expect(await refused.json()).toMatchObject({ message: 'An account with this e-mail already exists. Sign in instead.' });
      expect(refused.headers.get('Set-Cookie')).toBeNull();
      const accounts = await db().select().from(users).where(eq(users.email, body.email));
      expect(accounts).toHaveLength(1);
      expect(await db().select().from(wallets).where(eq(wallets.userId, accounts[0].id))).toHaveLength(1);
    }
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
    [{ termsVersion: undefined }, CONSENT_MESSAGES.missing],
    [{ privacyVersion: '2020-01-01' }, CONSENT_MESSAGES.stale],
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
    const body = await res.json<ApiErrorBody>();
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

describe('sign-in', () => {
  const login = (email: string, password: string, ip = '198.51.100.7') =>
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
