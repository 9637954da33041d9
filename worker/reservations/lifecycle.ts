/**
 * The D1 side of the lot object's timers (docs/booking.md): the object decides when, these decide
 * what happens to the reservation record and who is told.
 */
import { and, eq } from 'drizzle-orm';
import { NO_SHOW_GRACE_MINUTES } from '../../core/booking';
import { formatDateTime } from '../../core/time';
import type { DB } from '../db/client';
import { lots, reservations } from '../db/schema';
import { HTTPException } from 'hono/http-exception';
import { readPreferences } from '../account/preferences.data';
import type { Bindings } from '../env';
import { notify } from '../notifications/notifications.data';
import { extend } from './reservations.service';

async function reservationWithLot(db: DB, reservationId: string) {
  const [row] = await db
    .select({ id: reservations.id, userId: reservations.userId, status: reservations.status, startTs: reservations.startTs, endTs: reservations.endTs, lotName: lots.name })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(eq(reservations.id, reservationId));
  return row ?? null;
}

/** Whether a hold whose confirmation never arrived belongs to a reservation that did commit. */
export async function reconcileHold(db: DB, reservationId: string): Promise<boolean> {
  const row = await reservationWithLot(db, reservationId);
  return row?.status === 'CONFIRMED' || row?.status === 'ACTIVE';
}

/**
 * Start + 15 minutes without a check-in: CONFIRMED becomes EXPIRED (no refund: the slot was kept for
 * the driver). Returns 'active' when the car is inside (keep the slot), else the slot can go.
 */
export async function expireNoShow(db: DB, reservationId: string): Promise<'expired' | 'active' | 'gone'> {
  const row = await reservationWithLot(db, reservationId);
  if (row?.status === 'ACTIVE') return 'active';
  if (row?.status !== 'CONFIRMED') return 'gone';
  const changed = await db
    .update(reservations)
    .set({ status: 'EXPIRED' })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'CONFIRMED')))
    .returning({ id: reservations.id });
  if (changed.length) {
    await notify(db, row.userId, {
      type: 'BOOKING_EXPIRED',
      title: 'Reservation expired',
      message: `You did not arrive at ${row.lotName} within ${NO_SHOW_GRACE_MINUTES} minutes of ${formatDateTime(row.startTs)}, so the slot was released.`,
      metadata: { lotName: row.lotName, startTime: row.startTs },
    });
  }
  return 'expired';
}

/** Auto Extend adds this much to a checked-in stay near its end. */
export const AUTO_EXTEND_HOURS = 1;

/**
 * The Auto Extend preference: near the end of a checked-in (ACTIVE) stay, extend it by an hour on the
 * same slot, paid from the wallet, through the same path as the driver's own Extend. Keyed by the
 * reservation and its current end, so one end is extended at most once. Returns whether it extended;
 * when it could not (slot taken next, wallet short, lot rules), the driver is told why.
 */
export async function autoExtend(env: Bindings, db: DB, reservationId: string): Promise<boolean> {
  const row = await reservationWithLot(db, reservationId);
  if (row?.status !== 'ACTIVE' || !(await readPreferences(db, row.userId)).autoExtend) return false;
  const key = `auto-extend:${reservationId}:${row.endTs}`;
  try {
    const extended = await extend(env, db, reservationId, AUTO_EXTEND_HOURS, { userId: row.userId, key, scope: `reservations.extend:${reservationId}`, requestHash: key });
    await notify(db, row.userId, {
      type: 'BOOKING_EXTENDED',
      title: 'Stay extended automatically',
      message: `${row.lotName}: your parking now ends at ${formatDateTime(extended.endTs)} (Auto Extend is on in Settings).`,
      metadata: { lotName: row.lotName, startTime: row.startTs },
    });
    return true;
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error;
    const { message } = await error.getResponse().json<{ message: string }>();
    await notify(db, row.userId, { type: 'BOOKING_REMINDER', title: 'Could not extend automatically', message: `${row.lotName}: ${message}`, metadata: { lotName: row.lotName } });
    return false;
  }
}

/** Reminder before the start (arrive on time) or before the end (extend or leave). */
export async function remind(db: DB, reservationId: string, moment: 'start' | 'end'): Promise<void> {
  const row = await reservationWithLot(db, reservationId);
  if (!row || (row.status !== 'CONFIRMED' && row.status !== 'ACTIVE')) return;
  await notify(db, row.userId, {
    type: 'BOOKING_REMINDER',
    ...(moment === 'start'
      ? { title: 'Your parking starts soon', message: `${row.lotName} at ${formatDateTime(row.startTs)}. Arrive within ${NO_SHOW_GRACE_MINUTES} minutes of the start to keep your slot.` }
      : { title: 'Your parking ends soon', message: `${row.lotName} until ${formatDateTime(row.endTs)}. Extend from My Reservations if you need more time.` }),
    metadata: { lotName: row.lotName, startTime: row.startTs },
  });
}
