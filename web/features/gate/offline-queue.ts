/**
 * Entries and exits made without a connection wait in IndexedDB and are sent in the order they were
 * made once the server answers again. Each carries the Idempotency-Key it was queued with, so an item
 * sent twice (the answer lost on the way back, two tabs flushing) is applied once.
 */
import { ApiError } from '../../lib/api';
import { forgetOfflineUser, offlineUser } from '../../lib/session';
import { setQueuedCount, setSyncing } from './connection';
import { postEntry, postExit, type Checkin } from './gate-api';
import { syncedMessage } from './gate-outcome';
import {
  addRejected,
  addToQueue,
  clearGateDevice,
  forgetStay,
  queuedCount,
  queuedItems,
  rememberStay,
  removeFromQueue,
  type QueuedBy,
  type QueuedItem,
  type Rejected,
} from './gate-store';

/**
 * Answers that say "not now" rather than "no": the item stays queued and is tried again later. A
 * 401 means the session ended while offline: signing in again sends it, so it must not be dropped.
 */
const keepsItem = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;

export type Send = (item: QueuedItem) => Promise<Checkin>;
const APPLIED_KEPT = 20;
const send: Send = (item) => (item.kind === 'enter' ? postEntry(item.body, item.key) : postExit(item.checkinId, item.body, item.key));

export async function refreshQueuedCount() {
  setQueuedCount(await queuedCount());
}

/** The person signed in on the gate (kept on the device to start offline), as an item's label. */
function signedInHere(): QueuedBy | undefined {
  const user = offlineUser();
  return user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : undefined;
}

export async function enqueue(item: QueuedItem) {
  await addToQueue({ ...item, queuedBy: signedInHere() });
  await refreshQueuedCount();
}

/** Items someone else queued on this phone and could not send before signing out: shown, labelled, until sent. */
export const queuedByOthers = async (userId: string) =>
  (await queuedItems()).filter((item) => item.queuedBy && item.queuedBy.id !== userId);

/** A queued item the server applied, and what it made of it (a walk-in, a revived reservation, a charge). */
export type Applied = Omit<Rejected, 'message'> & { message: string };
export type FlushResult = { sent: number; applied: Applied[]; rejected: Rejected[]; remaining: number };

/** What this device's queue sent lately, newest first, for as long as the page lives (refusals persist in IndexedDB). */
let recentlyApplied: Applied[] = [];
export const appliedItems = () => recentlyApplied;
export const dismissApplied = () => {
  recentlyApplied = [];
};

async function sendInOrder(sendItem: Send): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, applied: [], rejected: [], remaining: 0 };
  const items = await queuedItems();
  for (const [index, item] of items.entries()) {
    try {
      const checkin = await sendItem(item);
      if (item.kind === 'enter')
        await rememberStay({
          id: checkin.id,
          lotId: item.lotId,
          plate: checkin.plate,
          reservationId: checkin.reservationId,
          slot: checkin.slot,
          entryTs: checkin.entryTs,
          sent: true,
        });
      result.sent += 1;
      result.applied.push({
        key: item.key,
        kind: item.kind,
        plate: checkin.plate,
        message: syncedMessage(item.kind, checkin),
        at: new Date().toISOString(),
        queuedBy: item.queuedBy,
      });
    } catch (error) {
      if (keepsItem(error)) {
        result.remaining = items.length - index;
        break;
      }
      const rejected: Rejected = {
        key: item.key,
        kind: item.kind,
        plate: item.plate,
        message: (error as ApiError).text,
        at: new Date().toISOString(),
        queuedBy: item.queuedBy,
      };
      await addRejected(rejected);
      if (item.kind === 'enter') await forgetStay(item.body.id);
      result.rejected.push(rejected);
    }
    await removeFromQueue(item.seq!);
    await refreshQueuedCount();
  }
  return result;
}

let flushing: Promise<FlushResult> | null = null;
const flushListeners = new Set<(result: FlushResult) => void>();

/** Whoever shows the gate hears what each flush sent and what the server refused. */
export function onFlushed(listener: (result: FlushResult) => void) {
  flushListeners.add(listener);
  return () => {
    flushListeners.delete(listener);
  };
}

/** Sends what is queued, one flush at a time (across tabs too, where the browser has Web Locks). */
export function flushQueue(sendItem: Send = send): Promise<FlushResult> {
  flushing ??= (async () => {
    setSyncing(true);
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      const result = locks ? await locks.request('parkada-gate-queue', () => sendInOrder(sendItem)) : await sendInOrder(sendItem);
      recentlyApplied = [...[...result.applied].reverse(), ...recentlyApplied].slice(0, APPLIED_KEPT);
      for (const listener of flushListeners) listener(result);
      return result;
    } finally {
      setSyncing(false);
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * Signing out on a shared gate phone (docs/gate.md, "A shared phone"): what waits is sent first, then
 * the device forgets this person's gate (the profile it starts offline with, the lot, the cars let in,
 * the pass keys, the refusals). Items that could not be sent stay, labelled with who queued them, for
 * whoever signs in here next: never dropped.
 */
export async function leaveGateDevice(sendItem: Send = send): Promise<FlushResult | null> {
  const result = (await queuedCount()) > 0 ? await flushQueue(sendItem) : null;
  await clearGateDevice();
  forgetOfflineUser();
  dismissApplied();
  return result;
}
