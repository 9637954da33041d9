/**
 * The booking protocol (docs/booking.md): the lot object holds a slot, then one D1 batch writes the
 * reservation, its charge and its wallet payment; only then is the hold committed. Any failure after
 * the hold releases it, and a hold never confirmed lapses on the object's alarm.
 */
import { and, eq } from 'drizzle-orm';
import { canExtend, canModify, refundableAt, windowEnd, windowProblem, type CreateReservation } from '../../core/booking';
import { formatPeso } from '../../core/money';
import { quote } from '../../core/pricing';
import { formatDateTime } from '../../core/time';
import { isPhilippinePlate, normalizePlate, PLATE_MESSAGE } from '../../core/vehicles';
import { findOwnVehicle, findOwnVehicleByPlate } from '../account/vehicles.data';
import { statementOf, type DB } from '../db/client';
import { charges, reservations } from '../db/schema';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { apiError, notFound } from '../http/errors';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../http/idempotency';
import { lotObject } from '../lot-object/lot-durable-object';
import { notify } from '../notifications/notifications.data';
import { issueReceipt, reviseReceipt } from '../receipts/receipts.data';
import { payFromWallet, refundToWallet, type SpendResult } from '../wallet/spend';
import { ledgerAmountByKey, walletOf } from '../wallet/wallet.data';
import { findOwnReservation, lotForBooking, netPaid, type BookableLot, type ReservationView } from './reservations.data';

export const LOT_FULL = 'Lot is full for this time';
export const INSUFFICIENT = 'Insufficient wallet balance';

const insufficient = (missingCents: number, balanceCents: number, amountCents: number) =>
  apiError(402, INSUFFICIENT, { missingCents, balanceCents, amountCents, detail: `Top up at least ${formatPeso(missingCents)} to book.` });

/** A wallet payment for parking was refused: the driver hears why (PAYMENT_FAILED) and gets the 402. */
async function paymentRefused(db: DB, userId: string, what: string, shortfall: { missingCents: number; balanceCents: number; amountCents: number }) {
  await notify(db, userId, {
    type: 'PAYMENT_FAILED',
    title: 'Payment failed',
    message: `${what}: ${formatPeso(shortfall.amountCents)} is due but your wallet holds ${formatPeso(shortfall.balanceCents)}. Top up at least ${formatPeso(shortfall.missingCents)} and try again.`,
  });
  return insufficient(shortfall.missingCents, shortfall.balanceCents, shortfall.amountCents);
}

const paymentSucceeded = (db: DB, userId: string, what: string, amountCents: number, balanceCents: number) =>
  notify(db, userId, {
    type: 'PAYMENT_SUCCESS',
    title: 'Payment successful',
    message: `${formatPeso(amountCents)} paid from your wallet for ${what}. Balance ${formatPeso(balanceCents)}.`,
  });

async function bookableLot(db: DB, lotId: string) {
  const lot = await lotForBooking(db, lotId);
  if (!lot?.isApproved) throw notFound('Parking lot');
  return lot;
}

/**
 * The vehicle of a booking: one of the driver's own, or a typed plate. A typed plate of a saved
 * vehicle is that vehicle (so it cannot be deleted while booked); any other typed plate is a car.
 */
async function vehicleFor(db: DB, userId: string, input: Pick<CreateReservation, 'vehicleId' | 'plate'>, lot: BookableLot) {
  let vehicle: { id: string | null; plate: string; type: 'car' | 'motorcycle' };
  if (input.vehicleId) {
    const own = await findOwnVehicle(db, userId, input.vehicleId);
    if (!own) throw notFound('Vehicle');
    vehicle = { id: own.id, plate: own.plate, type: own.vehicleType };
  } else {
    const plate = normalizePlate(input.plate ?? '');
    if (!isPhilippinePlate(plate)) throw apiError(400, PLATE_MESSAGE);
    const saved = await findOwnVehicleByPlate(db, userId, plate);
    vehicle = saved ? { id: saved.id, plate, type: saved.vehicleType } : { id: null, plate, type: 'car' };
  }
  const accepted = lot.rules.vehicleTypes ?? ['car'];
  if (!accepted.includes(vehicle.type)) throw apiError(400, `This lot does not take ${vehicle.type === 'car' ? 'cars' : 'motorcycles'}.`);
  return vehicle;
}

const checkWindow = (start: Date, end: Date, lot: BookableLot, now: Date) => {
  const problem = windowProblem({ start, end }, lot, now);
  if (problem) throw apiError(400, problem);
};

/** Runs the D1 side; on any failure the object's hold is released before the error goes on. */
async function settleOrRelease<T>(env: Bindings, lotId: string, holdId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await lotObject(env, lotId).release(holdId);
    throw error;
  }
}

const reservationView = async (db: DB, userId: string, id: string) => (await findOwnReservation(db, userId, id))!;

/** POST /api/reservations. */
export async function book(env: Bindings, db: DB, input: CreateReservation, request: IdempotentRequest, now = new Date()) {
  const userId = request.userId;
  const replay = await priorResource(db, request);
  if (replay) return { reservation: await reservationView(db, userId, replay), replayed: true };

  const lot = await bookableLot(db, input.lotId);
  const start = new Date(input.start);
  const end = windowEnd(input.start, input);
  checkWindow(start, end, lot, now);
  const vehicle = await vehicleFor(db, userId, input, lot);
  const price = quote(lot.pricing, end.getTime() - start.getTime());
  // A short balance is answered before any slot is held.
  const { balanceCents } = await walletOf(db, userId);
  if (balanceCents < price.totalCents) {
    throw await paymentRefused(db, userId, `Parking at ${lot.name}`, { missingCents: price.totalCents - balanceCents, balanceCents, amountCents: price.totalCents });
  }

  const id = newId();
  const window = { startMs: start.getTime(), endMs: end.getTime() };
  const lotStub = lotObject(env, lot.id);
  const held = await lotStub.hold({ holdId: id, reservationId: id, ...window, slots: lot.slots, needs: { ...input.needs, vehicleType: vehicle.type } });
  if (!held.ok) throw apiError(409, LOT_FULL);

  let paid: SpendResult;
  try {
    paid = await settleOrRelease(env, lot.id, id, () =>
      payFromWallet(env, db, { userId, reservationId: id, amountCents: price.totalCents, description: `Parking at ${lot.name}`, idempotencyKey: `reservation:${id}:booking` }, [
        statementOf(
          env.DB,
          db.insert(reservations).values({
            id,
            userId,
            lotId: lot.id,
            slotId: held.slotId,
            vehicleId: vehicle.id,
            vehiclePlate: vehicle.plate,
            status: 'CONFIRMED',
            startTs: start.toISOString(),
            endTs: end.toISOString(),
            amountCents: price.totalCents,
            priceSnapshotJson: JSON.stringify(price),
          }),
        ),
        statementOf(env.DB, db.insert(charges).values({ id: newId(), reservationId: id, kind: 'BOOKING', amountCents: price.totalCents })),
        issueReceipt(env.DB, db, { userId, reservationId: id, amountCents: price.totalCents }),
        recordIdempotencyKey(db, env.DB, request, id),
      ]),
    );
  } catch (error) {
    if (!isIdempotencyRace(error)) throw error;
    const winner = await priorResource(db, request);
    return { reservation: await reservationView(db, userId, winner!), replayed: true };
  }
  if (!paid.ok) {
    await lotStub.release(id);
    if (paid.reason === 'insufficient_funds') throw await paymentRefused(db, userId, `Parking at ${lot.name}`, { ...paid, amountCents: price.totalCents });
    throw apiError(409, 'This booking was already paid.');
  }
  await lotStub.commit(id, id, window);
  await paymentSucceeded(db, userId, `parking at ${lot.name}`, price.totalCents, paid.balanceCents);
  const reservation = await reservationView(db, userId, id);
  await notify(db, userId, {
    type: 'BOOKING_CONFIRMED',
    title: 'Reservation confirmed',
    message: `${lot.name}, slot ${reservation.slotLabel}, ${formatDateTime(reservation.startTs)}. ${formatPeso(price.totalCents)} paid from your wallet. Pass ${reservation.passId}.`,
    metadata: { lotName: lot.name, slotLabel: reservation.slotLabel ?? undefined, startTime: reservation.startTs },
  });
  return { reservation, replayed: false };
}

async function ownReservation(db: DB, userId: string, id: string): Promise<ReservationView> {
  const reservation = await findOwnReservation(db, userId, id);
  if (!reservation) throw notFound('Reservation');
  return reservation;
}

export const CHANGE_IN_PROGRESS = 'Another change to this reservation is in progress. Try again in a moment.';

/**
 * Runs one change of a reservation (cancel, modify, extend) under the lot object's per-reservation
 * lock, on the reservation read afresh inside it: each change moves money against what was paid so
 * far, so a second change meanwhile gets a 409 instead of a stale total.
 */
async function changeReservation<T>(env: Bindings, db: DB, userId: string, id: string, change: (current: ReservationView) => Promise<T>): Promise<T> {
  const { lotId } = await ownReservation(db, userId, id);
  const lotStub = lotObject(env, lotId);
  if (!(await lotStub.lockReservation(id))) throw apiError(409, CHANGE_IN_PROGRESS);
  try {
    return await change(await ownReservation(db, userId, id));
  } finally {
    await lotStub.unlockReservation(id);
  }
}

const cancelRefundKey = (id: string) => `reservation:${id}:cancel`;

/** POST /api/reservations/:id/cancel: full refund until 15 minutes before the start, none after. */
export function cancel(env: Bindings, db: DB, id: string, request: IdempotentRequest, now = new Date()) {
  return changeReservation(env, db, request.userId, id, (reservation) => cancelNow(env, db, reservation, request, now));
}

async function cancelNow(env: Bindings, db: DB, reservation: ReservationView, request: IdempotentRequest, now: Date) {
  const { userId } = request;
  const { id } = reservation;
  // The same request again: the first answer, no second refund.
  if (await priorResource(db, request)) return { reservation, refundCents: await refundedOnCancel(db, userId, id) };
  if (reservation.status === 'ACTIVE') throw apiError(409, 'You are checked in: check out at the gate to end this reservation.');
  if (reservation.status !== 'CONFIRMED') throw apiError(409, `This reservation is already ${reservation.status.toLowerCase()}.`);
  const refundCents = refundableAt(reservation.startTs, now) ? await netPaid(db, id) : 0;
  const cancelledAt = now.toISOString();
  const markCancelled = statementOf(
    env.DB,
    db
      .update(reservations)
      .set({ status: 'CANCELLED', cancelledAt })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'CONFIRMED'))),
  );
  if (refundCents > 0) {
    const refunded = await refundToWallet(
      env,
      db,
      { userId, reservationId: id, amountCents: refundCents, description: `Refund: cancelled parking at ${reservation.lotName}`, idempotencyKey: cancelRefundKey(id) },
      [
        markCancelled,
        statementOf(env.DB, db.insert(charges).values({ id: newId(), reservationId: id, kind: 'REFUND', amountCents: -refundCents })),
        reviseReceipt(env.DB, db, id, 0),
        recordIdempotencyKey(db, env.DB, request, id),
      ],
    );
    if (!refunded.ok) throw apiError(409, 'This reservation was already cancelled.');
  } else {
    await env.DB.batch([markCancelled, recordIdempotencyKey(db, env.DB, request, id)]);
  }
  await lotObject(env, reservation.lotId).release(id);
  return { reservation: await reservationView(db, userId, id), refundCents };
}

/** What the cancellation refunded, read back from its ledger row (0 when none was due). */
const refundedOnCancel = async (db: DB, userId: string, id: string) => (await ledgerAmountByKey(db, userId, cancelRefundKey(id))) ?? 0;

/**
 * Moves a reservation to a new window (modify) or a longer one (extend): hold the new window next to
 * the current booking, write the re-price difference in D1, then swap the holds in the object.
 */
async function reschedule(
  env: Bindings,
  db: DB,
  reservation: ReservationView,
  next: { start: Date; end: Date; sameSlot: boolean; kind: 'MODIFICATION' | 'EXTENSION' },
  request: IdempotentRequest,
) {
  const { userId } = request;
  const replay = await priorResource(db, request);
  if (replay) return reservationView(db, userId, reservation.id);
  const lot = await bookableLot(db, reservation.lotId);
  const price = quote(lot.pricing, next.end.getTime() - next.start.getTime());
  const difference = price.totalCents - (await netPaid(db, reservation.id));
  const lotStub = lotObject(env, lot.id);
  const holdId = `${reservation.id}:${newId()}`;
  const window = { startMs: next.start.getTime(), endMs: next.end.getTime() };
  // The new slot keeps the features of the current one (an accessible bay stays accessible).
  const current = lot.slots.find((slot) => slot.id === reservation.slotId);
  const held = await lotStub.hold({
    holdId,
    reservationId: reservation.id,
    // An extension only needs the added time; the car keeps its slot.
    ...(next.sameSlot ? { startMs: new Date(reservation.endTs).getTime(), endMs: window.endMs } : window),
    slots: lot.slots,
    needs: { vehicleType: current?.vehicleType ?? 'car', accessible: current?.accessible, ev: current?.evCharging },
    slotId: next.sameSlot ? (reservation.slotId ?? undefined) : undefined,
  });
  if (!held.ok) {
    throw apiError(409, next.sameSlot ? `Your slot is booked by someone else after ${formatDateTime(reservation.endTs)}; the stay cannot be extended.` : LOT_FULL);
  }
  const movement = {
    userId,
    reservationId: reservation.id,
    amountCents: Math.abs(difference),
    description: `${next.kind === 'EXTENSION' ? 'Extension' : 'Change'} of parking at ${lot.name}`,
    idempotencyKey: `reservation:${reservation.id}:${request.key}`,
  };
  const statements = [
    statementOf(
      env.DB,
      db
        .update(reservations)
        .set({ startTs: next.start.toISOString(), endTs: next.end.toISOString(), slotId: held.slotId, amountCents: price.totalCents, priceSnapshotJson: JSON.stringify(price) })
        .where(eq(reservations.id, reservation.id)),
    ),
    statementOf(env.DB, db.insert(charges).values({ id: newId(), reservationId: reservation.id, kind: difference < 0 ? 'REFUND' : next.kind, amountCents: difference })),
    reviseReceipt(env.DB, db, reservation.id, price.totalCents),
    recordIdempotencyKey(db, env.DB, request, reservation.id),
  ];
  const result = await settleOrRelease(env, lot.id, holdId, async () => {
    if (difference > 0) return payFromWallet(env, db, movement, statements);
    if (difference < 0) return refundToWallet(env, db, movement, statements);
    await env.DB.batch(statements);
    return { ok: true } as const;
  });
  if (!result.ok) {
    await lotStub.release(holdId);
    if (result.reason === 'insufficient_funds') throw await paymentRefused(db, userId, movement.description, { ...result, amountCents: difference });
    throw apiError(409, 'This change was already made.');
  }
  await lotStub.commit(holdId, reservation.id, window);
  if (difference > 0 && 'balanceCents' in result)
    await paymentSucceeded(db, userId, `${next.kind === 'EXTENSION' ? 'the extension' : 'the change'} of parking at ${lot.name}`, difference, result.balanceCents);
  return reservationView(db, userId, reservation.id);
}

/** PATCH /api/reservations/:id: a CONFIRMED reservation not yet started moves to a new window. */
export function modify(env: Bindings, db: DB, id: string, input: { start: string; durationHours?: number; end?: string }, request: IdempotentRequest, now = new Date()) {
  return changeReservation(env, db, request.userId, id, async (reservation) => {
    if (!canModify(reservation, now)) throw apiError(409, 'Only a confirmed reservation that has not started can be changed.');
    const lot = await bookableLot(db, reservation.lotId);
    const start = new Date(input.start);
    const end = windowEnd(input.start, input);
    checkWindow(start, end, lot, now);
    return reschedule(env, db, reservation, { start, end, sameSlot: false, kind: 'MODIFICATION' }, request);
  });
}

/** POST /api/reservations/:id/extend: more hours on the same slot, CONFIRMED or ACTIVE. */
export function extend(env: Bindings, db: DB, id: string, hours: number, request: IdempotentRequest, now = new Date()) {
  return changeReservation(env, db, request.userId, id, async (reservation) => {
    if (!canExtend(reservation, now)) throw apiError(409, 'Only a confirmed or active reservation that has not ended can be extended.');
    const lot = await bookableLot(db, reservation.lotId);
    const start = new Date(reservation.startTs);
    const end = new Date(new Date(reservation.endTs).getTime() + hours * 3_600_000);
    // The window is judged as a whole, as if booked at its start (it may have begun already).
    const problem = windowProblem({ start, end }, lot, start);
    if (problem) throw apiError(400, problem);
    return reschedule(env, db, reservation, { start, end, sameSlot: true, kind: 'EXTENSION' }, request);
  });
}
