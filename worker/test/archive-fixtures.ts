/** Bookings whose charges the archive moves (docs/payments.md, Archive), and faults in its two writes. */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { expect } from 'vitest';
import { DAY_MS } from '../../core/time';
import type { ArchiveContext } from '../archive/archive.service';
import { archivedPeriods, charges, reservations } from '../db/schema';
import type { Api } from './api-types';
import { driver, extendBooking, inMinutes, makeLot, reserve } from './booking-fixtures';
import { call, db } from './helpers';

type Receipts = InferResponseType<Api['receipts']['$get'], 200>;

/** An instant when every month of today's bookings has been closed for more than `CHARGES_HOT_DAYS`. */
export const later = () => new Date(Date.now() + 70 * DAY_MS);

export const archiveContext = (over: Partial<ArchiveContext> = {}): ArchiveContext => ({ env, db: db(), ...over });

/** A booking made and extended (two charges, a VOID and a second receipt), then over: its charges may move. */
export async function bookingThatIsOver() {
  const lotId = await makeLot(1);
  const { user, cookie } = await driver(2_000);
  const { id } = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 })).json<{ id: string }>();
  expect((await extendBooking(cookie, id, 1)).status).toBe(200);
  await db().update(reservations).set({ status: 'COMPLETED' }).where(eq(reservations.id, id));
  const receiptIds = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items.map((receipt) => receipt.id);
  return { lotId, user, cookie, reservationId: id, receiptIds };
}

export const chargesInD1 = (reservationId: string) => db().select().from(charges).where(eq(charges.reservationId, reservationId));
export const periodsOf = (lotId: string) => db().select().from(archivedPeriods).where(eq(archivedPeriods.lotId, lotId));

/** A binding with one method replaced (an outage, a race); the rest of it works. */
export const replacing = <T extends object>(binding: T, method: string, replacement: (...args: never[]) => unknown): T =>
  new Proxy(binding, {
    get(target, property) {
      if (property === method) return replacement;
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

const failing = (message: string) => () => Promise.reject(new Error(message));

/** The ARCHIVE bucket with every put failing. */
export const failingBucket = () => replacing(env.ARCHIVE, 'put', failing('R2 unavailable'));

/** A db whose batches fail before they commit (drizzle's reads keep the real binding): the move's D1 side lost. */
export const failingBatches = () => Object.assign(db(), { $client: replacing(env.DB, 'batch', failing('D1 unavailable')) });
