/** Support requests against the real D1, KV, R2 and Queues: who writes, who reads, the inbox, replies and their notices. */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED_MESSAGE } from '../auth/auth.service';
import { notifications, supportMessages, supportRequests, users } from '../db/schema';
import { applyRetention } from '../privacy/retention.service';
import { call, cookieFor, db, messageOf, seedOnce, sessionCookie, signedInDriver, verifiedAccount } from '../test/helpers';
import { jpegBytes } from '../test/lot-issue-fixtures';
import { openMailbox, waitForSubject } from '../test/mailbox';

type Thread = {
  id: string;
  status: string;
  subject: string;
  attachmentUrl: string | null;
  messages: { text: string; fromSupport: boolean; authorName: string }[];
};
type Inbox = { items: { id: string; status: string }[]; nextCursor: string | null };

let admin = '';
beforeAll(async () => {
  openMailbox();
  await seedOnce();
  admin = await cookieFor('super_admin');
});

const write = (cookie: string, json: Record<string, unknown> = {}) =>
  call('/api/support', {
    method: 'POST',
    cookie,
    json: { category: 'booking', subject: 'Charged twice', text: 'My booking was charged twice.', ...json },
  });
const written = async (cookie: string, json: Record<string, unknown> = {}) => (await (await write(cookie, json)).json<{ id: string }>()).id;
const thread = (cookie: string, id: string) => call(`/api/support/${id}`, { cookie });
const reply = (cookie: string, id: string, text: string) =>
  call(`/api/admin/support/${id}/messages`, { method: 'POST', cookie, json: { text } });
const attach = (cookie: string, id: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/jpeg') =>
  call(`/api/support/${id}/attachment`, { method: 'PUT', cookie, body: bytes, headers: { 'Content-Type': type } });

describe('a support request', () => {
  it('is written by a signed-in person (201, its id) and read back by them, in "My requests" and as a thread', async () => {
    const { cookie } = await signedInDriver();
    const res = await write(cookie);
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    expect(await (await thread(cookie, id)).json<Thread>()).toMatchObject({
      id,
      status: 'open',
      subject: 'Charged twice',
      messages: [],
    });
    const mine = await (await call('/api/support', { cookie })).json<{ id: string }[]>();
    expect(mine.map((request) => request.id)).toEqual([id]);
  });

  it('is not found (404) by anyone but its author and the super admins', async () => {
    const author = await signedInDriver();
    const other = await signedInDriver();
    const id = await written(author.cookie);
    for (const path of [`/api/support/${id}`, `/api/support/${id}/attachment`])
      expect((await call(path, { cookie: other.cookie })).status).toBe(404);
    const answer = await call(`/api/support/${id}/messages`, { method: 'POST', cookie: other.cookie, json: { text: 'Me too' } });
    expect(answer.status).toBe(404);
    expect((await reply(other.cookie, id, 'Not support')).status).toBe(403);
    expect((await call(`/api/admin/support/${id}`, { cookie: admin })).status).toBe(200);
  });

  it.each([
    ['subject', { subject: '   ' }, 'Give your request a subject.'],
    ['text', { text: '' }, 'Write a message.'],
  ])('is refused with a 400 naming the field when its %s is empty, and nothing is written', async (field, json, message) => {
    const { cookie } = await signedInDriver();
    const res = await write(cookie, json);
    expect(res.status).toBe(400);
    const body = await res.json<{ issues: { path: string; message: string }[] }>();
    expect(body.issues).toEqual([expect.objectContaining({ path: field, message })]);
    expect(await (await call('/api/support', { cookie })).json()).toEqual([]);
  });

  it('takes one image attachment, checked as a report photo is: a non-image is refused and nothing stored', async () => {
    const { cookie } = await signedInDriver();
    const id = await written(cookie);
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    const refused = await attach(cookie, id, html, 'image/png');
    expect([refused.status, await messageOf(refused)]).toEqual([400, 'The photo must be a JPEG, PNG, WebP or HEIC image.']);
    expect((await env.ISSUE_PHOTOS.list({ prefix: 'support/' })).objects.filter((o) => o.key.includes(id))).toEqual([]);

    const photo = jpegBytes();
    expect((await attach(cookie, id, photo, 'application/octet-stream')).status).toBe(201);
    expect((await attach(cookie, id, jpegBytes())).status).toBe(409);
    const served = await call(`/api/support/${id}/attachment`, { cookie });
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/jpeg']);
    expect((await call(`/api/support/${id}/attachment`, { cookie: admin })).status).toBe(200);
  });
});

describe('the super admin’s inbox', () => {
  it('lists open requests first; a reply answers it, notifies and e-mails the author, who answers back in the thread', async () => {
    const { user, cookie } = await verifiedAccount();
    const first = await written(cookie, { subject: 'First question' });
    const second = await written(cookie, { subject: 'Second question' });

    const res = await reply(admin, first, 'We refunded the second charge.');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      status: 'answered',
      messages: [{ text: 'We refunded the second charge.', fromSupport: true, authorName: 'Parkada support' }],
    });

    const inbox = await (await call('/api/admin/support?limit=100', { cookie: admin })).json<Inbox>();
    const order = inbox.items.filter((item) => [first, second].includes(item.id)).map((item) => [item.id, item.status]);
    expect(order).toEqual([
      [second, 'open'],
      [first, 'answered'],
    ]);
    expect(inbox.items.findIndex((item) => item.status === 'answered')).toBeGreaterThan(
      inbox.items.findLastIndex((item) => item.status === 'open'),
    );

    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((note) => note.type === 'SUPPORT_REPLY').map((note) => note.title)).toEqual(['Support replied: First question']);
    const mail = await waitForSubject(user.email, 'Support replied: First question');
    expect(mail.text).toContain(`/support/${first}`);

    const answer = await call(`/api/support/${first}/messages`, { method: 'POST', cookie, json: { text: 'Thank you!' } });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      status: 'open',
      messages: [{ fromSupport: true }, { text: 'Thank you!', fromSupport: false }],
    });
  });

  it('is the super admin’s alone (403 to anyone else)', async () => {
    const { cookie } = await signedInDriver();
    expect((await call('/api/admin/support', { cookie })).status).toBe(403);
  });
});

describe('a suspended person', () => {
  it('signs in to a session that reaches support only: they write and read their thread, and nothing else', async () => {
    const { user, password } = await verifiedAccount();
    await db().update(users).set({ suspendedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const signIn = await call('/api/auth/login', { method: 'POST', json: { email: user.email, password } });
    expect([signIn.status, await messageOf(signIn)]).toEqual([403, SUSPENDED_MESSAGE]);
    expect(SUSPENDED_MESSAGE).toContain('support@parkada.ph');
    const cookie = sessionCookie(signIn);

    const res = await write(cookie, { category: 'account', subject: 'Why was I suspended?' });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    expect((await thread(cookie, id)).status).toBe(200);
    for (const path of ['/api/reservations', '/api/wallet', '/api/notifications']) {
      const refused = await call(path, { cookie });
      expect([path, refused.status, await messageOf(refused)]).toEqual([path, 403, SUSPENDED_MESSAGE]);
    }
    // The account's own writes under the public /api/auth/ prefix are refused too: no new password, second factor or sign-out of others.
    const writes = [
      ['/api/auth/password', { currentPassword: password, newPassword: 'a-new-long-passphrase-1' }],
      ['/api/auth/logout-all', {}],
      ['/api/auth/verify-email/resend', {}],
    ] as const;
    for (const [path, json] of writes) {
      const refused = await call(path, { method: 'POST', cookie, json });
      expect([path, refused.status, await messageOf(refused)]).toEqual([path, 403, SUSPENDED_MESSAGE]);
    }
  });
});

describe('retention', () => {
  it('deletes an answered request quiet for 24 months, with its thread and attachment; an open one stays', async () => {
    const { user, cookie } = await signedInDriver();
    const answered = await written(cookie, { subject: 'Answered long ago' });
    const open = await written(cookie, { subject: 'Still waiting' });
    expect((await attach(cookie, answered, jpegBytes())).status).toBe(201);
    expect((await reply(admin, answered, 'Done.')).status).toBe(201);
    const [{ key }] = await db()
      .select({ key: supportRequests.attachmentKey })
      .from(supportRequests)
      .where(eq(supportRequests.id, answered));
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 25);

    expect((await applyRetention(env, db(), later.getTime())).answeredSupportRequests).toBeGreaterThanOrEqual(1);
    const left = await db().select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.authorId, user.id));
    expect(left.map((row) => row.id)).toEqual([open]);
    expect(await db().select().from(supportMessages).where(eq(supportMessages.requestId, answered))).toEqual([]);
    expect(await env.ISSUE_PHOTOS.head(key!)).toBeNull();
  });
});
