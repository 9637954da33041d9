/**
 * Signed webhooks against real bindings (docs/api.md, Webhooks): an owner subscribes, their lots'
 * events go through the real Queue to a stand-in partner that verifies each signature as the docs say
 * (worker/test/webhook-partner.ts); the consumer's retries, dead letter and pause are driven with
 * batches as the Queue would deliver them, at a fixed time.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_ATTEMPTS, WEBHOOK_PAUSE_AFTER, type WebhookEventType } from '../../core/webhooks';
import { newId } from '../db/ids';
import { notifications, webhookDeliveries, webhooks } from '../db/schema';
import { driver, inMinutes, reserve } from '../test/booking-fixtures';
import { call, db, messageOf, seedOnce } from '../test/helpers';
import { newOwner } from '../test/owner-lots';
import { PARTNER_ORIGIN, partnerStandIn, subscribedOwner as subscribed, verifyParkadaSignature } from '../test/webhook-partner';
import { consumeWebhooks } from './webhook-delivery.service';
import { insertDeliveries } from './webhooks.data';
import { WEBHOOKS_QUEUE, type WebhookJob } from './webhooks.service';

const partner = partnerStandIn(globalThis.fetch);
const subscribedOwner = (events?: WebhookEventType[]) => subscribed(partner, events);
const receivedAt = (url: string, count?: number) => partner.arrived(url, count);
/** 2026-11-29 11:45 PM Manila: the consumer tests' clock, the partner's too. */
const NOW = new Date('2026-11-29T15:45:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;

beforeAll(seedOnce);
beforeEach(() => {
  partner.received.length = 0;
  partner.answers.length = 0;
  partner.clock = () => Math.floor(Date.now() / 1000);
  vi.stubGlobal('fetch', partner.fetch);
});
afterEach(() => vi.unstubAllGlobals());

type Listed = { id: string; url: string; events: string[]; failures: number; pausedAt: string | null };
type Delivery = {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
};

const deliveriesOf = async (cookie: string, id: string) =>
  (await call(`/api/account/webhooks/${id}/deliveries`, { cookie })).json<Delivery[]>();

describe('subscribing', () => {
  it('answers the secret once: the list never shows it, and the database keeps it sealed', async () => {
    const { cookie, id, secret, url } = await subscribedOwner(['stay.started', 'stay.ended']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = await (await call('/api/account/webhooks', { cookie })).json<Listed[]>();
    expect(listed).toEqual([expect.objectContaining({ id, url, events: ['stay.started', 'stay.ended'], failures: 0, pausedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed[0]).not.toHaveProperty('secret');
    const [stored] = await db().select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, id));
    expect(stored!.secret).not.toContain(secret.slice('whsec_'.length));
    expect(stored!.secret).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  });

  it('refuses an address that is not https, or is local or private, and changes nothing', async () => {
    const { cookie } = await newOwner();
    for (const url of [
      'http://hooks.partner.example/parkada',
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://172.20.0.1/hook',
      'https://[::1]/hook',
      'https://printer.local/hook',
    ]) {
      const res = await call('/api/account/webhooks', { method: 'POST', cookie, json: { url, events: ['stay.started'] } });
      expect(res.status, url).toBe(400);
      expect(await messageOf(res)).toMatch(/https address|public address/);
    }
    const unknown = await call('/api/account/webhooks', {
      method: 'POST',
      cookie,
      json: { url: `${PARTNER_ORIGIN}/x`, events: ['booking.made'] },
    });
    expect(unknown.status).toBe(400);
    expect(await (await call('/api/account/webhooks', { cookie })).json()).toEqual([]);
  });

  it('is for owners: a driver is refused 403', async () => {
    const { cookie } = await driver(0);
    const res = await call('/api/account/webhooks', {
      method: 'POST',
      cookie,
      json: { url: `${PARTNER_ORIGIN}/x`, events: ['stay.started'] },
    });
    expect(res.status).toBe(403);
    expect((await call('/api/account/webhooks', { cookie })).status).toBe(403);
  });

  it('keeps at most 10 webhooks an owner; deleting one is the owner’s alone', async () => {
    const { cookie, id } = await subscribedOwner();
    for (let i = 1; i < 10; i++)
      expect(
        (
          await call('/api/account/webhooks', {
            method: 'POST',
            cookie,
            json: { url: `${PARTNER_ORIGIN}/${i}`, events: ['review.posted'] },
          })
        ).status,
      ).toBe(201);
    const eleventh = await call('/api/account/webhooks', {
      method: 'POST',
      cookie,
      json: { url: `${PARTNER_ORIGIN}/11`, events: ['review.posted'] },
    });
    expect(eleventh.status).toBe(409);
    const stranger = await newOwner();
    expect((await call(`/api/account/webhooks/${id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/account/webhooks/${id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await (await call('/api/account/webhooks', { cookie })).json<Listed[]>()).toHaveLength(9);
  });
});

describe('delivery', () => {
  it('posts the owner’s lot’s event, signed, and only to that owner: the partner verifies it as docs/api.md says', async () => {
    const mine = await subscribedOwner(['reservation.created']);
    const other = await subscribedOwner(['reservation.created']);
    const { cookie } = await driver(1_000);
    expect((await reserve(cookie, { lotId: mine.lotId, start: inMinutes(60), plate: 'NAB 1234' })).status).toBe(201);
    const [delivery] = await receivedAt(mine.url);
    expect(delivery!.verified).toBe(true);
    expect(delivery!.event).toMatchObject({ type: 'reservation.created', data: { lotId: mine.lotId, reservation: { plate: 'NAB ••34' } } });
    expect(delivery!.event.id).toMatch(/^evt_/);
    expect(delivery!.body).not.toMatch(/@|NAB 1234/);
    expect(partner.at(other.url)).toEqual([]);
    await vi.waitFor(async () =>
      expect(await deliveriesOf(mine.cookie, mine.id)).toEqual([
        expect.objectContaining({
          eventType: 'reservation.created',
          status: 'delivered',
          attempts: 1,
          lastStatusCode: 200,
          lastError: null,
        }),
      ]),
    );
  });

  it('a tampered body, another secret or an old timestamp fails the documented verification', async () => {
    const { url, secret, lotId } = await subscribedOwner(['reservation.created']);
    const { cookie } = await driver(1_000);
    await reserve(cookie, { lotId, start: inMinutes(60) });
    const [{ header, body }] = await receivedAt(url);
    const t = Number(/t=(\d+)/.exec(header ?? '')![1]);
    expect(await verifyParkadaSignature(secret, header, body, t)).toBe(true);
    expect(await verifyParkadaSignature(secret, header, body.replace('reservation.created', 'reservation.cancelled'), t)).toBe(false);
    expect(await verifyParkadaSignature(`${secret}x`, header, body, t)).toBe(false);
    expect(await verifyParkadaSignature(secret, header, body, t + 301)).toBe(false);
    expect(await verifyParkadaSignature(secret, header, body, t - 301)).toBe(false);
  });
});

/** A delivery recorded for the webhook, with no Queue message of its own: the test hands it to the consumer. */
async function pendingDelivery(webhookId: string) {
  const id = newId();
  const body = JSON.stringify({ id: `evt_${id}`, type: 'stay.started', createdAt: NOW.toISOString(), data: { lotId: 'lot' } });
  await insertDeliveries(db(), [{ id, webhookId, eventId: `evt_${id}`, eventType: 'stay.started', body, createdAt: NOW.toISOString() }]);
  return id;
}

/**
 * The consumer given one message, as the Queue's `attempts`-th delivery of it, at NOW: what it asked
 * of the Queue, and the delays it asked for (which the Queue's result does not show).
 */
async function consume(deliveryId: string, attempts: number) {
  partner.clock = () => NOW_SECONDS;
  const batch = createMessageBatch<WebhookJob>(WEBHOOKS_QUEUE, [{ id: deliveryId, timestamp: NOW, attempts, body: { deliveryId } }]);
  const retry = vi.spyOn(batch.messages[0]!, 'retry');
  await consumeWebhooks(batch, env, () => NOW);
  return { ...(await getQueueResult(batch, createExecutionContext())), delays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

const rowOf = async (id: string) => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const webhookRow = async (id: string) => (await db().select().from(webhooks).where(eq(webhooks.id, id)))[0]!;

describe('retries, dead letter and pause', () => {
  it('tries again later, waiting longer each time, on a 500 or no answer, and records each attempt', async () => {
    const { id } = await subscribedOwner();
    const deliveryId = await pendingDelivery(id);
    partner.answers.push(500, 'timeout', 200);
    expect(await consume(deliveryId, 1)).toMatchObject({ retryMessages: [{ msgId: deliveryId }], delays: [60] });
    expect(await rowOf(deliveryId)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(await consume(deliveryId, 2)).toMatchObject({ retryMessages: [{ msgId: deliveryId }], delays: [120] });
    expect(await rowOf(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'No answer within 10 s',
    });
    expect(await consume(deliveryId, 3)).toMatchObject({ explicitAcks: [deliveryId], retryMessages: [] });
    expect(await rowOf(deliveryId)).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastStatusCode: 200,
      lastAttemptAt: NOW.toISOString(),
    });
    expect(partner.at(partner.received[0]!.url).every((delivery) => delivery.verified)).toBe(true);
  });

  it('after its last attempt fails, a delivery is marked failed and goes to the dead-letter queue', async () => {
    const { id } = await subscribedOwner();
    const deliveryId = await pendingDelivery(id);
    partner.answers.push(503);
    // A retry without a delay, after the last attempt: the Queue moves it to the dead-letter queue.
    expect(await consume(deliveryId, WEBHOOK_ATTEMPTS)).toMatchObject({ retryMessages: [{ msgId: deliveryId }], delays: [undefined] });
    expect(await rowOf(deliveryId)).toMatchObject({ status: 'failed', lastStatusCode: 503 });
    expect(await webhookRow(id)).toMatchObject({ failures: 1, pausedAt: null });
  });

  it(`pauses a webhook after ${WEBHOOK_PAUSE_AFTER} failed deliveries in a row and tells its owner; resumed, it delivers again`, async () => {
    const { id, user, cookie } = await subscribedOwner();
    for (let i = 0; i < WEBHOOK_PAUSE_AFTER; i++) {
      partner.answers.push(500);
      await consume(await pendingDelivery(id), WEBHOOK_ATTEMPTS);
    }
    expect(await webhookRow(id)).toMatchObject({ failures: WEBHOOK_PAUSE_AFTER, pausedAt: NOW.toISOString() });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'WEBHOOK_PAUSED')));
    expect(told).toHaveLength(1);
    // Paused: what was queued before is not sent.
    const queued = await pendingDelivery(id);
    const sent = partner.received.length;
    expect(await consume(queued, 1)).toMatchObject({ explicitAcks: [queued], retryMessages: [] });
    expect(partner.received).toHaveLength(sent);
    const resumed = await call(`/api/account/webhooks/${id}/resume`, { method: 'POST', cookie });
    expect(await resumed.json()).toMatchObject({ id, failures: 0, pausedAt: null });
    await consume(queued, 1);
    expect(await rowOf(queued)).toMatchObject({ status: 'delivered' });
  });

  it('a success between failures starts the count again', async () => {
    const { id } = await subscribedOwner();
    partner.answers.push(500);
    await consume(await pendingDelivery(id), WEBHOOK_ATTEMPTS);
    await consume(await pendingDelivery(id), 1);
    expect(await webhookRow(id)).toMatchObject({ failures: 0 });
  });
});

describe('resend', () => {
  it('sends a delivery again through the Queue, signed anew; only its owner may', async () => {
    const { id, cookie, url } = await subscribedOwner();
    const deliveryId = await pendingDelivery(id);
    partner.answers.push(500);
    await consume(deliveryId, WEBHOOK_ATTEMPTS);
    partner.clock = () => Math.floor(Date.now() / 1000);
    const stranger = await newOwner();
    const path = `/api/account/webhooks/${id}/deliveries/${deliveryId}/resend`;
    expect((await call(path, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    expect((await call(path, { method: 'POST', cookie })).status).toBe(202);
    const [first, again] = await receivedAt(url, 2);
    expect(again!.verified).toBe(true);
    expect(again!.body).toBe(first!.body);
    await vi.waitFor(async () => expect(await rowOf(deliveryId)).toMatchObject({ status: 'delivered', lastStatusCode: 200 }));
  });
});
