/** A user's notifications: read, delete, pages and counts, and `notify()` honouring preferences. */
import { createMessageBatch, env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE } from '../../core/paging';
import { backgroundFailures, notifications, preferences, receipts, smsDeliveries, users } from '../db/schema';
import { newId } from '../db/ids';
import worker from '../index';
import { lotObject } from '../lot-object/stub';
import { driver, inMinutes, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { call, db, seedOnce, signedInDriver, walkPages } from '../test/helpers';
import { deliverEmail, openMailbox, recordingQueue, sentTo, tokenIn, waitForMail } from '../test/mailbox';
import { deliverSms, smsBindings, smsGatewayStandIn } from '../test/sms-stand-in';
import { sendNotice } from './notifications.service';
import { notify } from './notifications.service';

describe('notifications', () => {
  type Note = { id: string; type: string; isRead: boolean };
  const list = async (cookie: string) =>
    (await call('/api/notifications', { cookie })).json<{ items: Note[] }>().then((page) => page.items);

  it('marks one read, all read, deletes, and answers 404 for someone else’s', async () => {
    const me = await signedInDriver();
    await notify(db(), me.user.id, {
      type: 'BOOKING_CONFIRMED',
      title: 'Booking confirmed',
      message: 'See you at 6 PM',
      metadata: { lotName: 'Greenbelt 3 Parking' },
    });
    let notes = await list(me.cookie);
    expect(notes).toHaveLength(2);
    expect(notes.every((n) => !n.isRead)).toBe(true);

    const other = await signedInDriver();
    expect((await call(`/api/notifications/${notes[0].id}/read`, { method: 'PATCH', cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/notifications/${notes[0].id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);

    expect((await call(`/api/notifications/${notes[0].id}/read`, { method: 'PATCH', cookie: me.cookie })).status).toBe(204);
    notes = await list(me.cookie);
    expect(notes.filter((n) => n.isRead)).toHaveLength(1);

    expect((await call('/api/notifications/mark-all-read', { method: 'PATCH', cookie: me.cookie })).status).toBe(204);
    expect((await list(me.cookie)).every((n) => n.isRead)).toBe(true);
    expect((await list(other.cookie)).every((n) => !n.isRead)).toBe(true);

    expect((await call(`/api/notifications/${notes[1].id}`, { method: 'DELETE', cookie: me.cookie })).status).toBe(204);
    expect(await list(me.cookie)).toHaveLength(1);
  });

  it('honours the preferences: no promotions by default, no reminders when switched off', async () => {
    const me = await signedInDriver();
    const promo = { type: 'PROMOTION', title: 'Weekend promo', message: '20% off at BGC' } as const;
    const reminder = { type: 'BOOKING_REMINDER', title: 'Starts in 30 minutes', message: 'Greenbelt 3 Parking' } as const;
    expect(await notify(db(), me.user.id, promo)).toBe(false);
    expect(await notify(db(), me.user.id, reminder)).toBe(true);
    await call('/api/user/preferences', { method: 'PATCH', cookie: me.cookie, json: { bookingReminders: false, promotionalEmails: true } });
    expect(await notify(db(), me.user.id, reminder)).toBe(false);
    expect(await notify(db(), me.user.id, promo)).toBe(true);
    const types = (await db().select().from(notifications).where(eq(notifications.userId, me.user.id))).map((n) => n.type).sort();
    expect(types).toEqual(['BOOKING_REMINDER', 'PROMOTION', 'WELCOME']);
  });
});

describe('notification pages and counts', () => {
  const MINUTE = 60_000;

  /** 45 notifications three to a minute (pages end inside a tie); every third one read. Newest first. */
  async function fortyFive(userId: string) {
    const base = Date.now() - 100 * MINUTE;
    const made = [];
    for (let i = 0; i < 45; i++) {
      const row = {
        id: newId(),
        userId,
        type: 'BOOKING_REMINDER' as const,
        title: `Reminder ${i}`,
        message: 'Starts in 30 minutes',
        isRead: i % 3 === 0,
        createdAt: new Date(base - Math.floor(i / 3) * MINUTE).toISOString(),
      };
      await db().insert(notifications).values(row);
      made.push(row);
    }
    return made.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  type Driver = Awaited<ReturnType<typeof signedInDriver>>;
  const pages = async (driver: Driver, filter: 'all' | 'unread', between?: () => Promise<void>) =>
    (
      await walkPages(async (cursor) => (await driver.api.notifications.$get({ query: { filter, limit: '20', cursor } })).json(), between)
    ).map((page) => page.map((note) => note.id));

  it('pages 45 notifications by 20 as 20, 20, 5, newest first, none twice or skipped while new ones arrive', async () => {
    const driver = await signedInDriver();
    const made = await fortyFive(driver.user.id);
    // The welcome note is newer than the 45; each note sent between pages is newer still.
    const expected = (await (await driver.api.notifications.$get({ query: { limit: String(MAX_PAGE_SIZE) } })).json()).items.map(
      (note) => note.id,
    );
    expect(expected.slice(1)).toEqual(made.map((note) => note.id));
    await db().delete(notifications).where(eq(notifications.id, expected[0]));
    const walked = await pages(
      driver,
      'all',
      async () => void (await notify(db(), driver.user.id, { type: 'BOOKING_CONFIRMED', title: 'Booked', message: 'See you' })),
    );
    expect(walked.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(walked.flat()).toEqual(made.map((note) => note.id));
  });

  it('pages only the unread ones for the Unread filter and counts both on the server', async () => {
    const driver = await signedInDriver();
    const made = await fortyFive(driver.user.id);
    const welcome = 1;
    const unread = made.filter((note) => !note.isRead).map((note) => note.id);
    const walked = (await pages(driver, 'unread')).flat();
    expect(walked.slice(welcome)).toEqual(unread);
    expect(await (await driver.api.notifications.counts.$get()).json()).toEqual({ total: 45 + welcome, unread: unread.length + welcome });
    await call('/api/notifications/mark-all-read', { method: 'PATCH', cookie: driver.cookie });
    expect(await (await driver.api.notifications.counts.$get()).json()).toEqual({ total: 45 + welcome, unread: 0 });
    expect((await pages(driver, 'unread')).flat()).toEqual([]);
  });

  it("never lists or counts another user's notifications", async () => {
    const mine = await signedInDriver();
    const theirs = await signedInDriver();
    await fortyFive(mine.user.id);
    const myFirst = await (await mine.api.notifications.$get({ query: {} })).json();
    expect((await pages(theirs, 'all')).flat()).toHaveLength(1);
    const borrowed = await (await theirs.api.notifications.$get({ query: { cursor: myFirst.nextCursor! } })).json();
    expect(borrowed.items.every((note) => !myFirst.items.some((mineNote) => mineNote.id === note.id))).toBe(true);
    expect(await (await theirs.api.notifications.counts.$get()).json()).toEqual({ total: 1, unread: 1 });
  });

  it.each([
    ['limit=101', 'limit must be a whole number from 1 to 100.'],
    ['cursor=bm9wZQ', 'cursor is not one this list gave out; start again from the first page.'],
    ['filter=read', 'filter must be all or unread.'],
  ])('refuses %s with a 400', async (query, message) => {
    const { cookie } = await signedInDriver();
    const res = await call(`/api/notifications?${query}`, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});

describe('one notice, every channel (sendNotice)', () => {
  beforeAll(async () => {
    openMailbox();
    await seedOnce();
  });

  /** A driver at `lotId` whose booking starts in 40 minutes, with their address verified or not and E-mail Notifications as given. */
  async function bookedDriver(lotId: string, verified: boolean, emailNotifications: boolean) {
    const { user, cookie } = await driver(1_000);
    if (verified) await db().update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    await db().update(preferences).set({ emailNotifications }).where(eq(preferences.userId, user.id));
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(40) })).json<{ id: string }>();
    return { user, booking };
  }

  it('e-mails the booking confirmation (official receipt, pass link) and the start reminder only to a verified address with E-mail Notifications on, once though the Queue delivers it twice', async () => {
    const lotId = await makeLot(3);
    const reached = await bookedDriver(lotId, true, true);
    const unverified = await bookedDriver(lotId, false, true);
    const optedOut = await bookedDriver(lotId, true, false);

    // The driver's top-up (made before the address was verified, e-mailed after) and the booking.
    const mails = await waitForMail(reached.user.email, 2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Reservation confirmed', 'Top-up Successful']);
    const confirmation = mails.find((mail) => mail.subject === 'Reservation confirmed')!;
    const [receipt] = await db().select().from(receipts).where(eq(receipts.reservationId, reached.booking.id));
    for (const part of [confirmation.text, confirmation.html]) {
      expect(part).toContain(`Official receipt: ${receipt.number}`);
      expect(part).toContain(`/reservation/${reached.booking.id}`);
      expect(part).toMatch(/Paid from your wallet: ₱\d[\d,]*\.\d\d/);
      expect(part).toContain('(Manila time)');
    }

    // The reminders the lot timer makes, each delivered twice by the e-mail Queue: e-mailed once.
    const emailQueue = recordingQueue(env.EMAIL_QUEUE);
    const due = await lotObject(env, lotId).dueWork(Date.now() + 12 * MINUTE);
    const batch = createMessageBatch(
      'parkada-lot-timers',
      due.map((body, i) => ({ id: `due-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    await worker.queue(batch, { ...env, EMAIL_QUEUE: emailQueue.queue });
    expect(emailQueue.jobs.map((job) => job.request.kind)).toEqual(['notice', 'notice', 'notice']);
    for (const job of emailQueue.jobs) for (let attempt = 1; attempt <= 2; attempt++) await deliverEmail(job, {}, attempt);
    const reminded = sentTo(reached.user.email).filter((mail) => mail.subject === 'Your parking starts soon');
    expect(reminded).toHaveLength(1);
    expect(reminded[0].text).toContain(`/reservation/${reached.booking.id}`);
    expect(sentTo(unverified.user.email).filter((mail) => mail.subject !== 'Confirm your e-mail address')).toEqual([]);
    expect(sentTo(optedOut.user.email)).toEqual([]);
  });
});

describe('SMS (Semaphore, stood in for)', () => {
  const gateway = smsGatewayStandIn(globalThis.fetch);
  beforeAll(openMailbox);
  beforeEach(() => {
    gateway.sent.length = 0;
    vi.stubGlobal('fetch', gateway.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  let mobiles = 0;
  /** A driver with a Philippine mobile of their own, verified or not, and SMS Notifications as given. */
  async function textable(verified: boolean, smsNotifications: boolean) {
    const { user } = await signedInDriver();
    const phone = `+63917${String(++mobiles).padStart(7, '0')}`;
    await db()
      .update(users)
      .set({ phone, phoneVerifiedAt: verified ? new Date().toISOString() : null })
      .where(eq(users.id, user.id));
    await db().update(preferences).set({ smsNotifications }).where(eq(preferences.userId, user.id));
    return { ...user, phone };
  }

  const textsTo = (phone: string) => gateway.sent.filter((text) => text.number === `0${phone.slice(3)}`);

  it('texts a reminder only to a verified number with SMS on, once however often the Queue delivers it, in Semaphore’s documented shape', async () => {
    const reached = await textable(true, true);
    const unverified = await textable(false, true);
    const optedOut = await textable(true, false);
    const smsQueue = recordingQueue(env.SMS_QUEUE);
    const ctx = { env: { ...env, ...smsBindings, SMS_QUEUE: smsQueue.queue }, db: db() };
    for (const person of [reached, unverified, optedOut])
      for (let made = 0; made < 2; made++)
        await sendNotice(ctx, person.id, {
          note: { type: 'BOOKING_REMINDER', title: 'Your parking starts soon', message: 'Greenbelt 3 Parking at 8:15 PM.' },
          sms: true,
          key: `start-reminder:${person.id}`,
        });
    expect(smsQueue.jobs).toHaveLength(6);
    for (const job of smsQueue.jobs) expect((await deliverSms(job)).explicitAcks).toEqual([job.noticeId]);
    expect(textsTo(reached.phone)).toEqual([
      {
        number: `0${reached.phone.slice(3)}`,
        message: 'Parkada: Your parking starts soon. Greenbelt 3 Parking at 8:15 PM.',
        sendername: 'PARKADA',
        messageId: expect.any(Number),
      },
    ]);
    const [delivery] = await db()
      .select()
      .from(smsDeliveries)
      .where(eq(smsDeliveries.noticeId, `sms:start-reminder:${reached.id}`));
    expect(delivery.messageId).toBe(String(textsTo(reached.phone)[0].messageId));
    expect(textsTo(unverified.phone)).toEqual([]);
    expect(textsTo(optedOut.phone)).toEqual([]);
  });

  it('texts "password changed" to a verified number whatever the SMS preference', async () => {
    const person = await textable(true, false);
    const smsQueue = recordingQueue(env.SMS_QUEUE);
    const res = await call('/api/auth/password-reset', { method: 'POST', json: { email: person.email } });
    expect(res.status).toBe(202);
    const reset = await waitForMail(person.email);
    const token = tokenIn(reset.at(-1)!);
    const confirmed = await call('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, password: 'a-new-password-1' },
      bindings: { ...smsBindings, SMS_QUEUE: smsQueue.queue },
    });
    expect(confirmed.status).toBe(204);
    expect(smsQueue.jobs).toMatchObject([{ category: 'security', kind: 'password-changed' }]);
    await deliverSms(smsQueue.jobs[0]);
    expect(textsTo(person.phone)).toHaveLength(1);
    expect(textsTo(person.phone)[0].message).toContain('your password was changed');
  });

  it('retries when the gateway fails, and shows the failure in System Health', async () => {
    const person = await textable(true, true);
    const job = {
      noticeId: crypto.randomUUID(),
      userId: person.id,
      category: 'notice' as const,
      kind: 'BOOKING_EXPIRED',
      text: 'Parkada: expired.',
    };
    gateway.failing(503);
    expect((await deliverSms(job)).retryMessages).toEqual([{ msgId: job.noticeId }]);
    expect(
      await db()
        .select()
        .from(backgroundFailures)
        .where(eq(backgroundFailures.subject, `BOOKING_EXPIRED ${job.noticeId}`)),
    ).toMatchObject([{ job: 'SMS' }]);
    gateway.failing(null);
    await deliverSms(job, 2);
    expect(textsTo(person.phone)).toHaveLength(1);
  });

  it('is off without the gateway key: nothing is queued, and Settings is told', async () => {
    const person = await signedInDriver();
    expect(await (await call('/api/account/sms', { cookie: person.cookie })).json()).toEqual({ available: false });
    expect(await (await call('/api/account/sms', { cookie: person.cookie, bindings: smsBindings })).json()).toEqual({ available: true });
    const smsQueue = recordingQueue(env.SMS_QUEUE);
    await sendNotice({ env: { ...env, SMS_QUEUE: smsQueue.queue }, db: db() }, person.user.id, {
      note: { type: 'BOOKING_EXPIRED', title: 'Reservation expired', message: '…' },
      sms: true,
    });
    expect(smsQueue.jobs).toEqual([]);
  });
});

describe('what a notification is about', () => {
  beforeAll(() => seedOnce());
  type Listed = { type: string; metadata?: Record<string, string> };
  const listed = async (cookie: string) =>
    (await call('/api/notifications?filter=all', { cookie })).json<{ items: Listed[] }>().then((page) => page.items);

  it('names the booked reservation with its lot, slot and start', async () => {
    const lotId = await makeLot(2);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(40) })).json<{
      id: string;
      slotLabel: string;
      startTs: string;
    }>();
    const confirmed = (await listed(cookie)).find((note) => note.type === 'BOOKING_CONFIRMED');
    expect(confirmed?.metadata).toMatchObject({ reservationId: booking.id, slotLabel: booking.slotLabel, startTime: booking.startTs });
    expect(confirmed?.metadata?.lotName).toBeTruthy();
  });

  it('keeps a notification whose object is gone, without naming it', async () => {
    const me = await signedInDriver();
    const gone = { reservationId: newId(), supportRequestId: newId(), monthlyPassId: newId(), reviewReservationId: newId() };
    await notify(db(), me.user.id, {
      type: 'CHECKED_OUT',
      title: 'Checked out',
      message: 'Thank you',
      metadata: { lotName: 'Greenbelt 3 Parking', ...gone },
    });
    const [note] = await listed(me.cookie);
    expect(note.metadata).toEqual({ lotName: 'Greenbelt 3 Parking' });
  });
});
