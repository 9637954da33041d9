import { env } from 'cloudflare:test';
import { count, eq } from 'drizzle-orm';
import type { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../core/time';
import { users } from '../db/schema';
import { call, db, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';
import { hashPassword } from './password';
import { DEVICE_COOKIE, UNKNOWN_DEVICE } from './device-cookie';
import { SIGN_IN_WINDOW_MS, takeSignInAttempt } from './rate-limit';

const PASSWORD = 'correct horse battery';
const passwordHash = hashPassword(PASSWORD);

/** An account made straight in D1, so sign-ups from the tests' addresses do not spend their own limit. */
async function account() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  await createAccount(db(), { ...fields, phone, passwordHash: await passwordHash, signupRole: 'parking_user' });
  return fields.email;
}

const login = (email: string, password: string, ip: string, cookie?: string) =>
  call('/api/auth/login', { method: 'POST', json: { email, password }, cookie, headers: { 'CF-Connecting-IP': ip } });
/** The device cookie a sign-in answer set, as a browser sends it back. */
const deviceCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    .split(';')[0];
/** A browser that signed in to the account once: a known device of it. */
async function knownDevice(email: string, ip: string) {
  const res = await login(email, PASSWORD, ip);
  expect(res.status).toBe(200);
  return deviceCookieOf(res);
}
const signup = (body: Record<string, unknown>, ip: string) =>
  call('/api/auth/signup', { method: 'POST', json: body, headers: { 'CF-Connecting-IP': ip } });
const statuses = (answers: Response[]) => answers.map((res) => res.status);
const tally = (answers: Response[], status: number) => statuses(answers).filter((s) => s === status).length;

async function expectSignInRefused(res: Response) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers.get('Retry-After'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  expect(await res.json()).toEqual({ message: `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.` });
}

describe('sign-in attempt limits', () => {
  it('answers 40 parallel wrong passwords for one e-mail from one client with 5 × 401 and 35 × 429', async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(email, 'bad guess', '192.0.2.10')));
    expect(tally(answers, 401)).toBe(5);
    expect(tally(answers, 429)).toBe(35);
    await expectSignInRefused(answers.find((res) => res.status === 429)!);

    // Locked for this e-mail from this client, even with the right password...
    await expectSignInRefused(await login(email, PASSWORD, '192.0.2.10'));
    // ...but not for the person behind another address.
    const elsewhere = await login(email, PASSWORD, '192.0.2.11');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('Set-Cookie')).toMatch(/^__Host-parkada_session=/);
  });

  it('forgets a client’s failures for an account once it signs in', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) expect((await login(email, 'bad guess', '192.0.2.20')).status).toBe(401);
    expect((await login(email, PASSWORD, '192.0.2.20')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'bad guess', '192.0.2.20')).status).toBe(401);
    await expectSignInRefused(await login(email, PASSWORD, '192.0.2.20'));
  });

  it('stops one client after 20 failures across e-mails', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`guess${i}@example.ph`, 'bad guess', '192.0.2.30')));
    expect(tally(answers, 401)).toBe(20);
    expect(tally(answers, 429)).toBe(10);
    const email = await account();
    await expectSignInRefused(await login(email, PASSWORD, '192.0.2.30'));
    expect((await login(email, PASSWORD, '192.0.2.31')).status).toBe(200);
  });

  it('counts only failures against a client: many people signing in behind one address are not stopped', async () => {
    const emails = await Promise.all(Array.from({ length: 25 }, () => account()));
    // One after another: an attempt counts while its password is being checked, and is given back on success.
    for (const email of emails) expect((await login(email, PASSWORD, '192.0.2.40')).status).toBe(200);
    expect((await login(emails[0], 'bad guess', '192.0.2.40')).status).toBe(401);
  });

  it('sets a signed device cookie at sign-in: __Host-, HttpOnly, Secure, SameSite=Lax, for a year', async () => {
    const email = await account();
    const res = await login(email, PASSWORD, '203.0.113.250');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax$`),
    );
    // Signing in again from it keeps its device id.
    const again = deviceCookieOf(await login(email, PASSWORD, '203.0.113.250', deviceCookieOf(res)));
    const jti = (token: string) => JSON.parse(atob(token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/'))).jti;
    expect(jti(again.split('=')[1])).toBe(jti(cookie.split(';')[0].split('=')[1]));
  });

  it('a stranger’s guesses from many addresses lock out unknown devices only: the known device still signs in', async () => {
    const email = await account();
    const home = await knownDevice(email, '198.51.100.1');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, 'bad guess', `203.0.113.${i}`)));
    expect(tally(answers, 401)).toBe(10);
    expect(tally(answers, 429)).toBe(20);
    // An unknown device is refused even with the right password, and so is a forged or another account's cookie...
    await expectSignInRefused(await login(email, PASSWORD, '203.0.113.200'));
    await expectSignInRefused(await login(email, PASSWORD, '203.0.113.201', `${DEVICE_COOKIE}=${home.split('=')[1]}x`));
    const other = await account();
    await expectSignInRefused(await login(email, PASSWORD, '203.0.113.202', await knownDevice(other, '203.0.113.202')));
    // ...while the device that signed in before does, from wherever it is now.
    const res = await login(email, PASSWORD, '198.51.100.99', home);
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(/^__Host-parkada_session=/);
  });

  it('limits a known device’s own failures, which spend neither another device’s count nor the unknown devices’', async () => {
    const email = await account();
    const phone = await knownDevice(email, '198.51.100.2');
    const laptop = await knownDevice(email, '198.51.100.3');
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, 'bad guess', `192.0.2.${100 + i}`, phone)));
    expect(tally(guesses, 401)).toBe(10);
    expect(tally(guesses, 429)).toBe(2);
    await expectSignInRefused(await login(email, PASSWORD, '192.0.2.150', phone));
    expect((await login(email, PASSWORD, '192.0.2.151', laptop)).status).toBe(200);
    expect((await login(email, PASSWORD, '192.0.2.152')).status).toBe(200);
  });

  it('does not hold a refusal for the account against the client', async () => {
    const email = await account();
    const t0 = Date.now() + DAY_MS;
    const attempt = (ip: string, now: number) =>
      takeSignInAttempt(env, email, ip, UNKNOWN_DEVICE, now).then(
        () => 'taken',
        (error: HTTPException) => error.status,
      );
    for (let i = 0; i < 10; i++) expect(await attempt(`203.0.113.${i}`, t0)).toBe('taken');
    // Ten minutes on, unknown devices are still locked out: this client is refused five times...
    for (let i = 0; i < 5; i++) expect(await attempt('198.51.100.7', t0 + 10 * MINUTE_MS)).toBe(429);
    // ...and once the account's window has moved on, all five of its own attempts are still there.
    const later = t0 + SIGN_IN_WINDOW_MS + 1;
    for (let i = 0; i < 5; i++) expect(await attempt('198.51.100.7', later)).toBe('taken');
    expect(await attempt('198.51.100.7', later)).toBe(429);
  });
});

describe('sign-up attempt limits', () => {
  it('allows 10 sign-ups an hour from one client, then answers 429 and creates nothing', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await signup(signupBody(), '192.0.2.50'));
    expect(statuses(answers)).toEqual(Array(10).fill(201));
    const before = (await db().select({ n: count() }).from(users))[0].n;
    const body = signupBody();
    const refused = await signup(body, '192.0.2.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(59 * 60);
    expect(await refused.json()).toEqual({ message: 'Too many sign-ups from this network. Try again in 60 minutes.' });
    expect((await db().select({ n: count() }).from(users))[0].n).toBe(before);
    expect(await db().select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    expect((await signup(body, '192.0.2.51')).status).toBe(201);
  });

  it('holds under a parallel flood', async () => {
    const answers = await Promise.all(Array.from({ length: 15 }, () => signup(signupBody(), '192.0.2.60')));
    expect(tally(answers, 201)).toBe(10);
    expect(tally(answers, 429)).toBe(5);
  });
});
