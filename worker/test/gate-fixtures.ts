/**
 * Cars at the gate for the gate's tests (worker/gate/*.test.ts), through the real app and bindings of
 * the test file that uses them: `atTheGate()` in its `beforeAll` seeds the demo data and signs in the
 * demo owner, who owns (and works the gate of) every lot `makeLot` makes.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLogs, checkins, reservations } from '../db/schema';
import { driver, HOUR, inMinutes, makeLot, MINUTE, reserve } from './booking-fixtures';
import { call, cookieFor, db, key, seedOnce } from './helpers';

export type Checkin = {
  id: string;
  plate: string;
  slot: string | null;
  reservationId: string | null;
  entryTs: string;
  exitTs: string | null;
  amountCents: number | null;
  paidBy: string | null;
  receiptId: string | null;
  walkIn: boolean;
};

/** The demo owner's session, once `atTheGate` has run: the helpers below act as the owner. */
let owner = '';

/** Seeds the demo data, and answers sessions of its owner and its attendant. */
export async function atTheGate() {
  await seedOnce();
  owner = await cookieFor('owner_admin');
  return { owner, attendant: await cookieFor('attendant') };
}

export const gateEnter = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/checkins/enter', { method: 'POST', cookie, json, headers });
export const gateExit = (cookie: string, id: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call(`/api/checkins/${id}/exit`, { method: 'POST', cookie, json, headers });
export const countWhere = async (lotId: string) => (await db().select().from(checkins).where(eq(checkins.lotId, lotId))).length;

/** A driver with a reservation at `lotId` starting in a minute (or at `start`), and its signed pass. */
export async function reservedCar(lotId: string, options: { hours?: number; plate?: string; start?: string; pesos?: number } = {}) {
  const { user, cookie } = await driver(options.pesos ?? 1_000);
  const booking = await (
    await reserve(cookie, {
      lotId,
      start: options.start ?? inMinutes(1),
      durationHours: options.hours ?? 1,
      plate: options.plate ?? 'NAB 1234',
    })
  ).json<{ id: string; endTs: string; vehiclePlate: string }>();
  const { token } = await (await call(`/api/reservations/${booking.id}/pass`, { cookie })).json<{ token: string }>();
  return { user, cookie, booking, token };
}

/** A walk-in let in now by the owner, whose entry the records then place `minutesAgo` back (a long stay, without waiting for it). */
export async function walkIn(lotId: string, plate: string, minutesAgo: number) {
  const checkin = await (await gateEnter(owner, { lotId, plate })).json<Checkin>();
  const entryTs = new Date(Date.now() - minutesAgo * MINUTE).toISOString();
  await db().update(checkins).set({ entryTs }).where(eq(checkins.id, checkin.id));
  return { ...checkin, entryTs };
}

/** A driver's pay code for `lotId`, paying up to `limitCents`. */
export async function payCodeFor(cookie: string, lotId: string, limitCents = 100_000) {
  const res = await call('/api/wallet/pay-code', { method: 'POST', cookie, json: { lotId, limitCents } });
  expect(res.status).toBe(201);
  return (await res.json<{ token: string; expiresAt: string }>()).token;
}

/** The reservation's times moved so that it ended `minutesAgo` back, after an hour: its car inside is overstaying. */
export const endedAgo = (reservationId: string, minutesAgo: number) => {
  const end = Date.now() - minutesAgo * MINUTE;
  return db()
    .update(reservations)
    .set({ startTs: new Date(end - HOUR).toISOString(), endTs: new Date(end).toISOString() })
    .where(eq(reservations.id, reservationId));
};

/**
 * A one-hour reservation whose car checked in and left 61 minutes after its end (₱80 over, from the
 * wallet, or with what `pay` adds to the exit: a pay code).
 */
export async function overstayedOneHour(pay: (lotId: string) => Promise<Record<string, unknown>> = async () => ({})) {
  const lotId = await makeLot(1);
  const { user, cookie, booking, token } = await reservedCar(lotId);
  const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
  await endedAgo(booking.id, 61);
  const closed = await (await gateExit(owner, id, { lotId, plate: 'NAB 1234', ...(await pay(lotId)) })).json<Checkin>();
  return { user, cookie, booking, closed };
}

/** The audit entries of this action on this check-in. */
export const auditOf = (action: (typeof auditLogs.$inferSelect)['action'], checkinId: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.subject, `checkin:${checkinId}`)));

/** Where a phone at the test lots' entrance (makeLot: 14.55, 121.02) says it is. */
export const AT_THE_LOT = { lat: 14.5501, lng: 121.0201, accuracy: 20 };

export type Tag = { id: string; url: string | null; kind: string; revokedAt: string | null };
/** A new tag at the owner's lot, with the token its URL holds. */
export async function newTag(lotId: string, kind: 'entrance' | 'exit' = 'entrance') {
  const res = await call(`/api/owner/lots/${lotId}/tags`, { method: 'POST', cookie: owner, json: { kind } });
  expect(res.status).toBe(201);
  const tag = await res.json<Tag>();
  return { ...tag, token: new URL(tag.url!).pathname.replace('/tap/', '') };
}
type TapStep = 'check-in' | 'check-out';
/** A tap from a phone at the lot's entrance, unless `json` says where else. */
export const tap = (cookie: string, token: string, step: TapStep, json: object = {}, headers: HeadersInit = key()) =>
  call(`/api/tags/${token}/${step}`, { method: 'POST', cookie, json: { ...AT_THE_LOT, ...json }, headers });
/** A tap whose body is `json` as it is: no location unless it says one. */
export const bareTap = (cookie: string, token: string, step: TapStep, json: object) =>
  call(`/api/tags/${token}/${step}`, { method: 'POST', cookie, json, headers: key() });
