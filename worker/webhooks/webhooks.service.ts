/**
 * Signed webhooks (docs/api.md, Webhooks). An owner subscribes an https address to their lots' events;
 * after a change commits, its domain hands the event here (`lotEvent`, `ownerEvent`), which records one
 * delivery per subscribed webhook and queues it on `parkada-webhooks`. The consumer signs and posts it
 * (webhook-delivery.service.ts); its failures never reach the change that caused the event.
 */
import { toBase64url } from '../../core/base64url';
import { notFound, refusal } from '../../core/refusal';
import { WEBHOOKS_PER_OWNER, type WebhookEventType, type WebhookInput } from '../../core/webhooks';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { encryptSecret } from '../http/sealed-secrets';
import { recordBackgroundFailure } from '../health/background-failures.data';
import {
  countWebhooksOf,
  deleteOwnWebhook,
  deliveriesOf,
  findOwnWebhook,
  insertDeliveries,
  insertWebhook,
  ownerOfLot,
  pendAgain,
  resumeOwnWebhook,
  subscribersOf,
  webhooksOf,
} from './webhooks.data';

export const WEBHOOKS_QUEUE = 'parkada-webhooks';

/** One delivery to attempt; `resend`: the owner asked for it again, so it goes even while its webhook is paused. */
export type WebhookJob = { deliveryId: string; resend?: true };

declare module '../env' {
  interface Bindings {
    /** One message per delivery of an event to a webhook, for the webhooks consumer. */
    WEBHOOKS: Queue<WebhookJob>;
  }
}

/** What emitting an event needs: the database, and the Queue. */
export type WebhookContext = { env: Bindings; db: DB };

/** POST /api/account/webhooks: the secret is in this answer only. */
export async function createWebhook({ env, db }: WebhookContext, ownerId: string, input: WebhookInput, now = new Date()) {
  if ((await countWebhooksOf(db, ownerId)) >= WEBHOOKS_PER_OWNER)
    throw refusal('conflict', `An account keeps at most ${WEBHOOKS_PER_OWNER} webhooks: delete one first.`);
  const id = newId();
  const secret = `whsec_${toBase64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  // Kept sealed (docs/security.md): a copy of the database alone cannot sign a delivery.
  await insertWebhook(db, { id, ownerId, ...input, secret: await encryptSecret(env, secret), createdAt: now.toISOString() });
  return { id, secret };
}

export const listWebhooks = (db: DB, ownerId: string) => webhooksOf(db, ownerId);

const ownWebhook = async (db: DB, ownerId: string, id: string) => {
  const webhook = await findOwnWebhook(db, ownerId, id);
  if (!webhook) throw notFound('Webhook');
  return webhook;
};

export async function removeWebhook(db: DB, ownerId: string, id: string) {
  if (!(await deleteOwnWebhook(db, ownerId, id))) throw notFound('Webhook');
}

/** POST /api/account/webhooks/:id/resume: delivering again, its run of failures forgotten. */
export async function resumeWebhook(db: DB, ownerId: string, id: string) {
  if (!(await resumeOwnWebhook(db, ownerId, id))) throw notFound('Webhook');
  return ownWebhook(db, ownerId, id);
}

/** GET /api/account/webhooks/:id/deliveries: the newest first. */
export async function webhookDeliveries(db: DB, ownerId: string, id: string) {
  await ownWebhook(db, ownerId, id);
  return deliveriesOf(db, id);
}

/** POST …/deliveries/:deliveryId/resend: the same event, signed anew. */
export async function resendDelivery(ctx: WebhookContext, ownerId: string, id: string, deliveryId: string) {
  await ownWebhook(ctx.db, ownerId, id);
  if (!(await pendAgain(ctx.db, id, deliveryId))) throw notFound('Delivery');
  await ctx.env.WEBHOOKS.send({ deliveryId, resend: true });
}

/** An event of a lot, for its owner's webhooks; `data` carries the lot's id. Never throws. */
export async function lotEvent(ctx: WebhookContext, type: WebhookEventType, data: { lotId: string }, now = new Date()) {
  try {
    const ownerId = await ownerOfLot(ctx.db, data.lotId);
    if (ownerId) await queueEvent(ctx, ownerId, type, data, now);
  } catch (error) {
    await recordBackgroundFailure(ctx.env.DB, { job: 'Webhook event', subject: `${type} ${data.lotId}`, error }, now.getTime());
  }
}

/** An event of an owner's account (a payout), for their webhooks. Never throws. */
export async function ownerEvent(ctx: WebhookContext, ownerId: string, type: WebhookEventType, data: object, now = new Date()) {
  try {
    await queueEvent(ctx, ownerId, type, data, now);
  } catch (error) {
    await recordBackgroundFailure(ctx.env.DB, { job: 'Webhook event', subject: `${type} ${ownerId}`, error }, now.getTime());
  }
}

/** The event `{ id, type, createdAt, data }`, recorded as one delivery per subscribed webhook and queued. */
async function queueEvent(ctx: WebhookContext, ownerId: string, type: WebhookEventType, data: object, now: Date) {
  const subscribers = await subscribersOf(ctx.db, ownerId, type);
  if (!subscribers.length) return;
  const createdAt = now.toISOString();
  const eventId = `evt_${newId()}`;
  const body = JSON.stringify({ id: eventId, type, createdAt, data });
  const deliveries = subscribers.map((webhookId) => ({ id: newId(), webhookId, eventId, eventType: type, body, createdAt }));
  await insertDeliveries(ctx.db, deliveries);
  await ctx.env.WEBHOOKS.sendBatch(deliveries.map(({ id }) => ({ body: { deliveryId: id } })));
}
