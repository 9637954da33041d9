/**
 * The booking protocol (docs/booking.md). D1 is the record of what was sold and paid; the lot object
 * follows it. A change holds a slot in the object under a fresh hold id, then one D1 batch writes the
 * record, its charge, its receipt, the wallet movement and the claim on that hold; only then is the
 * hold committed. Before the batch, any failure releases the hold. After it, nothing may: the commit
 * is retried by the object's alarm if it is lost, and the work that follows (notifications, auto
 * top-up) is best effort. Every change of an existing reservation is a conditional UPDATE on the
 * status and version it read; if the record moved on meanwhile, the batch aborts and no money moves.
 *
 * This module holds what booking (booking.service.ts), changes (changes.service.ts) and cancellation (cancellation.service.ts)
 * share: the context they run in, the lot they book at, and the lock a change runs under.
 */
import { windowProblem } from '../../core/booking';
import { lotUnavailable } from '../../core/lot-sale';
import { notFound, refusal } from '../../core/refusal';
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import type { SlotAuthority } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { archivedReservationOf } from '../archive/reservations-archive.service';
import {
  archivedReservationViews,
  bookingRecordOf,
  findOwnReservation,
  lotForBooking,
  type BookableLot,
  type ReservationView,
} from './reservations.data';

export const LOT_FULL = 'Lot is full for this time';
export const INSUFFICIENT = 'Insufficient wallet balance';
const ARCHIVED = 'This booking ended more than a week ago and is kept in its archive: it can no longer be changed.';
const CHANGE_IN_PROGRESS = 'Another change to this reservation is in progress. Try again in a moment.';
export const CHANGED_MEANWHILE =
  'This reservation changed while your request was on its way; nothing was charged. Reload it and try again.';
export const HOLD_EXPIRED = 'Your hold on the slot expired before the payment went through; nothing was charged. Please try again.';
export const NOT_CONFIRMED =
  'We could not confirm this change. Try again with the same request: it answers what happened, and never charges twice.';

/**
 * What the booking service works with. `lot` gives a lot's slot authority: its Durable Object for a
 * request, the object itself when its own timers act. `afterCommit` runs the work that follows a
 * committed change; it must never throw into the change (the default logs and carries on).
 */
export type BookingContext = {
  env: Bindings;
  db: DB;
  lot: (lotId: string) => SlotAuthority;
  afterCommit: (what: string, work: () => Promise<unknown>) => Promise<void>;
};

export const bookingContext = (env: Bindings, db: DB): BookingContext => ({ env, db, lot: (lotId) => lotObject(env, lotId), afterCommit });

/** A lot a new sale may be made at (a booking, a change, an extension): approved (else 404, as if unknown) and on sale (core/lot-sale.ts). */
export function bookable(lot: BookableLot | null): BookableLot {
  if (!lot?.isApproved) throw notFound('Parking lot');
  if (!lot.onSale) throw refusal('conflict', lotUnavailable(lot.name));
  return lot;
}

export const bookableLot = async (db: DB, lotId: string) => bookable(await lotForBooking(db, lotId));

/** The lot of a booking already sold, whether or not it is on sale now: what was sold is honoured (a taken slot's move). */
export const lotOfBooking = async (db: DB, lotId: string) => (await lotForBooking(db, lotId))!;

export const checkWindow = (start: Date, end: Date, lot: BookableLot, now: Date) => {
  const problem = windowProblem({ start, end }, lot, now);
  if (problem) throw refusal('invalid', problem);
};

export const reservationView = async (db: DB, userId: string, id: string) => (await findOwnReservation(db, userId, id))!;

/** The answer to a repeated request; the lot object is brought to D1's record on the way (a cheap repair if a commit was lost). */
export async function replayed(ctx: BookingContext, userId: string, id: string) {
  const reservation = await reservationView(ctx.db, userId, id);
  await afterCommit('Following a replayed change', async () => ctx.lot(reservation.lotId).follow(bookingRecordOf(reservation)));
  return reservation;
}

async function ownReservation(db: DB, userId: string, id: string): Promise<ReservationView> {
  const reservation = await findOwnReservation(db, userId, id);
  if (!reservation) throw notFound('Reservation');
  return reservation;
}

/** The driver's reservation wherever it lives: D1, or the archive once it has been over for a week (docs/payments.md, Archive). */
export async function ownReservationAnywhere(env: Bindings, db: DB, userId: string, id: string): Promise<ReservationView> {
  const reservation = await findOwnReservation(db, userId, id);
  if (reservation) return reservation;
  const archived = await archivedReservationOf({ env, db }, userId, id);
  const [view] = archived ? await archivedReservationViews(db, [archived]) : [];
  if (!view) throw notFound('Reservation');
  return view;
}

/** A reservation a change may act on: in D1; an archived one is over and answers why, never 404. */
async function changeableReservation(ctx: BookingContext, userId: string, id: string) {
  const reservation = await findOwnReservation(ctx.db, userId, id);
  if (reservation) return reservation;
  if (await archivedReservationOf(ctx, userId, id)) throw refusal('conflict', ARCHIVED);
  throw notFound('Reservation');
}

/**
 * Runs one change of a reservation (cancel, modify, extend) under the lot object's per-reservation
 * lock, on the reservation read afresh inside it. The lock keeps two changes from racing on what was
 * paid; the conditional UPDATE of each change is what makes a stale one harmless if the lock lapses.
 */
export async function changeReservation<T>(
  ctx: BookingContext,
  userId: string,
  id: string,
  now: Date,
  change: (current: ReservationView, lot: SlotAuthority) => Promise<T>,
): Promise<T> {
  const { lotId } = await changeableReservation(ctx, userId, id);
  const lot = ctx.lot(lotId);
  if (!(await lot.lockReservation(id, now.getTime()))) throw refusal('conflict', CHANGE_IN_PROGRESS);
  try {
    return await change(await ownReservation(ctx.db, userId, id), lot);
  } finally {
    await afterCommit('Unlocking a reservation', async () => lot.unlockReservation(id));
  }
}
