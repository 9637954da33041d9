import type { PushPayload } from '../../core/push';
import { readPreferences } from '../account/preferences.data';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { queuePush } from '../push/push.service';
import { notifyUnder, type NewNotification } from './notifications.data';

/** Where the phone's notification leads, and what it replaces there. */
export type PushTarget = Omit<PushPayload, 'title' | 'body'>;

/**
 * A notice that matters away from the app (a reminder, an expiry, a pass ending): `notify`, and the
 * same on the user's phones by Web Push when their Push Notifications preference is on.
 */
export async function notifyAndPush(ctx: { env: Bindings; db: DB }, userId: string, note: NewNotification, push: PushTarget) {
  const prefs = await readPreferences(ctx.db, userId);
  if (!(await notifyUnder(ctx.db, userId, note, prefs)) || !prefs.pushNotifications) return;
  await queuePush(ctx.env, ctx.db, userId, { title: note.title, body: note.message, ...push });
}
