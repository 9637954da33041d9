/**
 * The webhooks Queue's consumer (docs/api.md, Webhooks): each delivery signed (`Parkada-Signature`)
 * and posted with a timeout, each attempt recorded with the partner's answer. A delivery not answered
 * 2xx is tried again with growing delays; one that fails WEBHOOK_ATTEMPTS times is marked failed and
 * goes to the dead-letter queue, and WEBHOOK_PAUSE_AFTER such in a row pause the webhook and tell its owner.
 */
import { signedAt } from '../../core/hmac';
import {
  signatureHeader,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_PAUSE_AFTER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelay,
} from '../../core/webhooks';
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { decryptSecret } from '../http/sealed-secrets';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { sendNotice } from '../notifications/notifications.service';
import { countFailure, deliveryToSend, forgetFailures, recordAttempt } from './webhooks.data';
import type { WebhookJob } from './webhooks.service';

type Delivery = NonNullable<Awaited<ReturnType<typeof deliveryToSend>>>;

/** The partner's answer to one attempt: its status, or why there was none. */
type Answer = { statusCode: number | null; error: string | null };

/** The worker's queue() handler of the webhooks Queue. */
export async function consumeWebhooks(batch: MessageBatch<WebhookJob>, env: Bindings, now = () => new Date()): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      const outcome = await attempt(env, db, message.body, message.attempts, now());
      if (outcome === 'again') message.retry({ delaySeconds: webhookRetryDelay(message.attempts) });
      // Failed every attempt: kept in the dead-letter queue, besides its row.
      else if (outcome === 'failed') message.retry();
      else message.ack();
    } catch (error) {
      // D1 failing: the Queue delivers it again.
      await recordBackgroundFailure(env.DB, { job: 'Webhook', subject: message.body.deliveryId, error }, Date.now());
      message.retry({ delaySeconds: webhookRetryDelay(message.attempts) });
    }
  }
}

async function attempt(env: Bindings, db: DB, job: WebhookJob, attempts: number, now: Date): Promise<'done' | 'again' | 'failed'> {
  const delivery = await deliveryToSend(db, job.deliveryId);
  // Deleted with its webhook, or queued before the webhook was paused: not sent.
  if (!delivery || (delivery.pausedAt && !job.resend)) return 'done';
  const answer = await post({ ...delivery, secret: await decryptSecret(env, delivery.secret) }, now);
  const at = now.toISOString();
  if (answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300) {
    await recordAttempt(db, delivery.id, { status: 'delivered', ...answer, at });
    await forgetFailures(db, delivery.webhookId);
    return 'done';
  }
  if (attempts < WEBHOOK_ATTEMPTS) {
    await recordAttempt(db, delivery.id, { status: 'pending', ...answer, at });
    return 'again';
  }
  await recordAttempt(db, delivery.id, { status: 'failed', ...answer, at });
  if (await countFailure(db, delivery.webhookId, at)) await tellPaused(env, db, delivery, at);
  return 'failed';
}

/** One signed POST of the delivery's body, as it was recorded. */
async function post({ url, secret, body }: Delivery, now: Date): Promise<Answer> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Parkada-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(timestamp, await signedAt(secret, timestamp, body)),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { statusCode: response.status, error: null };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { statusCode: null, error: timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : String(error).slice(0, 200) };
  }
}

/** The owner hears that the webhook is paused, in the app and by e-mail. */
const tellPaused = (env: Bindings, db: DB, { webhookId, ownerId, url }: Delivery, pausedAt: string) =>
  sendNotice({ env, db }, ownerId, {
    note: {
      type: 'WEBHOOK_PAUSED',
      title: 'Webhook paused',
      message: `${WEBHOOK_PAUSE_AFTER} deliveries in a row to ${url} failed, so it is paused. Fix your server, then resume it in Settings: the events meanwhile are not sent.`,
    },
    email: { link: { label: 'Open Settings', path: '/settings?tab=webhooks' } },
    key: `webhook-paused:${webhookId}:${pausedAt}`,
  }).catch((error) => recordBackgroundFailure(env.DB, { job: 'Webhook paused notice', subject: webhookId, error }, Date.now()));
