/**
 * Lots, drivers and bookings for the booking tests, made through the real app and bindings of the
 * test file that uses them (the demo data must be seeded first: `seedOnce`).
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { WEEKDAYS } from '../../core/booking';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { lots, pricing, reservations, slots, users, wallets } from '../db/schema';
import type { IdempotentRequest } from '../db/idempotency-keys';
import type { LotDurableObject } from '../lot-object/lot-durable-object';
import type { BookingRecord, SlotAuthority } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { bookingContext, type BookingContext } from '../reservations/reservations.service';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { createAccount } from '../users/users.data';
import { call, db, signedInAs, signupBody } from './helpers';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const ALWAYS = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }]));
export const MALL = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '07:00', close: '23:00' }]));

export type LotOptions = {
  hours?: object;
  maxDuration?: number;
  allowOvernight?: boolean;
  progressive?: boolean;
  accessibleSlots?: number;
  vehicleTypes?: string[];
  /** Another owner's lot (the demo owner's otherwise). */
  ownerId?: string;
};

const demoOwnerId = async () =>
  (
    await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'owner_admin')!.email))
  )[0].id;

/** A lot of its own per test: `count` car slots A-1… at ₱40/h, 24/7 unless told otherwise. */
export async function makeLot(count: number, options: LotOptions = {}) {
  const id = newId();
  await db()
    .insert(lots)
    .values({
      id,
      ownerId: options.ownerId ?? (await demoOwnerId()),
      name: `Test Lot ${id.slice(0, 4)}`,
      address: 'Ayala Ave, Makati',
      geoLat: 14.55,
      geoLng: 121.02,
      amenitiesJson: JSON.stringify({ accessible: true }),
      hoursJson: JSON.stringify(options.hours ?? ALWAYS),
      rulesJson: JSON.stringify({
        maxDuration: options.maxDuration ?? 24,
        allowOvernight: options.allowOvernight ?? true,
        vehicleTypes: options.vehicleTypes ?? ['car'],
      }),
      isApproved: true,
    });
  await db()
    .insert(pricing)
    .values({ lotId: id, strategy: options.progressive ? 'PROGRESSIVE' : 'STATIC', baseRate: 4000 });
  for (let i = 0; i < count; i++) {
    await db()
      .insert(slots)
      .values({ id: newId(), lotId: id, label: `A-${i + 1}`, level: 'G', accessible: i < (options.accessibleSlots ?? 0) });
  }
  return id;
}

/** A driver with `pesos` in the wallet (credited through a real sandbox top-up) and a session. */
export async function driver(pesos = 2_000) {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  const cookie = await signedInAs(user.id);
  if (pesos > 0) await topUp(cookie, pesos);
  return { user, cookie };
}

/** Credits `pesos` to the signed-in driver's wallet through a real sandbox top-up. */
export async function topUp(cookie: string, pesos: number) {
  const { id } = await (
    await call('/api/wallet/topup', {
      method: 'POST',
      cookie,
      json: { amountCents: pesos * 100, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
  ).json<{ id: string }>();
  expect((await call(`/api/payments/sandbox/${id}/approve`, { method: 'POST', cookie })).status).toBe(200);
}

/** Gate check-in belongs to the attendant screens; here the record is simply moved to ACTIVE. */
export const checkIn = (reservationId: string) =>
  db().update(reservations).set({ status: 'ACTIVE' }).where(eq(reservations.id, reservationId));
export const balanceOf = async (userId: string) => (await db().select().from(wallets).where(eq(wallets.userId, userId)))[0].balanceCents;
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
export const reservationRow = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0];

const idempotent = (key: string = crypto.randomUUID()) => ({ 'Idempotency-Key': key });

export function reserve(cookie: string, body: Record<string, unknown>, key?: string) {
  return call('/api/reservations', {
    method: 'POST',
    cookie,
    json: { plate: 'NAB 1234', durationHours: 2, ...body },
    headers: idempotent(key),
  });
}
export const cancelBooking = (cookie: string, id: string, key?: string) =>
  call(`/api/reservations/${id}/cancel`, { method: 'POST', cookie, headers: idempotent(key) });
export const extendBooking = (cookie: string, id: string, hours: number) =>
  call(`/api/reservations/${id}/extend`, { method: 'POST', cookie, json: { hours }, headers: idempotent() });
export const modifyBooking = (cookie: string, id: string, json: object) =>
  call(`/api/reservations/${id}`, { method: 'PATCH', cookie, json, headers: idempotent() });

/** A request as the routes would pass it to the booking service: its own Idempotency-Key. */
export const serviceRequest = (userId: string, scope: string): IdempotentRequest => ({
  userId,
  key: crypto.randomUUID(),
  scope,
  requestHash: crypto.randomUUID(),
});

/**
 * The booking service's context around a lot's real Durable Object, with faults injected: any
 * allocator method replaced (a lost commit, an alarm firing mid-request), follow-up work failing,
 * a db whose commits fail (`lostAfterCommit`).
 */
export function contextWith(
  faults: { lot?: (real: SlotAuthority) => Partial<SlotAuthority>; afterCommit?: BookingContext['afterCommit']; db?: DB } = {},
): BookingContext {
  const base = bookingContext(env, faults.db ?? db());
  return {
    ...base,
    lot: (lotId) => {
      const real = lotObject(env, lotId);
      return { ...bind(real), ...faults.lot?.(real) };
    },
    afterCommit: faults.afterCommit ?? base.afterCommit,
  };
}

/** A stub's allocator methods as plain functions (a stub is a proxy: spreading it copies nothing). */
const bind = (real: SlotAuthority): SlotAuthority => ({
  refusesAsFull: (query, now) => real.refusesAsFull(query, now),
  hold: (request, now) => real.hold(request, now),
  commit: (holdId, record, now) => real.commit(holdId, record, now),
  releaseHold: (holdId) => real.releaseHold(holdId),
  follow: (record, now) => real.follow(record, now),
  lockReservation: (id, now) => real.lockReservation(id, now),
  unlockReservation: (id) => real.unlockReservation(id),
});

/** The lot object's view of one reservation's booking (null when it holds none). */
export const objectBooking = (lotId: string, reservationId: string) =>
  runInDurableObject(lotObject(env, lotId), (lot: LotDurableObject) => lot.booking(reservationId));
/** The lot object told a booking's record directly (what D1 said some time ago). */
export const objectFollows = (lotId: string, record: BookingRecord) =>
  runInDurableObject(lotObject(env, lotId), (lot: LotDurableObject) => lot.follow(record));

/** A real fault in the real database: every insert matching `when` into `table` is refused until `heal` runs. */
export async function failInserts(table: string, when: string) {
  const name = `inject_fault_${table}`;
  await env.DB.exec(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
  return { heal: () => env.DB.exec(`DROP TRIGGER ${name}`) };
}

/**
 * A db whose commits (batches of its client, `commit`) land and then report an error, as a connection
 * lost after the commit would. Only its client is faulty: drizzle's own queries (the service's reads,
 * some of them batched) keep the real binding, so the fault hits the write and nothing before it.
 */
export const lostAfterCommit = (): DB =>
  Object.assign(db(), {
    $client: new Proxy(env.DB, {
      get(target, property) {
        if (property === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            await target.batch(statements);
            throw new Error('Network connection lost.');
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
  });
