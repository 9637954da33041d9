import { and, eq, or } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../core/push';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { pushSubscriptions } from '../db/schema';

/**
 * Saves a browser's subscription for this user; false when the endpoint is saved for another account
 * with other keys. A browser has one endpoint and one key pair: the same keys mean the same browser,
 * where another account signed in before, and only then does the endpoint move to this one. Its own
 * account may renew the keys.
 */
export async function saveSubscription(db: DB, userId: string, { endpoint, keys }: PushSubscriptionInput) {
  const saved = await db
    .insert(pushSubscriptions)
    .values({ id: newId(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: keys.p256dh, auth: keys.auth },
      setWhere: or(
        eq(pushSubscriptions.userId, userId),
        and(eq(pushSubscriptions.p256dh, keys.p256dh), eq(pushSubscriptions.auth, keys.auth)),
      ),
    })
    .returning({ id: pushSubscriptions.id });
  return saved.length > 0;
}

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
