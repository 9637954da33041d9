/**
 * Web Push delivery (docs/notifications.md). A notice for a user's phones becomes one message per
 * subscribed browser on the push Queue; its consumer encrypts (RFC 8291, aes128gcm) and signs (VAPID,
 * RFC 8292) each with @pushforge/builder and posts it to the browser's push service. A browser that
 * is gone (404, 410) is forgotten; a busy or failing push service is tried again through the Queue,
 * so one browser's trouble never holds up another's, nor the change that caused the notice.
 */
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { isPushServiceEndpoint, type PushPayload, type PushSubscriptionInput } from '../../core/push';
import { refusal } from '../../core/refusal';
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { retryDelay } from '../deliveries/deliveries.service';
import { recordBackgroundFailure } from '../health/background-failures.data';
import {
  deleteOwnSubscription,
  findSubscription,
  forgetSubscription,
  forgetSubscriptionsOf,
  saveSubscription,
  subscriptionIdsOf,
} from './push.data';
import { vapidOf } from './vapid';

export { requireVapid } from './vapid';

export const PUSH_QUEUE = 'parkada-push';
export type PushMessage = { subscriptionId: string; payload: PushPayload };

declare module '../env' {
  interface Bindings {
    /** One message per notice and subscribed browser, for the push consumer. */
    PUSH: Queue<PushMessage>;
  }
}

/** A reminder is of no use once its moment has passed: push services drop it after this long. */
const PUSH_TTL_SECONDS = 60 * 60;

/** PUT /api/push/subscription: this browser's notices go to this account, unless the endpoint is another browser's. */
export async function subscribeBrowser(db: DB, userId: string, subscription: PushSubscriptionInput): Promise<void> {
  if (!(await saveSubscription(db, userId, subscription)))
    throw refusal('conflict', 'This push endpoint is registered to another browser. Turn notifications off and on again on this device.');
}

/** Sends `payload` to each of the user's subscribed browsers; nothing when push is not set up here. */
export async function queuePush(env: Bindings, db: DB, userId: string, payload: PushPayload): Promise<void> {
  if (!vapidOf(env)) return;
  const subscriptions = await subscriptionIdsOf(db, userId);
  if (subscriptions.length) await env.PUSH.sendBatch(subscriptions.map(({ id }) => ({ body: { subscriptionId: id, payload } })));
}

/** The worker's queue() handler of the push Queue. */
export async function consumePush(batch: MessageBatch<PushMessage>, env: Bindings): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      if ((await deliver(env, db, message.body)) === 'again') message.retry({ delaySeconds: retryDelay(message.attempts) });
      else message.ack();
    } catch (error) {
      // The network or D1 failing: the Queue delivers it again.
      await recordBackgroundFailure(env.DB, { job: 'Web Push', subject: message.body.subscriptionId, error }, Date.now()).catch(
        () => undefined,
      );
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}

/** One push to one browser: 'done' when delivered, gone or refused for good, 'again' when the push service asks for later. */
async function deliver(env: Bindings, db: DB, { subscriptionId, payload }: PushMessage): Promise<'done' | 'again'> {
  const subscription = await findSubscription(db, subscriptionId);
  const vapid = vapidOf(env);
  if (!subscription || !vapid) return 'done';
  const { endpoint, p256dh, auth } = subscription;
  // Saved before push services' hosts were checked: never posted to.
  if (!isPushServiceEndpoint(endpoint)) {
    await forgetSubscription(db, subscriptionId);
    return 'done';
  }
  const request = await buildPushPayload(
    { data: payload, options: { ttl: PUSH_TTL_SECONDS, urgency: 'high' } },
    { endpoint, expirationTime: null, keys: { p256dh, auth } },
    vapid,
  );
  const response = await fetch(endpoint, request);
  if (response.ok) return 'done';
  if (response.status === 404 || response.status === 410) {
    await forgetSubscription(db, subscriptionId);
    return 'done';
  }
  if (response.status === 429 || response.status >= 500) return 'again';
  // 400, 403, 413: the same request would be refused again.
  const error = new Error(`The push service refused the message: ${response.status} ${await response.text()}`);
  await recordBackgroundFailure(env.DB, { job: 'Web Push', subject: subscriptionId, error }, Date.now());
  return 'done';
}

/** DELETE /api/push/subscriptions: this browser gets the user's notices no more; false when it had no subscription of theirs. */
export const unsubscribeBrowser = (db: DB, userId: string, endpoint: string) => deleteOwnSubscription(db, userId, endpoint);

/** "Sign out of all devices": no browser gets this account's notices any more. */
export const forgetBrowsersOf = (db: DB, userId: string) => forgetSubscriptionsOf(db, userId);
