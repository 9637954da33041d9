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
 * reservation and its current end, so one end is extended at most once. 'off' when the preference is
 * off (the caller sends the ordinary end reminder); 'failed' when it could not, and the driver has
 * been told why and when the stay ends.
 */
export async function autoExtend(env: Bindings, db: DB, reservationId: string): Promise<'extended' | 'failed' | 'off'> {
  const row = await reservationWithLot(db, reservationId);
  if (row?.status !== 'ACTIVE' || !(await readPreferences(db, row.userId)).autoExtend) return 'off';
  const key = `auto-extend:${reservationId}:${row.endTs}`;
  try {
    const extended = await extend(env, db, reservationId, AUTO_EXTEND_HOURS, { userId: row.userId, key, scope: `reservations.extend:${reservationId}`, requestHash: key });
    await notify(db, row.userId, {
      type: 'BOOKING_EXTENDED',
      title: 'Stay extended automatically',
      message: `${row.lotName}: your parking now ends at ${formatDateTime(extended.endTs)} (Auto Extend is on in Settings).`,
      metadata: { lotName: row.lotName, startTime: row.startTs },
    });
    return 'extended';
  } catch (error) {
    // A refusal (slot booked next, wallet short, lot rules) says why; anything else is logged, and the driver still hears.
    const reason = error instanceof HTTPException ? (await error.getResponse().json<{ message: string }>()).message : 'the booking system did not answer.';
    if (!(error instanceof HTTPException)) console.error('Auto Extend failed', reservationId, error);
    await notify(db, row.userId, {
      type: 'AUTO_EXTEND_FAILED',
      title: 'Could not extend automatically',
      message: `${row.lotName}: ${reason} Your parking ends at ${formatDateTime(row.endTs)}; leave by then or extend from My Reservations.`,
      metadata: { lotName: row.lotName, startTime: row.startTs },
    });
    return 'failed';
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
