/**
 * The D1 side of the lot object's timers (docs/booking.md): the object decides when, these decide
 * what happens to the reservation record and who is told.
 */
import { and, eq } from 'drizzle-orm';
import { NO_SHOW_GRACE_MINUTES } from '../../core/booking';
import { formatDateTime } from '../../core/time';
import type { DB } from '../db/client';
import { lots, reservations } from '../db/schema';
import { notify } from '../notifications/notifications.data';

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
