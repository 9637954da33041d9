import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MS } from '../../core/second-factor';
import { recoveryCodes, totpFactors, verifications } from '../db/schema';
import { findUserByEmail, findUserById } from '../users/users.data';
import { call, db, ORIGIN, sessionCookie, signedInAs, signupBody, verifiedAccount } from '../test/helpers';
import { addPasskey, codeOf, enrol, enrolledAccount as enrolledDriver, login, stepUpWith } from '../test/second-factor-fixtures';
import { softwareAuthenticator } from '../test/software-authenticator';
import { openMailbox, waitForMail } from '../test/mailbox';
import { readSecondFactorRequired } from '../platform/settings.data';
import { requireRecentSecondFactor, stepUp } from './second-factor.service';
import { decryptSecret, encryptSecret } from '../http/sealed-secrets';
import { signInOptions as passkeySignInOptions } from './passkeys.service';
import { SESSION_COOKIE } from './session-cookie';

beforeAll(openMailbox);

describe('the authenticator app (TOTP)', () => {
  it('is shown as an otpauth URL under Parkada with the e-mail, and its secret is stored encrypted', async () => {
    const { email, secret, otpauthUrl, userId } = await enrolledDriver();
    expect(otpauthUrl).toContain('otpauth://totp/Parkada:');
    expect(decodeURIComponent(otpauthUrl)).toContain(email);
    const [row] = await db().select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.encryptedSecret).not.toContain(secret);
  });

  it('refuses the development key of .dev.vars outside development, and a missing key', async () => {
    const { SECOND_FACTOR_KEY } = env;
    await expect(encryptSecret({ SECOND_FACTOR_KEY, APP_ENV: 'production' }, 'JBSWY3DP')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(encryptSecret({ APP_ENV: 'development' }, 'JBSWY3DP')).rejects.toMatchObject({ kind: 'unavailable' });
    const sealed = await encryptSecret({ SECOND_FACTOR_KEY, APP_ENV: 'development' }, 'JBSWY3DP');
    expect(await decryptSecret({ SECOND_FACTOR_KEY, APP_ENV: 'development' }, sealed)).toBe('JBSWY3DP');
  });

  it('refuses a wrong first code, leaving the app unconfirmed', async () => {
    const { cookie, password } = await verifiedAccount();
    await call('/api/account/second-factor/totp', { method: 'POST', cookie, json: { password } });
    const res = await call('/api/account/second-factor/totp/confirm', { method: 'POST', cookie, json: { code: '000000' } });
    expect(res.status).toBe(400);
    expect(await (await call('/api/account/second-factor', { cookie })).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  it('sends the security notice when added and when removed', async () => {
    const { email, cookie, secret } = await enrolledDriver();
    expect((await stepUpWith(cookie, secret)).status).toBe(204);
    expect((await call('/api/account/second-factor/totp', { method: 'DELETE', cookie })).status).toBe(204);
    const subjects = (await waitForMail(email, 2)).map((mail) => mail.subject);
    expect(subjects).toContain('An authenticator app was added to your Parkada account');
    expect(subjects).toContain('An authenticator app was removed from your Parkada account');
  });
});

describe('POST /api/auth/login with a second factor', () => {
  it('gives no session for the password alone, and says a code is needed', async () => {
    const { email, password } = await enrolledDriver();
    const res = await login({ email, password });
    expect(res.status).toBe(401);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(await res.json()).toMatchObject({ secondFactorRequired: true, message: expect.stringContaining('6-digit code') });
  });

  it('signs in with the app’s current code, but never twice with the same step', async () => {
    const { email, password, secret } = await enrolledDriver();
    const code = codeOf(secret);
    const res = await login({ email, password, code });
    expect(res.status).toBe(200);
    expect((await call('/api/auth/user', { cookie: sessionCookie(res) })).status).toBe(200);
    expect((await login({ email, password, code })).status).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const { email, password, codes } = await enrolledDriver();
    expect((await login({ email, password, code: codes[0]!.toUpperCase() })).status).toBe(200);
    const again = await login({ email, password, code: codes[0] });
    expect(again.status).toBe(401);
    expect(again.headers.get('Set-Cookie')).toBeNull();
    expect((await login({ email, password, code: codes[1] })).status).toBe(200);
  });

  it('counts wrong codes against the sign-in attempt limit', async () => {
    const { email, password } = await enrolledDriver();
    for (let i = 0; i < 5; i++) expect((await login({ email, password, code: '123456' }, '2001:db8::2fa')).status).toBe(401);
    expect((await login({ email, password, code: '123456' }, '2001:db8::2fa')).status).toBe(429);
  });
});

describe('recovery codes', () => {
  it('are 10, stored only as hashes, and regenerating them ends the old ones', async () => {
    const { userId, codes, cookie, email, password, secret } = await enrolledDriver();
    expect(new Set(codes).size).toBe(10);
    const rows = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    expect(rows).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
    expect((await stepUpWith(cookie, secret)).status).toBe(204);
    const res = await call('/api/account/second-factor/recovery-codes', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    const { recoveryCodes: fresh } = await res.json<{ recoveryCodes: string[] }>();
    expect((await login({ email, password, code: codes[2] })).status).toBe(401);
    expect((await login({ email, password, code: fresh[0] })).status).toBe(200);
  });
});

describe('step-up', () => {
  it('asks for the factor again when it was given more than 15 minutes ago', async () => {
    const { userId, email, password, secret } = await enrolledDriver();
    const signedIn = await login({ email, password, code: codeOf(secret) });
    const sessionId = sessionCookie(signedIn).slice(`${SESSION_COOKIE}=`.length);
    const scope = { env, var: { db: db(), sessionId } };
    const user = (await findUserById(db(), userId))!;
    const givenAt = Date.now();
    await expect(requireRecentSecondFactor(scope, user, givenAt + STEP_UP_WINDOW_MS - 1000)).resolves.toBeUndefined();
    const later = givenAt + STEP_UP_WINDOW_MS + 1000;
    await expect(requireRecentSecondFactor(scope, user, later)).rejects.toMatchObject({ detail: { stepUpRequired: true } });
    await stepUp(scope, user, codeOf(secret, 0, later), '2001:db8::5ed', undefined, later);
    await expect(requireRecentSecondFactor(scope, user, later)).resolves.toBeUndefined();
  });

  it('refuses removing the app from a session that never gave the factor, until POST /api/auth/step-up', async () => {
    const { userId, secret } = await enrolledDriver();
    const cookie = await signedInAs(userId);
    const remove = () => call('/api/account/second-factor/totp', { method: 'DELETE', cookie });
    const refused = await remove();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ stepUpRequired: true });
    expect((await call('/api/auth/step-up', { method: 'POST', cookie, json: { code: '000000' } })).status).toBe(400);
    expect((await call('/api/auth/step-up', { method: 'POST', cookie, json: { code: codeOf(secret) } })).status).toBe(204);
    expect((await remove()).status).toBe(204);
  });

  it('guards payouts, roles, the e-mail, the password, the data download and deleting the account for a super admin with a factor', async () => {
    const { userId, secret } = await enrolledDriver('super_admin');
    const cookie = await signedInAs(userId);
    const payout = { ownerId: crypto.randomUUID(), month: '2026-10', amountCents: 100_00, paidOn: '2026-11-05', reference: 'BDO 12345' };
    // Each with what it answers past the step-up, on its own rules: no such owner, no such user, a wrong
    // password (the account stays, and so does its password), the download itself.
    const sensitive: [() => Promise<Response> | Response, number][] = [
      [() => call('/api/admin/payouts', { method: 'POST', cookie, json: payout }), 404],
      [() => call(`/api/admin/users/${crypto.randomUUID()}/role`, { method: 'POST', cookie, json: { role: 'owner_admin' } }), 404],
      [
        () =>
          call('/api/account/email', {
            method: 'POST',
            cookie,
            json: { newEmail: `new-${crypto.randomUUID()}@example.ph`, password: 'not it' },
          }),
        400,
      ],
      [() => call('/api/auth/password', { method: 'POST', cookie, json: { currentPassword: 'not it', newPassword: 'a new secret' } }), 400],
      [() => call('/api/account', { method: 'DELETE', cookie, json: { password: 'not it' } }), 400],
      [() => call('/api/account/export', { cookie }), 200],
    ];
    for (const [send] of sensitive) {
      const refused = await send();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ stepUpRequired: true });
    }
    expect((await call('/api/auth/step-up', { method: 'POST', cookie, json: { code: codeOf(secret) } })).status).toBe(204);
    for (const [send, status] of sensitive) expect((await send()).status).toBe(status);
  });

  it('an account with no factor has no code to step up with, and need not enrol', async () => {
    const cookie = sessionCookie(await call('/api/auth/signup', { method: 'POST', json: signupBody() }));
    expect((await call('/api/auth/step-up', { method: 'POST', cookie, json: { code: '123456' } })).status).toBe(400);
    expect(await (await call('/api/account/second-factor', { cookie })).json()).toMatchObject({ totp: false, required: false });
  });
});

describe('the platform setting that owners and super admins must enrol', () => {
  it('is on by default outside development and off in it, until a super admin chooses', async () => {
    expect(await readSecondFactorRequired(db(), { APP_ENV: 'production' })).toBe(true);
    expect(await readSecondFactorRequired(db(), { APP_ENV: 'development' })).toBe(false);
  });

  it('when on, refuses an unenrolled owner’s writes (not their reads) until they enrol; drivers are not asked', async () => {
    const admin = await enrolledDriver('super_admin');
    const turn = (required: boolean) =>
      call('/api/admin/settings/second-factor', { method: 'PUT', cookie: admin.cookie, json: { required } });
    expect((await turn(true)).status).toBe(200);
    try {
      const owner = await verifiedAccount('owner_admin');
      const write = () => call('/api/owner/lots', { method: 'POST', cookie: owner.cookie, json: {} });
      const refused = await write();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        secondFactorEnrolmentRequired: true,
        message: expect.stringContaining('Settings → Security'),
      });
      expect((await call('/api/owner/lots', { cookie: owner.cookie })).status).toBe(200);
      expect(await (await call('/api/account/second-factor', { cookie: owner.cookie })).json()).toMatchObject({
        required: true,
        totp: false,
      });
      await enrol(owner.cookie, owner.password);
      expect((await write()).status).toBe(400);
      const driver = await verifiedAccount();
      expect(await (await call('/api/account/second-factor', { cookie: driver.cookie })).json()).toMatchObject({ required: false });
      expect(await (await call('/api/admin/settings', { cookie: admin.cookie })).json()).toMatchObject({ secondFactorRequired: true });
    } finally {
      expect((await turn(false)).status).toBe(200);
    }
  });
});

describe('passkeys', () => {
  /** A driver with a password and a passkey made by the software authenticator. */
  async function driverWithPasskey() {
    const { user, cookie, password } = await verifiedAccount();
    const authenticator = await softwareAuthenticator();
    return { email: user.email, password, cookie, authenticator, added: await addPasskey(cookie, authenticator, password) };
  }
  const signInOptions = async () =>
    (await call('/api/auth/passkey/options', { method: 'POST' })).json<{ challenge: string; rpId: string }>();

  it('adds a passkey through the real verification; the first factor answers 10 recovery codes', async () => {
    const { added, cookie, authenticator } = await driverWithPasskey();
    expect(added.status).toBe(201);
    const answer = await added.json<{ passkey: { id: string }; recoveryCodes: string[] }>();
    expect(answer.passkey.id).toBe(authenticator.id);
    expect(answer.recoveryCodes).toHaveLength(10);
    expect(await (await call('/api/account/second-factor', { cookie })).json()).toMatchObject({ passkeys: [{ name: 'My phone' }] });
  });

  it('signs in without a password, counts as the second factor, and a signed challenge works once', async () => {
    const { email, password, authenticator } = await driverWithPasskey();
    const response = await authenticator.authenticate(await signInOptions(), ORIGIN);
    const res = await call('/api/auth/passkey', { method: 'POST', json: { response } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email } });
    const cookie = sessionCookie(res);
    expect(
      (await call(`/api/account/passkeys/${authenticator.id}`, { method: 'PATCH', cookie, json: { name: 'Work laptop' } })).status,
    ).toBe(200);
    expect((await call('/api/auth/passkey', { method: 'POST', json: { response } })).status).toBe(400);
    expect((await login({ email, password })).status).toBe(401);
    // The factor was given at sign-in: removing the passkey needs no step-up now.
    expect((await call(`/api/account/passkeys/${authenticator.id}`, { method: 'DELETE', cookie })).status).toBe(204);
  });

  it('limits sign-in challenges per client, and forgets expired ones', async () => {
    const ask = () => call('/api/auth/passkey/options', { method: 'POST', headers: { 'CF-Connecting-IP': '2001:db8::face' } });
    for (let i = 0; i < 30; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    const signInChallenges = () => db().$count(verifications, eq(verifications.type, 'passkey-sign-in'));
    expect(await signInChallenges()).toBeGreaterThanOrEqual(30);
    // Six minutes on, asking for one more forgets those that expired meanwhile.
    await passkeySignInOptions(env, db(), ORIGIN, '2001:db8::fade', Date.now() + 6 * 60_000);
    expect(await signInChallenges()).toBe(1);
  });

  it('steps up with the person’s own passkey, not another’s', async () => {
    const { email, authenticator } = await driverWithPasskey();
    const { authenticator: theirs } = await driverWithPasskey();
    const user = (await findUserByEmail(db(), email))!;
    const cookie = await signedInAs(user.id);
    const remove = () => call(`/api/account/passkeys/${authenticator.id}`, { method: 'DELETE', cookie });
    expect((await remove()).status).toBe(403);
    const stepUp = async (key: typeof theirs) =>
      call('/api/auth/step-up/passkey', {
        method: 'POST',
        cookie,
        json: { response: await key.authenticate(await signInOptions(), ORIGIN) },
      });
    expect((await stepUp(theirs)).status).toBe(400);
    expect((await stepUp(authenticator)).status).toBe(204);
    expect((await remove()).status).toBe(204);
  });

  it('refuses a response made for another origin, a challenge it never got, and an unknown passkey', async () => {
    const { authenticator } = await driverWithPasskey();
    const elsewhere = await authenticator.authenticate(await signInOptions(), 'https://evil.example');
    expect((await call('/api/auth/passkey', { method: 'POST', json: { response: elsewhere } })).status).toBe(401);
    const made = await signInOptions();
    const invented = await authenticator.authenticate({ ...made, challenge: 'bm90LW91cnM' }, ORIGIN);
    expect((await call('/api/auth/passkey', { method: 'POST', json: { response: invented } })).status).toBe(400);
    const stranger = await softwareAuthenticator();
    const unknown = await stranger.authenticate(await signInOptions(), ORIGIN);
    expect((await call('/api/auth/passkey', { method: 'POST', json: { response: unknown } })).status).toBe(401);
  });
});
