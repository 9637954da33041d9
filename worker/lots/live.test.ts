import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_PING, LIVE_PONG, LIVE_SOCKETS_PER_CLIENT, type LiveFigures } from '../../core/live';
import { newId } from '../db/ids';
import { cancelBooking, driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, messageOf, seedOnce } from '../test/helpers';

/**
 * `GET /api/lots/:id/live`: the lot object's WebSocket subscribers (Hibernation API) get the figures
 * for now on joining and again after every change, sent by the request that made the change.
 */
beforeAll(seedOnce);

/** A subscriber: every message it received, and a wait for the next one that satisfies `test`. */
async function subscribe(lotId: string, client?: string) {
  const res = await call(`/api/lots/${lotId}/live`, { headers: { Upgrade: 'websocket', ...(client && { 'CF-Connecting-IP': client }) } });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const messages: string[] = [];
  const waiting: Array<() => void> = [];
  socket.addEventListener('message', (event) => {
    messages.push(event.data as string);
    for (const wake of waiting.splice(0)) wake();
  });
  socket.accept();
  const figures = () => messages.filter((m) => m !== LIVE_PONG).map((m) => JSON.parse(m) as LiveFigures);
  // A wait for what must come: its limit only names a failure, never the pace of a loaded machine.
  async function next(test: (messages: string[]) => boolean, ms = 30_000) {
    const deadline = Date.now() + ms;
    while (!test(messages)) {
      if (Date.now() > deadline) throw new Error(`No such message within ${ms} ms; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return { socket, messages, figures, next };
}

describe('live lot figures', () => {
  it('sends the figures on joining, and the new ones to every subscriber by the time a booking and its cancellation answer', async () => {
    const lotId = await makeLot(3);
    const subscribers = await Promise.all(Array.from({ length: 5 }, () => subscribe(lotId)));
    for (const s of subscribers) await s.next(() => s.figures().length >= 1);
    expect(subscribers[0]!.figures()[0]).toMatchObject({ free: 3, total: 3, level: 'available' });

    const { cookie } = await driver(1_000);
    const booked = await reserve(cookie, { lotId, start: inMinutes(5), durationHours: 1 });
    expect(booked.status).toBe(201);
    // The object sent them while it held and committed the slot, before the 201 left.
    for (const s of subscribers) await s.next(() => s.figures().at(-1)?.free === 2);
    expect(subscribers[4]!.figures().at(-1)).toMatchObject({ free: 2, total: 3, level: 'available' });

    const { id } = await booked.json<{ id: string }>();
    expect((await cancelBooking(cookie, id)).status).toBe(200);
    for (const s of subscribers) await s.next(() => s.figures().at(-1)?.free === 3);
    for (const s of subscribers) s.socket.close(1000, 'done');
  });

  it('answers a ping with a pong without a figures message', async () => {
    const s = await subscribe(await makeLot(2));
    await s.next(() => s.figures().length >= 1);
    s.socket.send(LIVE_PING);
    await s.next((messages) => messages.includes(LIVE_PONG));
    expect(s.figures()).toHaveLength(1);
    s.socket.close(1000, 'done');
  });

  it('caps the sockets one client address holds at a lot, counted by the runtime, with a 429 before any upgrade', async () => {
    const lotId = await makeLot(1);
    const [crowd, other] = ['203.0.113.7', '198.51.100.9'];
    const open = await Promise.all(Array.from({ length: LIVE_SOCKETS_PER_CLIENT }, () => subscribe(lotId, crowd)));
    const refused = await call(`/api/lots/${lotId}/live`, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': crowd } });
    expect([refused.status, refused.webSocket, await messageOf(refused)]).toEqual([
      429,
      null,
      'Too many live connections to this lot from your network (at most 20). Close other tabs of this lot and try again.',
    ]);
    // Another address, and the same one at another lot, are not held up.
    (await subscribe(lotId, other)).socket.close(1000, 'done');
    (await subscribe(await makeLot(1), crowd)).socket.close(1000, 'done');
    // A socket that closes frees its place: the runtime's own count, nothing of ours to drift.
    open.pop()!.socket.close(1000, 'done');
    await vi.waitFor(async () => {
      const again = await call(`/api/lots/${lotId}/live`, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': crowd } });
      expect(again.status).toBe(101);
      again.webSocket!.accept();
      again.webSocket!.close(1000, 'done');
    });
    for (const s of open) s.socket.close(1000, 'done');
  });

  it('refuses a plain request with 426, and an unknown or malformed lot', async () => {
    const lotId = await makeLot(1);
    const plain = await call(`/api/lots/${lotId}/live`);
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ message: expect.stringContaining('WebSocket') });
    expect((await call(`/api/lots/${newId()}/live`, { headers: { Upgrade: 'websocket' } })).status).toBe(404);
    expect((await call('/api/lots/not-a-lot/live', { headers: { Upgrade: 'websocket' } })).status).toBe(400);
  });
});
