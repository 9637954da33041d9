import type { PushPayload } from '../../core/push';
import { readPreferences } from '../preferences/preferences.data';
import type { DB } from '../db/client';
import { queueEmail, type NoticeRequest } from '../email/email.service';
import { appOrigin } from '../http/origin';
import type { Bindings } from '../env';
import { queuePush } from '../push/push.service';
import { queueSms } from '../sms/sms.service';
import type { PageRequest } from '../db/pages';
import {
  countOwnNotifications,
  deleteOwnNotification,
  insertNotification,
  listOwnNotifications,
  markAllRead,
  markRead,
  type NewNotification,
} from './notifications.data';

type Preferences = Awaited<ReturnType<typeof readPreferences>>;

/**
 * The one way the product notifies a user. It honours their preferences: no promotions when
 * promotional e-mails are off, no reminders when booking reminders are off. Returns whether it was sent.
 */
export const notify = async (db: DB, userId: string, note: NewNotification) =>
  notifyUnder(db, userId, note, await readPreferences(db, userId));

/** `notify`, with the user's preferences already read (a caller that needs them for more than this). */
async function notifyUnder(db: DB, userId: string, note: NewNotification, prefs: Preferences): Promise<boolean> {
  if (note.type === 'PROMOTION' && !prefs.promotionalEmails) return false;
  if (note.type === 'BOOKING_REMINDER' && !prefs.bookingReminders) return false;
  await insertNotification(db, userId, note);
  return true;
}

/** What sending a notice needs: the database, and the Queues of its channels. */
export type NoticeContext = { env: Bindings; db: DB };

/** Where the phone's notification leads, and what it replaces there. */
export type PushTarget = Omit<PushPayload, 'title' | 'body'>;

/**
 * A notice and the channels it goes out on besides the app. Each channel applies its own rule at
 * sending: push by Push Notifications; e-mail only to a verified address with E-mail Notifications on
 * (core/email.ts, checked by the e-mail consumer); SMS only to a verified mobile with SMS Notifications
 * on (core/phone.ts, checked by the SMS consumer).
 */
export type OutgoingNotice = {
  note: NewNotification;
  /** The in-app notification was written in the change's own batch (`notificationStatement`): the other channels only. */
  writtenInApp?: boolean;
  push?: PushTarget;
  /** What the e-mail adds to the note's words: facts (amounts, times, a receipt number) and a link into the app. */
  email?: Omit<NoticeRequest, 'title' | 'message'>;
  /** Texted too (reminders and the no-show expiry only): to a verified mobile with SMS Notifications on. */
  sms?: true;
  /**
   * The notice's own key when it may be made again (a lot timer the Queue delivers twice): each channel's
   * consumer claims `<channel>:<key>` once, so it is e-mailed and texted once. Without one, every call is a new notice.
   */
  key?: string;
};

/**
 * The one place a notice fans out to its channels (docs/notifications.md): in the app under the
 * preferences (a reminder is not sent at all with Booking Reminders off), then pushed, e-mailed and texted.
 * Called after the change committed; what the Queues do never reaches the change.
 */
export async function sendNotice(ctx: NoticeContext, userId: string, notice: OutgoingNotice) {
  const prefs = await readPreferences(ctx.db, userId);
  const { note } = notice;
  if (!notice.writtenInApp && !(await notifyUnder(ctx.db, userId, note, prefs))) return;
  if (notice.push && prefs.pushNotifications)
    await queuePush(ctx.env, ctx.db, userId, { title: note.title, body: note.message, ...notice.push });
  if (notice.email)
    await queueEmail(
      ctx.env,
      userId,
      appOrigin(ctx.env),
      { kind: 'notice', title: note.title, message: note.message, ...notice.email },
      notice.key ? `email:${notice.key}` : undefined,
    );
  if (notice.sms)
    await queueSms(
      ctx.env,
      { userId, category: 'notice', kind: note.type, text: `Parkada: ${note.title}. ${note.message}` },
      notice.key ? `sms:${notice.key}` : undefined,
    );
}

/** The Notifications screen: a page of the user's own, newest first; `unreadOnly` is its Unread filter. */
export const notificationsPage = (db: DB, userId: string, list: { unreadOnly: boolean; page: PageRequest }) =>
  listOwnNotifications(db, userId, list);

/** What the bell and the filter tabs show. */
export const notificationCounts = (db: DB, userId: string) => countOwnNotifications(db, userId);

/** One of the user's notices read, or removed; false when they have no such notice. */
export const readNotification = (db: DB, userId: string, id: string) => markRead(db, userId, id);
export const removeNotification = (db: DB, userId: string, id: string) => deleteOwnNotification(db, userId, id);

/** "Mark all read". */
export const readAllNotifications = (db: DB, userId: string) => markAllRead(db, userId);
