/** Driver reports for worker/lot-issues/*.test.ts: a lot with its own attendant, a report, a photo's bytes. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { reservations } from '../db/schema';
import { HOUR, makeLot, MINUTE } from './booking-fixtures';
import { call, cookieFor, db, key, seedOnce, signedInAccount } from './helpers';
import { hire } from './lot-attendants';

export type IssueView = {
  id: string;
  lotId: string;
  category: string;
  text: string;
  status: string;
  photoUrl: string | null;
  remedy: string | null;
  offersSlotTakenChoice: boolean;
  offersSlotTakenRefund: boolean;
  reservationId: string | null;
  messages?: { fromStaff: boolean; text: string; authorName: string }[];
};

/** Seeds the demo data; answers the demo owner's session (owner of every lot `makeLot` makes). */
export async function asOwner() {
  await seedOnce();
  return cookieFor('owner_admin');
}

/** A lot of the demo owner's with an attendant of its own (who works no other lot). */
export async function staffedLot(owner: string, slots = 2) {
  const lotId = await makeLot(slots);
  const attendant = await signedInAccount('attendant');
  await hire(owner, lotId, { email: attendant.user.email, cookie: attendant.cookie });
  return { lotId, attendant: attendant.cookie };
}

export const report = (cookie: string, lotId: string, json: Record<string, unknown>) =>
  call(`/api/lots/${lotId}/issues`, { method: 'POST', cookie, json });

export const setStatus = (cookie: string, id: string, status: string) =>
  call(`/api/lot-issues/${id}/status`, { method: 'POST', cookie, json: { status } });

export const chooseRemedy = (cookie: string, id: string, choice: string, headers: HeadersInit = key()) =>
  call(`/api/lot-issues/${id}/slot-taken`, { method: 'POST', cookie, json: { choice }, headers });

/** Moves a reservation's window in D1 (as if booked earlier) to have begun `minutes` ago, lasting `hours`. */
export async function begunAgo(reservationId: string, minutes: number, hours = 2) {
  const start = Date.now() - minutes * MINUTE;
  const window = { startTs: new Date(start).toISOString(), endTs: new Date(start + hours * HOUR).toISOString() };
  await db().update(reservations).set(window).where(eq(reservations.id, reservationId));
  return window;
}

/** A report that was accepted. */
export async function reported(cookie: string, lotId: string, json: Record<string, unknown> = {}) {
  const res = await report(cookie, lotId, { category: 'blocked_entrance', text: 'A van blocks the ramp.', ...json });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<IssueView>();
}

export const uploadPhoto = (cookie: string, issueId: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/jpeg') =>
  call(`/api/lot-issues/${issueId}/photo`, { method: 'PUT', cookie, body: bytes, headers: { 'Content-Type': type } });

/** A JPEG's first bytes, padded to `size`. */
export function jpegBytes(size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}
