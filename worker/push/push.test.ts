/**
 * Web Push end to end against real bindings: a lot object's alarm finds a reminder due, the lot-timers
 * consumer notifies, the notice goes onto the real push Queue, its consumer encrypts and signs it, and
 * the stand-in push service receives what a browser would decrypt (worker/test/push-stand-in.ts).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extendUrlOf, type PushPayload } from '../../core/push';
import { notifications, preferences, pushSubscriptions } from '../db/schema';
import worker from '../index';
import { lotObject } from '../lot-object/stub';
import { checkIn, driver, inMinutes, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { call, db, messageOf, seedOnce } from '../test/helpers';
import { arrived } from '../test/arrival';
import { runLotTimers } from '../test/lot-timers';
import { pushBrowser, pushServiceStandIn, vapidOf, type PushDelivery } from '../test/push-stand-in';
import { PUSH_QUEUE, type PushMessage } from './push.service';

type Booking = { id: string; endTs: string };
const pushService = pushServiceStandIn(globalThis.fetch);

beforeAll(seedOnce);
beforeEach(() => {
  pushService.deliveries.length = 0;
  vi.stubGlobal('fetch', pushService.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** A driver whose browser subscribed through the API, with their preferences as given. */
async function subscribedDriver(prefs: Partial<typeof preferences.$inferInsert> = {}) {
  const { user, cookie } = await driver(1_000);
  const browser = await pushBrowser();
  expect((await call('/api/push/subscription', { method: 'PUT', cookie, json: browser.subscription })).status).toBe(204);
  if (Object.keys(prefs).length) await db().update(preferences).set(prefs).where(eq(preferences.userId, user.id));
  return { user, cookie, browser };
}

/** What reached the push service for this browser, once the Queue has delivered it. */
const deliveredTo = (endpoint: string, count = 1): Promise<PushDelivery[]> =>
  arrived(() => pushService.deliveries.filter((d) => d.endpoint === endpoint), count);

/**
 * A driver with every preference on, reminded at the same lot and moment as the one under test: once
 * the Queue has brought theirs, a push for the other would have come too.
 */
async function controlAt(lotId: string) {
  const control = await subscribedDriver();
  await reserve(control.cookie, { lotId, start: inMinutes(40) });
  return () => deliveredTo(control.browser.subscription.endpoint);
}

const notesOf = (userId: string, type: 'BOOKING_REMINDER' | 'BOOKING_EXPIRED' | 'BOOKING_EXTENDED') =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('subscriptions', () => {
  it('hands out the VAPID public key browsers subscribe with', async () => {
    const { cookie } = await driver(0);
    const { publicKey } = await (await call('/api/push/vapid-public-key', { cookie })).json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/); // 65 bytes: 0x04, then x and y
  });

  it('keeps one subscription per browser, moves it to the account signed in on that same browser, and deletes only your own', async () => {
    const first = await driver(0);
    const second = await driver(0);
    const { subscription } = await pushBrowser();
    const put = (cookie: string) => call('/api/push/subscription', { method: 'PUT', cookie, json: subscription });
    const remove = (cookie: string) =>
      call('/api/push/subscription', { method: 'DELETE', cookie, json: { endpoint: subscription.endpoint } });
    expect((await put(first.cookie)).status).toBe(204);
    expect((await put(first.cookie)).status).toBe(204);
    // The same endpoint with the same keys: the same browser, where the second account now signed in.
    expect((await put(second.cookie)).status).toBe(204);
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([second.user.id]);
    expect((await remove(first.cookie)).status).toBe(404);
    expect((await remove(second.cookie)).status).toBe(204);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))).toEqual([]);
  });

  it("refuses another account an endpoint it learned without the browser's keys (409), and changes nothing", async () => {
    const { user, browser } = await subscribedDriver();
    const stranger = await driver(0);
    const strangersKeys = (await pushBrowser()).subscription.keys;
    const before = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    const res = await call('/api/push/subscription', {
      method: 'PUT',
      cookie: stranger.cookie,
      json: { ...browser.subscription, keys: strangersKeys },
    });
    expect([res.status, await messageOf(res)]).toEqual([
      409,
      'This push endpoint is registered to another browser. Turn notifications off and on again on this device.',
    ]);
    const after = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(after).toEqual(before);
    expect(after.map((row) => row.userId)).toEqual([user.id]);
  });

  it('"Sign out of all devices" ends every browser subscription of the account', async () => {
    const { user, cookie } = await subscribedDriver();
    await call('/api/push/subscription', { method: 'PUT', cookie, json: (await pushBrowser()).subscription });
    const others = await subscribedDriver();
    expect((await call('/api/auth/logout-all', { method: 'POST', cookie })).status).toBe(204);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, others.user.id))).toHaveLength(1);
  });

  it.each([
    ['an http endpoint', (s: Sub) => ({ ...s, endpoint: 'http://push.example/1' }), 'The push endpoint must be an https address.'],
    ['a short key', (s: Sub) => ({ ...s, keys: { ...s.keys, p256dh: s.keys.p256dh.slice(0, 40) } }), 'The p256dh key must be 65 bytes.'],
    ['no auth secret', (s: Sub) => ({ ...s, keys: { p256dh: s.keys.p256dh } }), 'The auth secret is required.'],
    [
      "a host that is no browser's push service",
      (s: Sub) => ({ ...s, endpoint: 'https://push.attacker.example.net/send/1' }),
      "The push endpoint must be an address of a browser's push service (Google, Mozilla, Apple or Microsoft).",
    ],
  ])('refuses %s with a 400 and stores nothing', async (_what, spoil, message) => {
    const { user, cookie } = await driver(0);
    const { subscription } = await pushBrowser();
    const res = await call('/api/push/subscription', { method: 'PUT', cookie, json: spoil(subscription) });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it('says plainly when push is not set up on the server', async () => {
    const { cookie } = await driver(0);
    const { subscription } = await pushBrowser();
    const bindings = { VAPID_PRIVATE_JWK: undefined };
    for (const res of [
      await call('/api/push/vapid-public-key', { cookie, bindings }),
      await call('/api/push/subscription', { method: 'PUT', cookie, json: subscription, bindings }),
    ]) {
      expect(res.status).toBe(503);
      expect(await messageOf(res)).toBe('Push notifications are not set up on this server.');
    }
  });

  it('never signs with the development key outside development', async () => {
    const { cookie } = await driver(0);
    const res = await call('/api/push/vapid-public-key', { cookie, bindings: { APP_ENV: 'production' } });
    expect(res.status).toBe(503);
  });
});
type Sub = Awaited<ReturnType<typeof pushBrowser>>['subscription'];

describe('reminders reach the phone', () => {
  it('sends the start reminder encrypted for the browser (RFC 8291) and signed with our VAPID key (RFC 8292)', async () => {
    const lotId = await makeLot(1);
    const { user, cookie, browser } = await subscribedDriver();
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(40) })).json<Booking>();
    await runLotTimers(lotObject(env, lotId), Date.now() + 12 * MINUTE);
    const [delivery] = await deliveredTo(browser.subscription.endpoint);
    expect(await browser.open(delivery)).toEqual({
      title: 'Your parking starts soon',
      body: (await notesOf(user.id, 'BOOKING_REMINDER'))[0].message,
      url: `/reservation/${booking.id}`,
      tag: `booking-${booking.id}`,
    } satisfies PushPayload);
    const { publicKey } = await (await call('/api/push/vapid-public-key', { cookie })).json<{ publicKey: string }>();
    const vapid = await vapidOf(delivery);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.alg).toBe('ES256');
    expect(vapid.claims.sub).toBe('mailto:dev@parkada.ph');
    expect(vapid.claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * MINUTE);
    expect(Number(delivery.headers.get('ttl'))).toBeGreaterThan(0);
    expect(delivery.headers.get('urgency')).toBe('high');
  });

  it('sends "ends in 15 minutes" with the Extend 1 hour action, to every browser of the driver', async () => {
    const lotId = await makeLot(1);
    const { cookie, browser } = await subscribedDriver();
    const phone = await pushBrowser();
    await call('/api/push/subscription', { method: 'PUT', cookie, json: phone.subscription });
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<Booking>();
    await checkIn(booking.id);
    await runLotTimers(lotObject(env, lotId), Date.parse(booking.endTs) - 10 * MINUTE);
    for (const device of [browser, phone]) {
      const [delivery] = await deliveredTo(device.subscription.endpoint);
      expect(await device.open(delivery)).toMatchObject({
        title: 'Your parking ends in 15 minutes',
        url: `/reservation/${booking.id}`,
        extendUrl: extendUrlOf(booking.id),
      });
    }
  });

  it('sends the no-show expiry', async () => {
    const lotId = await makeLot(1);
    const { user, cookie, browser } = await subscribedDriver();
    await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 });
    await runLotTimers(lotObject(env, lotId), Date.now() + 17 * MINUTE);
    const [delivery] = await deliveredTo(browser.subscription.endpoint);
    expect(await browser.open(delivery)).toMatchObject({
      title: 'Reservation expired',
      body: (await notesOf(user.id, 'BOOKING_EXPIRED'))[0].message,
    });
  });

  it('sends the result of Auto Extend, not the end reminder, when Auto Extend is on', async () => {
    const lotId = await makeLot(1);
    const { user, cookie, browser } = await subscribedDriver({ autoExtend: true });
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<Booking>();
    await checkIn(booking.id);
    await runLotTimers(lotObject(env, lotId), Date.parse(booking.endTs) - 10 * MINUTE);
    const [delivery] = await deliveredTo(browser.subscription.endpoint);
    expect(await browser.open(delivery)).toMatchObject({ title: 'Stay extended automatically', url: `/reservation/${booking.id}` });
    expect(await notesOf(user.id, 'BOOKING_EXTENDED')).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('Push Notifications off: the reminder stays in the app, nothing reaches the phone', async () => {
    const lotId = await makeLot(2);
    const { user, cookie, browser } = await subscribedDriver({ pushNotifications: false });
    await reserve(cookie, { lotId, start: inMinutes(40) });
    const controlDelivered = await controlAt(lotId);
    await runLotTimers(lotObject(env, lotId), Date.now() + 12 * MINUTE);
    await controlDelivered();
    expect(await notesOf(user.id, 'BOOKING_REMINDER')).toHaveLength(1);
    expect(pushService.deliveries.filter((d) => d.endpoint === browser.subscription.endpoint)).toEqual([]);
  });

  it('Booking Reminders off: no reminder, in the app or on the phone', async () => {
    const lotId = await makeLot(2);
    const { user, cookie, browser } = await subscribedDriver({ bookingReminders: false });
    await reserve(cookie, { lotId, start: inMinutes(40) });
    const controlDelivered = await controlAt(lotId);
    await runLotTimers(lotObject(env, lotId), Date.now() + 12 * MINUTE);
    await controlDelivered();
    expect(await notesOf(user.id, 'BOOKING_REMINDER')).toEqual([]);
    expect(pushService.deliveries.filter((d) => d.endpoint === browser.subscription.endpoint)).toEqual([]);
  });
});

describe('delivery', () => {
  /** The push consumer given one message, as the Queue would deliver it; answers what it asked of the Queue. */
  async function consume(subscriptionId: string, attempts = 1) {
    const payload: PushPayload = { title: 'Your parking starts soon', body: 'Greenbelt 3', url: '/reservations', tag: 'booking-1' };
    const batch = createMessageBatch<PushMessage>(PUSH_QUEUE, [
      { id: 'push-1', timestamp: new Date(), attempts, body: { subscriptionId, payload } },
    ]);
    await worker.queue(batch, env);
    return getQueueResult(batch, createExecutionContext());
  }
  const subscriptionOf = async (userId: string) =>
    (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))[0];

  it('forgets a browser the push service says is gone (404, 410)', async () => {
    for (const status of [404, 410]) {
      const { user } = await subscribedDriver();
      const { id } = await subscriptionOf(user.id);
      pushService.answers.push(status);
      expect(await consume(id)).toMatchObject({ explicitAcks: ['push-1'], retryMessages: [] });
      expect(await subscriptionOf(user.id)).toBeUndefined();
    }
  });

  it('never posts to a subscription saved before the push services were checked: it is forgotten', async () => {
    const { user } = await subscribedDriver();
    const { id } = await subscriptionOf(user.id);
    await db().update(pushSubscriptions).set({ endpoint: 'https://push.attacker.example.net/send/1' }).where(eq(pushSubscriptions.id, id));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return Promise.resolve(new Response(null, { status: 201 }));
    });
    expect(await consume(id)).toMatchObject({ explicitAcks: ['push-1'], retryMessages: [] });
    expect([fetched, await subscriptionOf(user.id)]).toEqual([[], undefined]);
  });

  it('tries again later when the push service is busy or failing, and keeps the subscription', async () => {
    const { user } = await subscribedDriver();
    const { id } = await subscriptionOf(user.id);
    pushService.answers.push(429, 503);
    expect((await consume(id, 1)).retryMessages).toEqual([{ msgId: 'push-1' }]);
    expect((await consume(id, 3)).retryMessages).toEqual([{ msgId: 'push-1' }]);
    expect(await subscriptionOf(user.id)).toBeDefined();
  });

  it('tries again when the network fails, and drops a message whose browser unsubscribed meanwhile', async () => {
    const { user } = await subscribedDriver();
    const { id } = await subscriptionOf(user.id);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Network connection lost.')));
    expect((await consume(id)).retryMessages).toHaveLength(1);
    vi.stubGlobal('fetch', pushService.fetch);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(await consume(id)).toMatchObject({ explicitAcks: ['push-1'], retryMessages: [] });
    expect(pushService.deliveries).toEqual([]);
  });
});
