/**
 * What the gate keeps on the device (IndexedDB, through `idb`), so it works without a connection:
 * - `queue`: entries and exits waiting to be sent, in the order they were made;
 * - `stays`: the cars this device let in and has not let out, so an offline entry can be checked
 *   out offline and a pass used offline cannot enter twice;
 * - `passKeys`: the published pass keys and each lot's revoked passes, synced while online;
 * - `rejected`: queued items the server refused when they were sent, until the attendant dismisses them;
 * and, in localStorage, the lot the gate works (docs/gate.md). Signing out clears all of it but the
 * items still queued (`clearGateDevice`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { storedJson } from '../../lib/stored';
import type { EntryBody, ExitBody, GateLot, PublicKeys } from './gate-api';

/** Who queued an item on this phone: shown to whoever is signed in when it is someone else. */
export type QueuedBy = { id: string; name: string };

type Queued = { seq?: number; key: string; lotId: string; plate: string; queuedAt: string; queuedBy?: QueuedBy };
export type QueuedItem = (Queued & { kind: 'enter'; body: EntryBody }) | (Queued & { kind: 'exit'; checkinId: string; body: ExitBody });

export type Stay = {
  id: string;
  lotId: string;
  plate: string;
  reservationId: string | null;
  slot: string | null;
  entryTs: string;
  sent: boolean;
};

export type Rejected = { key: string; kind: QueuedItem['kind']; plate: string; message: string; at: string; queuedBy?: QueuedBy };

type PassKeyRecord =
  | { name: 'jwks'; value: PublicKeys; syncedAt: string }
  | { name: `revoked:${string}`; value: string[]; syncedAt: string };

interface GateDB extends DBSchema {
  queue: { key: number; value: QueuedItem };
  stays: { key: string; value: Stay; indexes: { byPlate: [string, string]; byReservation: string } };
  passKeys: { key: string; value: PassKeyRecord };
  rejected: { key: string; value: Rejected };
}

const DB_NAME = 'parkada-gate';
let opening: Promise<IDBPDatabase<GateDB>> | null = null;

export function gateDb() {
  opening ??= openDB<GateDB>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      const stays = db.createObjectStore('stays', { keyPath: 'id' });
      stays.createIndex('byPlate', ['lotId', 'plate']);
      stays.createIndex('byReservation', 'reservationId');
      db.createObjectStore('passKeys', { keyPath: 'name' });
      db.createObjectStore('rejected', { keyPath: 'key' });
    },
  });
  return opening;
}

export const queuedItems = async () => (await gateDb()).getAll('queue');
export const queuedCount = async () => (await gateDb()).count('queue');
export const addToQueue = async (item: QueuedItem) => (await gateDb()).add('queue', item);
export const removeFromQueue = async (seq: number) => (await gateDb()).delete('queue', seq);

export const rememberStay = async (stay: Stay) => (await gateDb()).put('stays', stay);
export const forgetStay = async (id: string) => (await gateDb()).delete('stays', id);
export const stayOnDevice = async (lotId: string, plate: string) => (await gateDb()).getFromIndex('stays', 'byPlate', [lotId, plate]);
export const stayOfReservation = async (reservationId: string) => (await gateDb()).getFromIndex('stays', 'byReservation', reservationId);

export const rejectedItems = async () => (await gateDb()).getAll('rejected');
export const addRejected = async (item: Rejected) => (await gateDb()).put('rejected', item);
export const dismissRejected = async (key: string) => (await gateDb()).delete('rejected', key);

export async function savedPassKeys(lotId: string) {
  const db = await gateDb();
  const [jwks, revoked] = await Promise.all([db.get('passKeys', 'jwks'), db.get('passKeys', `revoked:${lotId}`)]);
  return {
    jwks: jwks?.name === 'jwks' ? jwks.value : null,
    revoked: revoked && revoked.name !== 'jwks' ? revoked.value : [],
  };
}

export const savePublicKeys = async (jwks: PublicKeys, syncedAt: string) =>
  (await gateDb()).put('passKeys', { name: 'jwks', value: jwks, syncedAt });
export const saveRevoked = async (lotId: string, reservationIds: string[], syncedAt: string) =>
  (await gateDb()).put('passKeys', { name: `revoked:${lotId}`, value: reservationIds, syncedAt });

const LOT_KEY = 'parkada.gate.lot';

/** The lot this device worked last, so the gate knows it offline. */
export const rememberedLot = () => storedJson<GateLot>(LOT_KEY);

export const rememberLot = (lot: GateLot) =>
  localStorage.setItem(LOT_KEY, JSON.stringify({ id: lot.id, name: lot.name, rulesJson: lot.rulesJson }));

/** Signing out on a shared phone: the lot, the cars let in, the pass keys and the refusals go; items still queued stay. */
export async function clearGateDevice() {
  localStorage.removeItem(LOT_KEY);
  const db = await gateDb();
  await Promise.all((['stays', 'passKeys', 'rejected'] as const).map((store) => db.clear(store)));
}
