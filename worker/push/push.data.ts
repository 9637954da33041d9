import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../core/push';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { pushSubscriptions } from '../db/schema';

/**
 * Saves a browser's subscription for this user. A browser has one endpoint: when another account
 * signed in on it subscribed before, the endpoint now belongs to this one.
 */
export const saveSubscription = (db: DB, userId: string, { endpoint, keys }: PushSubscriptionInput) =>
  db
    .insert(pushSubscriptions)
    .values({ id: newId(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: keys.p256dh, auth: keys.auth } });

/** Removes this user's subscription of a browser; false when they had none there. */
export async function deleteOwnSubscription(db: DB, userId: string, endpoint: string) {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export const subscriptionIdsOf = (db: DB, userId: string) =>
  db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

export const findSubscription = async (db: DB, id: string) =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];

/** A push service said this subscription is gone (404 or 410): the browser unsubscribed or expired it. */
export const forgetSubscription = (db: DB, id: string) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/** "Sign out of all devices": no browser gets this account's notices any more. */
export const forgetSubscriptionsOf = (db: DB, userId: string) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
