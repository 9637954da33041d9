import { beforeAll, describe, expect, it } from 'vitest';
import { call, sessionCookie, signupBody } from '../test/helpers';
import { openMailbox, waitForMail } from '../test/mailbox';

beforeAll(openMailbox);

/** A driver signed up through the API, with the password they chose and two sessions. */
async function driverWithTwoSessions() {
  const body = signupBody();
  const first = sessionCookie(await call('/api/auth/signup', { method: 'POST', json: body }));
  const second = sessionCookie(await call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password } }));
  return { ...body, first, second };
}

describe('POST /api/auth/password', () => {
  it('replaces the password, ends every session and starts a new one here', async () => {
    const { email, password, first, second } = await driverWithTwoSessions();
    const res = await call('/api/auth/password', {
      method: 'POST',
      cookie: first,
      json: { currentPassword: password, newPassword: 'a brand new secret' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email } });
    for (const old of [first, second]) expect((await call('/api/auth/user', { cookie: old })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: sessionCookie(res) })).status).toBe(200);
    expect((await call('/api/auth/login', { method: 'POST', json: { email, password } })).status).toBe(401);
    expect((await call('/api/auth/login', { method: 'POST', json: { email, password: 'a brand new secret' } })).status).toBe(200);
  });

  it('sends the security notice to the address, verified or not', async () => {
    const { email, password, first } = await driverWithTwoSessions();
    await call('/api/auth/password', {
      method: 'POST',
      cookie: first,
      json: { currentPassword: password, newPassword: 'a brand new secret' },
    });
    // The second session came from a browser the account had not signed in on: its notice too.
    const mails = await waitForMail(email, 3);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'A new sign-in to your Parkada account',
      'Confirm your e-mail address',
      'Your Parkada password was changed',
    ]);
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    const { first } = await driverWithTwoSessions();
    const guess = () =>
      call('/api/auth/password', {
        method: 'POST',
        cookie: first,
        headers: { 'CF-Connecting-IP': '2001:db8::beef' },
        json: { currentPassword: 'a guess', newPassword: 'a brand new secret' },
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(429);
  });
});
