/**
 * Who may add a second factor, and what a change of factors does (docs/account.md, Second factor): the
 * attacks of issue 45 on a stolen session and on an account signed up before its owner arrived.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { passkeys, recoveryCodes, totpFactors } from '../db/schema';
import { call, db, messageOf, sessionCookie, signedInAs, signupBody, verifiedAccount } from '../test/helpers';
import { openMailbox, tokenIn, waitForMail, waitForSubject } from '../test/mailbox';
import { addPasskey, enrol, enrolledAccount, login, stepUpWith } from '../test/second-factor-fixtures';
import { softwareAuthenticator } from '../test/software-authenticator';
import { issueRecoveryCodes } from './second-factor.service';

beforeAll(openMailbox);

const startApp = (cookie: string, json: Record<string, unknown> = {}) =>
  call('/api/account/second-factor/totp', { method: 'POST', cookie, json });
const passkeyOptions = (cookie: string, json: Record<string, unknown> = {}) =>
  call('/api/account/passkeys/registration-options', { method: 'POST', cookie, json });
const signedIn = async (cookie: string) => (await call('/api/auth/user', { cookie })).status === 200;
const factorsOf = async (userId: string) => ({
  app: await db().$count(totpFactors, eq(totpFactors.userId, userId)),
  passkeys: await db().$count(passkeys, eq(passkeys.userId, userId)),
  recoveryCodes: await db().$count(recoveryCodes, eq(recoveryCodes.userId, userId)),
});

describe('adding a second factor', () => {
  it('asks for the password while the account has none, and counts a wrong one', async () => {
    const { cookie, password } = await verifiedAccount();
    for (const ask of [startApp, passkeyOptions]) {
      const missing = await ask(cookie);
      expect(missing.status).toBe(400);
      expect(await messageOf(missing)).toBe('Enter your password to add a second factor.');
      const wrong = await ask(cookie, { password: 'not it' });
      expect(wrong.status).toBe(400);
      expect(await messageOf(wrong)).toBe('Your password is incorrect.');
      expect((await ask(cookie, { password })).status).toBe(200);
    }
  });

  it('a stolen session cannot add a passkey to an account with a factor: that asks for a recent step-up, not the password', async () => {
    const { userId, password, secret } = await enrolledAccount();
    const thief = await signedInAs(userId);
    const authenticator = await softwareAuthenticator();
    for (const proof of [undefined, password]) {
      const refused = await addPasskey(thief, authenticator, proof);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ stepUpRequired: true });
    }
    expect((await factorsOf(userId)).passkeys).toBe(0);
    // The owner, who has the app, steps up and adds one.
    expect((await stepUpWith(thief, secret)).status).toBe(204);
    expect((await addPasskey(thief, authenticator)).status).toBe(201);
  });

  it('is never a step-up: new recovery codes and removing a factor still ask for one right after', async () => {
    const { cookie, password } = await verifiedAccount();
    await enrol(cookie, password);
    const sensitive = [
      () => call('/api/account/second-factor/recovery-codes', { method: 'POST', cookie }),
      () => call('/api/account/second-factor/totp', { method: 'DELETE', cookie }),
    ];
    for (const send of sensitive) expect(await (await send()).json()).toMatchObject({ stepUpRequired: true });
    const authenticator = await softwareAuthenticator();
    const added = await verifiedAccount();
    expect((await addPasskey(added.cookie, authenticator, added.password)).status).toBe(201);
    const removed = await call(`/api/account/passkeys/${authenticator.id}`, { method: 'DELETE', cookie: added.cookie });
    expect(removed.status).toBe(403);
  });

  it('every change of factor ends the account’s other sessions, keeps this one, and tells the address', async () => {
    const { user, cookie, password } = await verifiedAccount();
    const authenticator = await softwareAuthenticator();
    const otherDevice = () => signedInAs(user.id);
    const changes = [
      async () => (await enrol(cookie, password)).secret,
      async (secret?: string) => {
        expect((await stepUpWith(cookie, secret!)).status).toBe(204);
        expect((await call('/api/account/second-factor/totp', { method: 'DELETE', cookie })).status).toBe(204);
      },
      async () => expect((await addPasskey(cookie, authenticator, password)).status).toBe(201),
      async () => expect((await call(`/api/account/passkeys/${authenticator.id}`, { method: 'DELETE', cookie })).status).toBe(204),
    ];
    let secret: string | undefined;
    for (const change of changes) {
      const other = await otherDevice();
      secret = (await change(secret)) ?? secret;
      expect(await signedIn(other)).toBe(false);
      expect(await signedIn(cookie)).toBe(true);
    }
    const subjects = (await waitForMail(user.email, 4)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      'A passkey was added to your Parkada account',
      'A passkey was removed from your Parkada account',
      'An authenticator app was added to your Parkada account',
      'An authenticator app was removed from your Parkada account',
    ]);
  });
});

describe('an account signed up before its owner arrives', () => {
  it('cannot add a factor until its address is verified, and is told why', async () => {
    const body = signupBody();
    const signup = await call('/api/auth/signup', { method: 'POST', json: body });
    const { user } = await signup.json<{ user: { id: string } }>();
    const cookie = sessionCookie(signup);
    for (const ask of [startApp, passkeyOptions]) {
      const refused = await ask(cookie, { password: body.password });
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toMatch(/^Confirm your e-mail address/);
    }
    expect(await factorsOf(user.id)).toEqual({ app: 0, passkeys: 0, recoveryCodes: 0 });
  });

  it('loses the factors added before its address was verified to the reset that verifies it', async () => {
    const body = signupBody();
    const squatter = await call('/api/auth/signup', { method: 'POST', json: body });
    const { user } = await squatter.json<{ user: { id: string } }>();
    // Factors the squatter added while that was still allowed: an app, a passkey and recovery codes.
    await db().insert(totpFactors).values({ userId: user.id, encryptedSecret: 'sealed', confirmedAt: new Date().toISOString() });
    await db().insert(passkeys).values({ id: 'squatters-key', userId: user.id, publicKey: 'pk', counter: 0, name: 'Squatter' });
    await issueRecoveryCodes(db(), user.id);
    // The real owner of the address resets the password through the link sent there.
    expect((await call('/api/auth/password-reset', { method: 'POST', json: { email: body.email } })).status).toBe(202);
    const token = tokenIn(await waitForSubject(body.email, 'Set a new Parkada password'));
    const reset = await call('/api/auth/password-reset/confirm', { method: 'POST', json: { token, password: 'the real owner 2026' } });
    expect(reset.status).toBe(204);
    expect(await factorsOf(user.id)).toEqual({ app: 0, passkeys: 0, recoveryCodes: 0 });
    expect((await login({ email: body.email, password: 'the real owner 2026' })).status).toBe(200);
  });

  it('a reset of an address verified already keeps its factors', async () => {
    const { email, userId } = await enrolledAccount();
    expect((await call('/api/auth/password-reset', { method: 'POST', json: { email } })).status).toBe(202);
    const token = tokenIn(await waitForSubject(email, 'Set a new Parkada password'));
    expect(
      (await call('/api/auth/password-reset/confirm', { method: 'POST', json: { token, password: 'a new secret 2026' } })).status,
    ).toBe(204);
    expect(await factorsOf(userId)).toMatchObject({ app: 1, recoveryCodes: 10 });
    expect((await login({ email, password: 'a new secret 2026' })).status).toBe(401);
  });
});
