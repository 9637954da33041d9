import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, CURRENT_VERSIONS } from '../../core/legal';
import { HOUR_MS, MINUTE_MS } from '../../core/time';
import { LINK_NOT_VALID, PASSWORD_RESET_SENT, type LinkType } from '../../core/verification';
import { earlyRegistrations, notifications, ownerApplications, preferences, users, verifications, wallets } from '../db/schema';
import type { ApiErrorBody } from '../test/api-types';
import { call, db, messageOf, ORIGIN, sessionCookie, signupBody } from '../test/helpers';
import { openMailbox, sentTo, tokenIn, waitForMail, waitForSubject } from '../test/mailbox';
import { SUSPENDED_MESSAGE } from './auth.service';
import { DEVICE_COOKIE } from './device-cookie';
import { MAX_LINKS_PER_EMAIL } from './rate-limit';
import { consumeVerification, prepareVerification, sha256Hex } from '../verification/verification.service';

beforeAll(openMailbox);

const signup = (body: Record<string, unknown>, headers?: HeadersInit) => call('/api/auth/signup', { method: 'POST', json: body, headers });
const userCount = async () => (await db().select({ n: count() }).from(users))[0].n;

describe('sign-up', () => {
  it('creates a driver with wallet, preferences and a session cookie', async () => {
    const body = signupBody({ email: 'Juana.Luna@Example.PH' });
    const res = await signup(body);
    expect(res.status).toBe(201);
    const { user } = await res.json<{ user: Record<string, unknown> }>();
    expect(user).toMatchObject({ email: 'juana.luna@example.ph', firstName: 'Liza', role: 'parking_user', phone: '+639175551234' });
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

/** A new driver signed up through the API, and their verification e-mail once the Queue has sent it. */
async function signedUp() {
  const body = signupBody();
  const res = await signup(body);
  expect(res.status).toBe(201);
  const [email] = await waitForMail(body.email);
  return { ...body, cookie: sessionCookie(res), email: body.email, verificationMail: email };
}

const me = async (cookie: string) => (await call('/api/auth/user', { cookie })).json<{ emailVerified: boolean }>();
const verify = (token: string) => call('/api/auth/verify-email', { method: 'POST', json: { token } });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('verified addresses', () => {
  it('e-mails a link at sign-up, stored only as a hash, that verifies the address once', async () => {
    const { email, cookie, verificationMail } = await signedUp();
    expect(verificationMail.subject).toBe('Confirm your e-mail address');
    const token = tokenIn(verificationMail);
    expect(verificationMail.html).toContain(`${ORIGIN}/verify-email?token=${token}`);
    const [stored] = await db().select().from(verifications).where(eq(verifications.target, email));
    expect(stored).toMatchObject({ type: 'verify-email', tokenHash: await sha256Hex(token) });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await me(cookie)).toMatchObject({ emailVerified: false });

    expect((await verify(token)).status).toBe(200);
    expect(await me(cookie)).toMatchObject({ emailVerified: true });
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(LINK_NOT_VALID);
  });

  it.each<[LinkType, number]>([
    ['verify-email', 24 * HOUR_MS],
    ['reset-password', 30 * MINUTE_MS],
    ['invitation', 7 * 24 * HOUR_MS],
    ['change-email', 24 * HOUR_MS],
  ])('a %s link works until its lifetime ends, not a moment after', async (type, lifetime) => {
    const target = signupBody().email;
    const now = Date.parse('2026-11-23T04:00:00.000Z');
    const late = await prepareVerification(db(), { type, target, origin: ORIGIN, now });
    await expect(consumeVerification(db(), type, tokenOf(late.link), now + lifetime)).rejects.toThrow(LINK_NOT_VALID);
    const inTime = await prepareVerification(db(), { type, target, origin: ORIGIN, now });
    await expect(
      consumeVerification(db(), type === 'verify-email' ? 'reset-password' : 'verify-email', tokenOf(inTime.link), now),
    ).rejects.toThrow(LINK_NOT_VALID);
    expect(await consumeVerification(db(), type, tokenOf(inTime.link), now + lifetime - 1)).toBe(target);
  });

  it('Resend sends a new link, the earlier one stops working, and a few an hour at most', async () => {
    const { email, cookie, verificationMail } = await signedUp();
    const resend = () => call('/api/auth/verify-email/resend', { method: 'POST', cookie });
    for (let sent = 1; sent <= MAX_LINKS_PER_EMAIL; sent++) expect((await resend()).status).toBe(204);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^Too many e-mails asked for\. Try again in \d+ minutes\.$/);
    const mails = await waitForMail(email, 1 + MAX_LINKS_PER_EMAIL);
    expect((await verify(tokenIn(verificationMail))).status).toBe(400);
    expect((await verify(tokenIn(mails.at(-1)!))).status).toBe(200);
    expect((await resend()).status).toBe(409);
  });
});

describe('password reset', () => {
  const requestReset = (email: string, ip?: string) =>
    call('/api/auth/password-reset', { method: 'POST', json: { email }, headers: ip ? { 'CF-Connecting-IP': ip } : {} });
  const confirm = (token: string, password: string) =>
    call('/api/auth/password-reset/confirm', { method: 'POST', json: { token, password } });
  const signIn = (email: string, password: string) => call('/api/auth/login', { method: 'POST', json: { email, password } });

  it('answers the same whether or not an account has the address, and e-mails only the account', async () => {
    const { email } = await signedUp();
    const stranger = signupBody().email;
    const answers = [await requestReset(stranger), await requestReset(email)];
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    }
    const [, reset] = await waitForMail(email, 2);
    expect(reset.subject).toBe('Set a new Parkada password');
    expect(sentTo(stranger)).toEqual([]);
  });

  it('sets the new password once, ends every session, verifies the address and sends the security notice', async () => {
    const { email, password, cookie } = await signedUp();
    const otherDevice = sessionCookie(await signIn(email, password));
    expect((await requestReset(email)).status).toBe(202);
    const reset = await waitForSubject(email, 'Set a new Parkada password');
    const token = tokenIn(reset);
    expect(reset.text).toContain(`${ORIGIN}/reset-password?token=${token}`);

    expect((await confirm(token, 'a brand new secret')).status).toBe(204);
    for (const session of [cookie, otherDevice]) expect((await call('/api/auth/user', { cookie: session })).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    const signedIn = await signIn(email, 'a brand new secret');
    expect(signedIn.status).toBe(200);
    expect(await me(sessionCookie(signedIn))).toMatchObject({ emailVerified: true });
    await waitForSubject(email, 'Your Parkada password was changed');

    const again = await confirm(token, 'yet another secret');
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(LINK_NOT_VALID);
  });

  it('keeps the password rules, and a refused password leaves the link unused', async () => {
    const { email } = await signedUp();
    await requestReset(email);
    const token = tokenIn((await waitForMail(email, 2))[1]);
    const short = await confirm(token, 'short');
    expect(short.status).toBe(400);
    expect(await messageOf(short)).toBe('Password must be at least 8 characters.');
    expect((await confirm(token, 'long enough now')).status).toBe(204);
  });

  it('resets nothing for a suspended account', async () => {
    const { email } = await signedUp();
    const { link } = await prepareVerification(db(), { type: 'reset-password', target: email, origin: ORIGIN });
    await db().update(users).set({ suspendedAt: new Date().toISOString() }).where(eq(users.email, email));
    expect((await requestReset(email)).status).toBe(202);
    const res = await confirm(tokenOf(link), 'a brand new secret');
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(SUSPENDED_MESSAGE);
    // Only the verification e-mail of the sign-up: no reset link went to the suspended account.
    expect(sentTo(email)).toHaveLength(1);
  });

  it('limits the links asked for per address, known or not, and per client', async () => {
    const stranger = signupBody().email;
    for (let asked = 1; asked <= MAX_LINKS_PER_EMAIL; asked++) expect((await requestReset(stranger)).status).toBe(202);
    expect((await requestReset(stranger)).status).toBe(429);
    const ip = '2001:db8::beef';
    const answers = [];
    for (let asked = 0; asked < 11; asked++) answers.push((await requestReset(signupBody().email, ip)).status);
    expect(answers).toEqual([...Array(10).fill(202), 429]);
  });
});

describe('new sign-ins', () => {
  const NEW_SIGN_IN = 'A new sign-in to your Parkada account';
  const signIn = (email: string, password: string, cookie?: string) =>
    call('/api/auth/login', { method: 'POST', cookie, json: { email, password } });

  it('tells the address of a sign-in from a browser the account was not used on, never of one it knows', async () => {
    const { email, password } = await signedUp();
    const elsewhere = await signIn(email, password);
    expect(elsewhere.status).toBe(200);
    const notice = await waitForSubject(email, NEW_SIGN_IN);
    expect(notice.text).toContain('If not, set a new password now');
    // That browser is known from now on: signing in there again tells nobody.
    const device = elsewhere.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))!
      .split(';')[0];
    expect((await signIn(email, password, device)).status).toBe(200);
    const before = sentTo(email).length;
    // A later mail proves the queue has moved on past anything the known sign-in would have sent.
    expect((await call('/api/auth/password-reset', { method: 'POST', json: { email } })).status).toBe(202);
    await waitForMail(email, before + 1);
    expect(sentTo(email).filter((mail) => mail.subject === NEW_SIGN_IN)).toHaveLength(1);
  });

  it('names the browser and its system, never the User-Agent the client wrote', async () => {
    const { email, password } = await signedUp();
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Mobile Safari/537.36 Call 0917-555-0000 to keep your account';
    const res = await call('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'User-Agent': userAgent } });
    expect(res.status).toBe(200);
    const notice = await waitForSubject(email, NEW_SIGN_IN);
    expect(notice.text).toContain('from a browser it had not been used on before: Chrome 130 on Android.');
    expect(notice.text).not.toContain('0917');
    expect(notice.text).not.toContain('Mozilla');
  });
});
