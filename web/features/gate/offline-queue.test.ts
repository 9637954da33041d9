/**
 * The offline gate against a stand-in network: `fetch` either throws (no connection) or answers as
 * the server would. IndexedDB is fake-indexeddb's, in memory.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionState, markReachable, markUnreachable } from './connection';
import { checkIn, checkOut, NotOnDevice } from './gate-actions';
import { offlineUser, rememberForOffline, type CurrentUser } from '../../lib/session';
import {
  addRejected,
  gateDb,
  queuedItems,
  rejectedItems,
  rememberedLot,
  rememberLot,
  savedPassKeys,
  savePublicKeys,
  stayOnDevice,
} from './gate-store';
import { syncedMessage } from './gate-outcome';
import { appliedItems, flushQueue, leaveGateDevice, queuedByOthers } from './offline-queue';

const LOT = 'lot-greenbelt';
type Sent = { method: string; path: string; key: string | null; body: Record<string, unknown> | null };
let sent: Sent[] = [];
let answer: (request: Sent) => Response | 'no network';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The server's check-in answer for an entry or exit body. */
const checkinAnswer = ({ path, body }: Sent) =>
  json(path.endsWith('/exit') ? 200 : 201, {
    id: body?.id ?? path.split('/')[3],
    plate: body?.plate,
    slot: 'W-01',
    reservationId: null,
    walkIn: true,
    amountCents: path.endsWith('/exit') ? 8_000 : null,
    paidBy: path.endsWith('/exit') ? 'cash' : null,
    entryTs: body?.entryTs ?? '',
    lotId: LOT,
  });

/** The browser's localStorage, which Node has not. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** An attendant signed in on the gate phone, as the gate screens remember them to start offline. */
const attendant = (id: string, firstName: string) => {
  const user = { id, firstName, lastName: 'Reyes', role: 'attendant' } as CurrentUser;
  rememberForOffline(user);
  return user;
};

beforeEach(async () => {
  sent = [];
  vi.stubGlobal('localStorage', memoryStorage());
  answer = checkinAnswer;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const request = {
        method: init.method ?? 'GET',
        path,
        key: headers.get('Idempotency-Key'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      const response = answer(request);
      if (response === 'no network') throw new TypeError('Failed to fetch');
      sent.push(request);
      return response;
    }),
  );
  const db = await gateDb();
  await Promise.all((['queue', 'stays', 'passKeys', 'rejected'] as const).map((store) => db.clear(store)));
  markReachable();
});
afterEach(() => vi.unstubAllGlobals());

const offline = () => {
  answer = () => 'no network';
  markUnreachable();
};
const online = () => {
  answer = checkinAnswer;
  markReachable();
};

describe('entries and exits made offline', () => {
  it('queue a walk-in and its exit with one check-in id chosen on the device, then send them in order', async () => {
    offline();
    expect(await checkIn(LOT, { plate: 'nab-1234' })).toEqual({ queued: true, plate: 'NAB 1234', slot: null });
    expect(connectionState()).toMatchObject({ online: false, queued: 1 });
    const entryId = (await stayOnDevice(LOT, 'NAB 1234'))!.id;

    expect(await checkOut(LOT, { plate: 'NAB 1234' })).toEqual({ queued: true, plate: 'NAB 1234', slot: null });
    expect(connectionState().queued).toBe(2);
    expect(await stayOnDevice(LOT, 'NAB 1234')).toBeUndefined();

    online();
    const flushed = await flushQueue();
    expect(flushed).toMatchObject({ sent: 2, rejected: [], remaining: 0 });
    // The attendant is told what the server made of each item.
    expect(flushed.applied.map(({ kind, plate, message }) => ({ kind, plate, message }))).toEqual([
      { kind: 'enter', plate: 'NAB 1234', message: 'Checked in as a walk-in, slot W-01.' },
      { kind: 'exit', plate: 'NAB 1234', message: 'Checked out. Collect ₱80.00 in cash.' },
    ]);
    expect(appliedItems().map((item) => item.kind)).toEqual(['exit', 'enter']);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/checkins/enter', `POST /api/checkins/${entryId}/exit`]);
    expect(sent[0].body).toMatchObject({ id: entryId, plate: 'NAB 1234', action: 'checkin', lotId: LOT });
    expect(sent[1].body).toMatchObject({ plate: 'NAB 1234', action: 'checkout', lotId: LOT });
    expect(new Set(sent.map((request) => request.key)).size).toBe(2);
    expect(connectionState().queued).toBe(0);
  });

  it('keep an item whose send failed on the network, and retry it with the same Idempotency-Key', async () => {
    offline();
    await checkIn(LOT, { plate: 'ABC 123' });
    const [queued] = await queuedItems();
    markReachable();
    expect(await flushQueue()).toMatchObject({ sent: 0, rejected: [], remaining: 1 });
    expect(connectionState().online).toBe(false);

    online();
    await flushQueue();
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toBe(queued.key);
    expect(await queuedItems()).toEqual([]);
  });

  it('drop an item the server refuses, keep the reason to show, and send the rest', async () => {
    offline();
    await checkIn(LOT, { plate: 'ABC 123' });
    await checkIn(LOT, { plate: 'XYZ 987' });
    answer = (request) => (request.body?.plate === 'ABC 123' ? json(409, { message: 'Lot is full' }) : checkinAnswer(request));
    markReachable();
    const result = await flushQueue();
    expect(result).toMatchObject({ sent: 1, remaining: 0, rejected: [{ kind: 'enter', plate: 'ABC 123', message: 'Lot is full' }] });
    expect(await rejectedItems()).toMatchObject([{ plate: 'ABC 123', message: 'Lot is full' }]);
    // The refused car is not on the device's list of cars inside; the accepted one is, with the server's slot.
    expect(await stayOnDevice(LOT, 'ABC 123')).toBeUndefined();
    expect(await stayOnDevice(LOT, 'XYZ 987')).toMatchObject({ sent: true, slot: 'W-01' });
  });

  it('keep everything when the session ended meanwhile (401): signing in again sends it', async () => {
    offline();
    await checkIn(LOT, { plate: 'ABC 123' });
    answer = () => json(401, { message: 'Please sign in.' });
    markReachable();
    expect(await flushQueue()).toMatchObject({ sent: 0, rejected: [], remaining: 1 });
    expect(await queuedItems()).toHaveLength(1);
  });

  it('queue a new entry behind items still waiting, so nothing overtakes', async () => {
    offline();
    await checkIn(LOT, { plate: 'ABC 123' });
    // The server answers again, but the first item fails once more: the second must wait behind it.
    let first = true;
    answer = (request) => {
      if (!first || request.body?.plate !== 'ABC 123') return checkinAnswer(request);
      first = false;
      return 'no network';
    };
    markReachable();
    expect(await checkIn(LOT, { plate: 'XYZ 987' })).toMatchObject({ queued: true });
    online();
    await flushQueue();
    expect(sent.map((request) => request.body?.plate)).toEqual(['ABC 123', 'XYZ 987']);
  });

  it('cannot check out offline a car this device never let in', async () => {
    offline();
    await expect(checkOut(LOT, { plate: 'ABC 123' })).rejects.toBeInstanceOf(NotOnDevice);
  });

  it('sends at once when online, and the answer is what the attendant sees', async () => {
    expect(await checkIn(LOT, { plate: 'ABC 123', slot: 'a-1' })).toMatchObject({
      queued: false,
      checkin: { plate: 'ABC 123', slot: 'W-01' },
    });
    expect(sent[0].body).toMatchObject({ slot: 'a-1' });
    answer = (request) =>
      request.path.startsWith('/api/checkins/open')
        ? json(200, { id: 'server-id', plate: 'ABC 123', slot: 'W-01' })
        : checkinAnswer(request);
    await checkOut(LOT, { plate: 'ABC 123', lostTicket: true });
    expect(sent.slice(1).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/checkins/open?lotId=lot-greenbelt&plate=ABC+123',
      'POST /api/checkins/server-id/exit',
    ]);
    expect(sent[2].body).toMatchObject({ lostTicket: true, action: 'checkout' });
  });
});

describe('signing out on a shared gate phone', () => {
  it('sends what waits first, then forgets the gate: profile, lot, cars let in, pass keys, refusals', async () => {
    attendant('u-ana', 'Ana');
    rememberLot({ id: LOT, name: 'Greenbelt 3' });
    await savePublicKeys({ keys: [] }, new Date().toISOString());
    await addRejected({ key: 'k-old', kind: 'enter', plate: 'OLD 111', message: 'Lot is full', at: new Date().toISOString() });
    offline();
    await checkIn(LOT, { plate: 'NAB 1234' });
    online();
    expect(await leaveGateDevice()).toMatchObject({ sent: 1, remaining: 0 });
    expect(sent.map((request) => request.body?.plate)).toEqual(['NAB 1234']);
    expect(await queuedItems()).toEqual([]);
    expect([await stayOnDevice(LOT, 'NAB 1234'), await rejectedItems(), (await savedPassKeys(LOT)).jwks]).toEqual([undefined, [], null]);
    expect([offlineUser(), rememberedLot()]).toEqual([null, null]);
  });

  it('keeps what could not be sent, labelled with who queued it, for the next person signed in, who sends it', async () => {
    attendant('u-ana', 'Ana');
    offline();
    await checkIn(LOT, { plate: 'NAB 1234' });
    expect(await leaveGateDevice()).toMatchObject({ sent: 0, remaining: 1 });
    expect([offlineUser(), await stayOnDevice(LOT, 'NAB 1234')]).toEqual([null, undefined]);
    expect(await queuedItems()).toMatchObject([{ plate: 'NAB 1234', queuedBy: { id: 'u-ana', name: 'Ana Reyes' } }]);

    const next = attendant('u-ben', 'Ben');
    expect(await queuedByOthers(next.id)).toMatchObject([{ plate: 'NAB 1234', kind: 'enter', queuedBy: { name: 'Ana Reyes' } }]);
    expect(await queuedByOthers('u-ana')).toEqual([]);
    online();
    const flushed = await flushQueue();
    expect(flushed.applied).toMatchObject([{ plate: 'NAB 1234', queuedBy: { id: 'u-ana', name: 'Ana Reyes' } }]);
    expect(await queuedByOthers(next.id)).toEqual([]);
  });
});

describe('what a sent item became', () => {
  it('tells the attendant when an entry revived a reservation that expired while it waited', () => {
    const checkin = { plate: 'NAB 1234', slot: 'A-2', walkIn: false, reservationId: 'r1', revived: true } as Parameters<
      typeof syncedMessage
    >[1];
    expect(syncedMessage('enter', checkin)).toBe(
      'Checked in on its reservation, slot A-2: the entry came before the no-show deadline, so the expired reservation is active again.',
    );
    expect(syncedMessage('enter', { ...checkin, revived: undefined })).toBe('Checked in on its reservation, slot A-2.');
  });
});
