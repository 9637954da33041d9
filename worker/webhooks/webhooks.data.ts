import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { DELIVERIES_KEPT, WEBHOOK_PAUSE_AFTER, type WebhookEventType, type WebhookInput } from '../../core/webhooks';
import type { DB } from '../db/client';
import { lots, webhookDeliveries, webhooks } from '../db/schema';

/** A webhook as its owner sees it: never its secret. */
const listed = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  failures: webhooks.failures,
  pausedAt: webhooks.pausedAt,
  createdAt: webhooks.createdAt,
};

export const countWebhooksOf = async (db: DB, ownerId: string) =>
  (await db.select({ n: count() }).from(webhooks).where(eq(webhooks.ownerId, ownerId)))[0]!.n;

export const insertWebhook = (db: DB, row: WebhookInput & { id: string; ownerId: string; secret: string; createdAt: string }) =>
  db.insert(webhooks).values(row);

export const webhooksOf = (db: DB, ownerId: string) =>
  db.select(listed).from(webhooks).where(eq(webhooks.ownerId, ownerId)).orderBy(webhooks.createdAt);

const own = (ownerId: string, id: string) => and(eq(webhooks.id, id), eq(webhooks.ownerId, ownerId));

export const findOwnWebhook = async (db: DB, ownerId: string, id: string) =>
  (await db.select(listed).from(webhooks).where(own(ownerId, id)))[0] ?? null;

export const deleteOwnWebhook = async (db: DB, ownerId: string, id: string) =>
  (await db.delete(webhooks).where(own(ownerId, id)).returning({ id: webhooks.id })).length > 0;

/** Resumed: delivering again, its run of failures forgotten. */
export const resumeOwnWebhook = async (db: DB, ownerId: string, id: string) =>
  (await db.update(webhooks).set({ pausedAt: null, failures: 0 }).where(own(ownerId, id)).returning({ id: webhooks.id })).length > 0;

/** Who owns the lot: whose webhooks hear of its events. */
export const ownerOfLot = async (db: DB, lotId: string) =>
  (await db.select({ ownerId: lots.ownerId }).from(lots).where(eq(lots.id, lotId)))[0]?.ownerId ?? null;

/** The owner's webhooks, not paused, that asked for this event. */
export async function subscribersOf(db: DB, ownerId: string, type: WebhookEventType) {
  const rows = await db
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.ownerId, ownerId), isNull(webhooks.pausedAt)));
  return rows.filter((row) => row.events.includes(type)).map((row) => row.id);
}

type NewDelivery = { id: string; webhookId: string; eventId: string; eventType: WebhookEventType; body: string; createdAt: string };

/** The deliveries of one event, each webhook's oldest beyond the DELIVERIES_KEPT newest deleted in the same batch. */
export async function insertDeliveries(db: DB, deliveries: NewDelivery[]) {
  const newest = (webhookId: string) =>
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(DELIVERIES_KEPT);
  const prune = (webhookId: string) =>
    db
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhookId), notInArray(webhookDeliveries.id, newest(webhookId))));
  const [first, ...more] = deliveries.flatMap((delivery) => [db.insert(webhookDeliveries).values(delivery), prune(delivery.webhookId)]);
  if (first) await db.batch([first, ...more]);
}

export const deliveriesOf = (db: DB, webhookId: string) =>
  db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERIES_KEPT);

/** A delivery with what sending it needs: its webhook's address, secret, owner and whether it is paused. */
export const deliveryToSend = async (db: DB, id: string) =>
  (
    await db
      .select({
        id: webhookDeliveries.id,
        body: webhookDeliveries.body,
        webhookId: webhooks.id,
        ownerId: webhooks.ownerId,
        url: webhooks.url,
        secret: webhooks.secret,
        pausedAt: webhooks.pausedAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, id))
  )[0] ?? null;

/** An owner's delivery, made pending again for a resend; false when it is not theirs. */
export async function pendAgain(db: DB, webhookId: string, id: string) {
  const again = await db
    .update(webhookDeliveries)
    .set({ status: 'pending' })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
    .returning({ id: webhookDeliveries.id });
  return again.length > 0;
}

export type Attempt = {
  status: 'pending' | 'delivered' | 'failed';
  statusCode: number | null;
  error: string | null;
  at: string;
};

export const recordAttempt = (db: DB, id: string, attempt: Attempt) =>
  db
    .update(webhookDeliveries)
    .set({
      status: attempt.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: attempt.statusCode,
      lastError: attempt.error,
      lastAttemptAt: attempt.at,
    })
    .where(eq(webhookDeliveries.id, id));

export const forgetFailures = (db: DB, webhookId: string) => db.update(webhooks).set({ failures: 0 }).where(eq(webhooks.id, webhookId));

/**
 * One more delivery failed for good: the webhook is paused at WEBHOOK_PAUSE_AFTER in a row. Answers
 * whether this failure paused it (one statement, so two failing at once pause it once).
 */
export async function countFailure(db: DB, webhookId: string, at: string): Promise<boolean> {
  const [row] = await db
    .update(webhooks)
    .set({
      failures: sql`${webhooks.failures} + 1`,
      pausedAt: sql`CASE WHEN ${webhooks.pausedAt} IS NULL AND ${webhooks.failures} + 1 >= ${WEBHOOK_PAUSE_AFTER} THEN ${at} ELSE ${webhooks.pausedAt} END`,
    })
    .where(eq(webhooks.id, webhookId))
    .returning({ pausedAt: webhooks.pausedAt });
  return row?.pausedAt === at;
}
