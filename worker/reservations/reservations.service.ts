/**
 * The reservations domain's face: a driver's reservations as their screens read them, and the steps
 * that change them (docs/booking.md): booking (booking.service.ts), changes of window and extensions
 * (changes.service.ts), cancellation (cancellation.service.ts). Other domains reach reservations through this module.
 */
import type { ReservationTab } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import type { DB } from '../db/client';
import type { PageRequest } from '../db/pages';
import { reservationReceipts } from '../receipts/receipts.service';
import type { ArchiveContext } from '../archive/archive.service';
import { ownReservationCounts, ownReservationPage } from './reservation-history.service';
import { openWalkIns } from './lot-timers.data';
import { lotForBooking } from './reservations.data';

export {
  bookingContext,
  CHANGED_MEANWHILE,
  HOLD_EXPIRED,
  NOT_CONFIRMED,
  ownReservationAnywhere,
  type BookingContext,
} from './booking-context.service';
export { book } from './booking.service';
export { cancel } from './cancellation.service';
export { extend, modify } from './changes.service';
export { moveFromTakenSlot, refundTakenSlot } from './slot-taken.service';
export { openSharedPass, reservationPass, sharePass, stopSharingPass } from './reservation-pass.service';

/** A page of the driver's reservations, each with its current receipt (History's Receipt button, and the number its export shows). */
export async function listReservations(
  ctx: ArchiveContext,
  userId: string,
  list: { tab?: ReservationTab; filter: HistoryFilter; page: PageRequest },
) {
  const page = await ownReservationPage(ctx, userId, list);
  const receiptOf = await reservationReceipts(
    ctx.db,
    page.items.map((reservation) => reservation.id),
  );
  return {
    ...page,
    items: page.items.map((reservation) => {
      const receipt = receiptOf.get(reservation.id);
      return {
        ...reservation,
        receiptId: receipt?.id ?? null,
        receiptNumber: receipt?.number ?? null,
        receiptVoidNumber: receipt?.voidNumber ?? null,
      };
    }),
  };
}

export const reservationCounts = (ctx: ArchiveContext, userId: string, filter: HistoryFilter) => ownReservationCounts(ctx, userId, filter);

/** A lot as it is booked and priced: its pricing and its active slots; undefined when there is no such lot. */
export const bookableLot = (db: DB, lotId: string) => lotForBooking(db, lotId);

/** The walk-ins inside a lot now, for its object to hold their slots. */
export const walkInsInside = (db: DB, lotId: string) => openWalkIns(db, lotId);
