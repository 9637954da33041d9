/** A user's notifications: read, delete, pages and counts, and `notify()` honouring preferences. */
import { createMessageBatch, env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../core/paging';
import { notifications, preferences, receipts, users } from '../db/schema';
import { newId } from '../db/ids';
import worker from '../index';
import { lotObject } from '../lot-object/stub';
import { driver, inMinutes, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { call, db, seedOnce, signedInDriver, walkPages } from '../test/helpers';
import { deliverEmail, openMailbox, recordingEmailQueue, sentTo, waitForMail } from '../test/mailbox';
import { notify } from './notifications.data';

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
    const emailQueue = recordingEmailQueue();
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
