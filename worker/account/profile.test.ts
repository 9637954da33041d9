/** Settings → Profile and Notifications: the profile, a change of e-mail, the Terms' acceptance and the preferences. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../verification/verification.service';
import { CONSENT_MESSAGES, consentDue, CURRENT_VERSIONS, type AcceptedVersions } from '../../core/legal';
import * as schema from '../db/schema';
import { users } from '../db/schema';
import { call, db, messageOf, sessionCookie, signupBody } from '../test/helpers';
import { newDriver } from '../test/account-fixtures';
import { openMailbox, sentTo, tokenIn, waitForMail, waitForSubject } from '../test/mailbox';
import { EMAIL_CHANGE_SENT, LINK_NOT_VALID } from '../../core/verification';

describe('profile', () => {
  it('updates names and a Philippine mobile; the e-mail cannot change', async () => {
    const { cookie } = await newDriver();
    const before = await (await call('/api/auth/user', { cookie })).json<{ email: string }>();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'Maja', lastName: 'Salvador', phone: '+63 918-7654321', email: 'new@x.ph' },
    });
    expect(res.status).toBe(200);
    const me = await (await call('/api/auth/user', { cookie })).json();
    expect(me).toMatchObject({ firstName: 'Maja', lastName: 'Salvador', phone: '+639187654321', email: before.email });
  });

  it('holds the phone in E.164, and a new number is unverified until its code is typed', async () => {
    const { cookie, userId } = await newDriver();
    expect(await (await call('/api/auth/user', { cookie })).json()).toMatchObject({ phone: '+639175551234' });
    await db().update(users).set({ phoneVerifiedAt: new Date().toISOString() }).where(eq(users.id, userId));
    const save = async (phone: string) =>
      (await call('/api/user/profile', { method: 'PATCH', cookie, json: { firstName: 'A', lastName: 'B', phone } })).json();
    expect(await save('+63 917-5551234')).toMatchObject({ phone: '+639175551234', phoneVerifiedAt: expect.any(String) });
    expect(await save('+63 917-5559999')).toMatchObject({ phone: '+639175559999', phoneVerifiedAt: null });
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ phone: '0917' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
    [{ phone: '+63 917-1234' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
    [{ phone: '+63 817-1234567' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
    [{ phone: '+1 555-0100' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'A', lastName: 'B', phone: '+63 917-1234567', ...override },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});

describe('Change e-mail', () => {
  beforeAll(openMailbox);
  /** A driver signed up with `body`'s address and password, asking to move to a new address. */
  async function asking() {
    const body = signupBody();
    const res = await call('/api/auth/signup', { method: 'POST', json: body });
    const cookie = sessionCookie(res);
    const { user } = await res.json<{ user: { id: string } }>();
    const newEmail = signupBody().email;
    const ask = (json: Record<string, unknown>) => call('/api/account/email', { method: 'POST', cookie, json });
    return { ...body, userId: user.id, cookie, newEmail, ask };
  }
  const confirm = (token: string) => call('/api/account/email/confirm', { method: 'POST', json: { token } });
  const emailOf = async (cookie: string) =>
    await (await call('/api/auth/user', { cookie })).json<{ email: string; emailVerified: boolean }>();

  it('takes effect only when the link sent to the new address is opened, verified, and tells the old address', async () => {
    const { email, password, userId, cookie, newEmail, ask } = await asking();
    const res = await ask({ newEmail, password });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: EMAIL_CHANGE_SENT });
    const [mail] = await waitForMail(newEmail);
    expect(mail.subject).toBe('Confirm your new Parkada e-mail address');
    const token = tokenIn(mail);
    // Nothing changed yet; the link is stored as a hash, for this account.
    expect(await emailOf(cookie)).toMatchObject({ email, emailVerified: false });
    const [link] = await db().select().from(schema.verifications).where(eq(schema.verifications.target, newEmail));
    expect(link).toMatchObject({ type: 'change-email', userId, tokenHash: await sha256Hex(token) });

    // Opened in any browser, no session needed.
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: newEmail });
    expect(await emailOf(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    const signIn = (address: string) => call('/api/auth/login', { method: 'POST', json: { email: address, password } });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    // The old address hears of it, whatever its preferences, and sees only a hint of the new one.
    const notice = await waitForSubject(email, 'Your Parkada e-mail was changed');
    expect(notice.text).toContain(`Your Parkada e-mail was changed to ${newEmail.slice(0, 2)}•••@example.ph`);
    expect(notice.text).not.toContain(newEmail);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(LINK_NOT_VALID);
  });

  it('refuses a wrong password (400), an address in use (409) and its own address, sending and changing nothing', async () => {
    const { email, password, cookie, newEmail, ask } = await asking();
    const wrong = await ask({ newEmail, password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe('Your password is incorrect.');
    const other = await asking();
    const taken = await ask({ newEmail: other.email, password });
    expect(taken.status).toBe(409);
    expect((await ask({ newEmail: email.toUpperCase(), password })).status).toBe(400);
    expect((await ask({ newEmail: 'not an e-mail', password })).status).toBe(400);
    expect(await db().select().from(schema.verifications).where(eq(schema.verifications.type, 'change-email'))).not.toContainEqual(
      expect.objectContaining({ target: other.email }),
    );
    expect(sentTo(newEmail)).toEqual([]);
    expect(await emailOf(cookie)).toMatchObject({ email });
  });

  it('refuses the link with 409 when another account took the address meanwhile', async () => {
    const { email, password, cookie, newEmail, ask } = await asking();
    expect((await ask({ newEmail, password })).status).toBe(202);
    const token = tokenIn((await waitForMail(newEmail))[0]);
    expect((await call('/api/auth/signup', { method: 'POST', json: signupBody({ email: newEmail }) })).status).toBe(201);
    expect((await confirm(token)).status).toBe(409);
    expect(await emailOf(cookie)).toMatchObject({ email });
  });
});

describe('acceptance of the Terms and the Privacy Policy', () => {
  it('is asked of an account that accepted an older version, and recorded once it accepts the current ones', async () => {
    const { cookie, userId } = await newDriver();
    await db().update(users).set({ termsVersion: '2020-01-01', privacyVersion: null, termsAcceptedAt: null }).where(eq(users.id, userId));
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const accept = (json: unknown) => call('/api/account/consent', { method: 'POST', cookie, json });
    for (const [body, message] of [
      [{}, CONSENT_MESSAGES.missing],
      [{ ...CURRENT_VERSIONS, termsVersion: '2020-01-01' }, CONSENT_MESSAGES.stale],
    ] as const) {
      const refused = await accept(body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message });
    }
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const res = await accept(CURRENT_VERSIONS);
    expect(res.status).toBe(200);
    expect((await res.json<{ user: unknown }>()).user).toMatchObject(CURRENT_VERSIONS);
    const me = await (await call('/api/auth/user', { cookie })).json<AcceptedVersions & { termsAcceptedAt: string }>();
    expect(consentDue(me)).toBe(false);
    expect(Date.parse(me.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('preferences', () => {
  it('starts with the spec defaults and saves only what a PATCH names', async () => {
    const { cookie } = await newDriver();
    expect(await (await call('/api/user/preferences', { cookie })).json()).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      bookingReminders: true,
      promotionalEmails: false,
      defaultDuration: '2',
      autoExtend: false,
      theme: 'system',
    });
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: { theme: 'dark', defaultDuration: '4' } });
    expect(await res.json()).toMatchObject({ theme: 'dark', defaultDuration: '4', autoExtend: false });
  });

  it.each([
    [{ defaultDuration: '3' }, 'Default duration must be 1, 2, 4, 8 or 24 hours.'],
    [{ theme: 'blue' }, 'Theme must be light, dark or system.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});
