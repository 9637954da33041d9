/**
 * The e-mail pipeline against real bindings: the real Queue and consumer, and Cloudflare Email
 * Service's `send_email` binding as miniflare emulates it (what the consumer hands it is read through
 * worker/test/mailbox.ts). A failing mail service is stood in for by a binding that throws.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundFailures, emailDeliveries, preferences, users } from '../db/schema';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { deliverEmail, openMailbox, sentTo } from '../test/mailbox';
import { call, db, messageOf, ORIGIN, seedOnce, signedInDriver } from '../test/helpers';
import type { EmailJob } from './email.service';
import { unsubscribeLink } from './unsubscribe.service';

beforeAll(openMailbox);

const passwordChanged = (userId: string): EmailJob => ({
  noticeId: crypto.randomUUID(),
  userId,
  origin: ORIGIN,
  request: { kind: 'password-changed', at: '2026-11-23T12:15:00.000Z' },
});

describe('the e-mail consumer', () => {
  it('sends a notice once, however often the Queue delivers its message', async () => {
    const { user } = await signedInDriver();
    const job = passwordChanged(user.id);
    for (let delivery = 1; delivery <= 3; delivery++) expect((await deliverEmail(job, {}, delivery)).explicitAcks).toEqual([job.noticeId]);
    const [message] = sentTo(user.email);
    expect(sentTo(user.email)).toHaveLength(1);
    expect(message).toMatchObject({ from: { email: 'noreply@parkada.ph', name: 'Parkada' }, subject: 'Your Parkada password was changed' });
    expect(message.text).toContain('Nov 23, 2026, 8:15 PM (Manila time)');
    const [delivery] = await db().select().from(emailDeliveries).where(eq(emailDeliveries.noticeId, job.noticeId));
    expect(delivery.messageId).toMatch(/^<.+@parkada\.ph>$/);
  });

  it('sends security notices to an unverified address, whatever the preferences', async () => {
    const { user } = await signedInDriver();
    await db().update(preferences).set({ emailNotifications: false }).where(eq(preferences.userId, user.id));
    expect(user.emailVerifiedAt).toBeNull();
    await deliverEmail(passwordChanged(user.id));
    expect(sentTo(user.email)).toHaveLength(1);
  });

  it('retries when the mail service fails, shows the failure in System Health, and sends on the next delivery', async () => {
    const { user } = await signedInDriver();
    const job = passwordChanged(user.id);
    const down = { send: () => Promise.reject(new Error('Email Service is unavailable')) } as unknown as SendEmail;
    const failed = await deliverEmail(job, { EMAIL: down });
    expect(failed.retryMessages).toEqual([{ msgId: job.noticeId }]);
    expect(
      await db()
        .select()
        .from(backgroundFailures)
        .where(eq(backgroundFailures.subject, `password-changed ${job.noticeId}`)),
    ).toMatchObject([{ job: 'E-mail', message: 'Email Service is unavailable' }]);
    expect(sentTo(user.email)).toEqual([]);
    expect((await deliverEmail(job, {}, 2)).explicitAcks).toEqual([job.noticeId]);
    expect(sentTo(user.email)).toHaveLength(1);
  });

  it('drops a notice for an account that is gone', async () => {
    const job = passwordChanged('no-such-user');
    expect(await deliverEmail(job)).toMatchObject({ explicitAcks: [job.noticeId], retryMessages: [] });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const unsubscribe = (url: string) =>
    call(new URL(url).pathname + new URL(url).search, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });

  it('switches promotional e-mail off for the person the link names, with no session', async () => {
    const { user } = await signedInDriver();
    await db().update(preferences).set({ promotionalEmails: true }).where(eq(preferences.userId, user.id));
    const res = await unsubscribe(await unsubscribeLink(env, ORIGIN, user.id));
    expect(res.status).toBe(200);
    expect((await db().select().from(preferences).where(eq(preferences.userId, user.id)))[0]).toMatchObject({
      promotionalEmails: false,
      emailNotifications: true,
    });
  });

  it('refuses a link it did not sign, and changes nothing', async () => {
    const { user } = await signedInDriver();
    await db().update(preferences).set({ promotionalEmails: true }).where(eq(preferences.userId, user.id));
    const link = await unsubscribeLink({ ...env, EMAIL_LINK_SECRET: 'another key' }, ORIGIN, user.id);
    const res = await unsubscribe(link);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('This unsubscribe link is not valid.');
    expect((await db().select().from(preferences).where(eq(preferences.userId, user.id)))[0].promotionalEmails).toBe(true);
  });
});

it('seeds the demo accounts verified, so the demo sends its e-mails', async () => {
  await seedOnce();
  for (const { email } of DEMO_ACCOUNTS) {
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account.emailVerifiedAt).not.toBeNull();
  }
});
