/** Changes of a reservation (docs/booking.md): a new window (modify) or more hours on the same slot (extend). */
import { canExtend, canModify, changesClosed, windowEnd, windowProblem } from '../../core/booking';
import { extensionCents, quote, type PriceQuote } from '../../core/pricing';
import { vehicleOfSlot } from '../../core/vehicles';
import { refusal } from '../../core/refusal';
import { formatDateTime, HOUR_MS } from '../../core/time';
import { commit, type DB } from '../db/client';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { BookingRecord, HoldRequest, SlotAuthority } from '../lot-object/protocol';
import { readSettings } from '../platform/settings.data';
import { voucherOffOnChange } from '../rewards/rewards.service';
import { reissueReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import { payFromWallet, refundToWallet, type WalletMovement } from '../wallet/wallet.service';
import {
  bookableLot,
  changeReservation,
  checkWindow,
  LOT_FULL,
  replayed,
  reservationView,
  type BookingContext,
} from './booking-context.service';
import { claimHold } from './holds.statements';
import { afterPayment, paymentRefused, writeOnHold, type WriteResult } from './payment-steps.service';
import { netPaid, type BookableLot, type ReservationView } from './reservations.data';
import { chargeInsert, updateIfUnchanged } from './reservations.statements';
import { reservationEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

type NextWindow = { start: Date; end: Date; sameSlot: boolean; kind: 'MODIFICATION' | 'EXTENSION' };

/**
 * The lot object holds the new window next to the current booking under `holdId`: an extension only
 * the added time, on the car's own slot; a change a slot with the features of the current one.
 */
async function holdNextWindow(
  authority: SlotAuthority,
  lot: BookableLot,
  reservation: ReservationView,
  next: NextWindow,
  holdId: string,
  now: Date,
) {
  const window = { startMs: next.start.getTime(), endMs: next.end.getTime() };
  // The new slot keeps the features of the current one (an accessible bay stays accessible).
  const current = lot.slots.find((slot) => slot.id === reservation.slotId);
  const hold: HoldRequest = {
    holdId,
    reservationId: reservation.id,
    // An extension only needs the added time; the car keeps its slot.
    ...(next.sameSlot ? { startMs: new Date(reservation.endTs).getTime(), endMs: window.endMs } : window),
    slots: lot.slots,
    needs: { vehicleType: current?.vehicleType ?? 'car', accessible: current?.accessible, ev: current?.evCharging },
    slotId: next.sameSlot ? (reservation.slotId ?? undefined) : undefined,
  };
  const held = await authority.hold(hold, now.getTime());
  if (!held.ok) {
    throw refusal(
      'conflict',
      next.sameSlot
        ? `Your slot is booked by someone else after ${formatDateTime(reservation.endTs)}; the stay cannot be extended.`
        : LOT_FULL,
    );
  }
  return held.slotId;
}

/** The change's batch, before its wallet movement: the record moved to the new window and slot, its charge, receipt, key and hold claim. */
function rescheduleStatements(
  db: DB,
  reservation: ReservationView,
  change: { lot: BookableLot; next: NextWindow; price: PriceQuote; paid: number; difference: number; slotId: string; holdId: string },
  request: IdempotentRequest,
) {
  const { lot, next, price, paid, difference } = change;
  return [
    ...updateIfUnchanged(db, reservation, {
      startTs: next.start.toISOString(),
      endTs: next.end.toISOString(),
      slotId: change.slotId,
      amountCents: paid + difference,
      priceSnapshotJson: JSON.stringify(price),
    }),
    chargeInsert(db, { reservationId: reservation.id, kind: difference < 0 ? 'REFUND' : next.kind, amountCents: difference }),
    // Money moved: the receipt is voided and one for the new net amount replaces it (a change of window at the same price keeps it).
    ...(difference === 0 ? [] : reissueReceipt(db, { reservationId: reservation.id, lot, netPaidCents: paid + difference })),
    recordIdempotencyKey(db, request, reservation.id),
    claimHold(db, change.holdId, reservation.id),
  ];
}

/** The batch, with the difference paid from the wallet, refunded to it, or (none) simply committed. */
async function moveDifference(
  db: DB,
  difference: number,
  movement: WalletMovement,
  statements: D1PreparedStatement[],
): Promise<WriteResult> {
  if (difference > 0) return payFromWallet(db, movement, statements);
  if (difference < 0) return refundToWallet(db, movement, statements);
  await commit(db, statements);
  return { ok: true };
}

/**
 * Moves a reservation to a new window (modify) or a longer one (extend): hold the new window next to
 * the current booking, write what it costs in D1, then commit the new booking in the object. A change
 * buys the new window at today's prices and refunds in full what the old one cost (it is made only
 * while cancelling would refund in full); an extension pays `extensionCents` (core/pricing.ts).
 */
async function reschedule(
  ctx: BookingContext,
  authority: SlotAuthority,
  reservation: ReservationView,
  next: NextWindow,
  request: IdempotentRequest,
  now: Date,
) {
  const { db } = ctx;
  const { userId } = request;
  const lot = await bookableLot(db, reservation.lotId);
  const terms = { vehicleType: vehicleOfSlot(lot.slots, reservation.slotId) };
  const price = quote(lot.pricing, next.end.getTime() - next.start.getTime(), next.start.getTime(), terms);
  const paid = await netPaid(db, reservation.id);
  // A booking made with a free-hour voucher keeps its hour off in its new window.
  const difference =
    next.kind === 'EXTENSION'
      ? extensionCents(lot.pricing, reservation, next.end, terms)
      : price.totalCents - (await voucherOffOnChange(db, reservation.id, price)) - paid;
  const holdId = newId();
  const slotId = await holdNextWindow(authority, lot, reservation, next, holdId, now);
  const movement: WalletMovement = {
    userId,
    reservationId: reservation.id,
    amountCents: Math.abs(difference),
    description: `${next.kind === 'EXTENSION' ? 'Extension' : 'Change'} of parking at ${lot.name}`,
    idempotencyKey: `reservation:${reservation.id}:${request.key}`,
  };
  const statements = rescheduleStatements(db, reservation, { lot, next, price, paid, difference, slotId, holdId }, request);
  const record: BookingRecord = {
    reservationId: reservation.id,
    version: reservation.version + 1,
    live: true,
    slotId,
    startMs: next.start.getTime(),
    endMs: next.end.getTime(),
  };
  let result: WriteResult;
  try {
    result = await writeOnHold(authority, holdId, record, () => moveDifference(db, difference, movement, statements), now);
  } catch (error) {
    if (isIdempotencyRace(error)) return replayed(ctx, userId, reservation.id);
    throw error;
  }
  if (!result.ok) {
    if (result.reason === 'insufficient_funds')
      throw await paymentRefused(ctx, userId, movement.description, { ...result, amountCents: difference });
    throw refusal('conflict', 'This change was already made.');
  }
  const what = `${next.kind === 'EXTENSION' ? 'the extension' : 'the change'} of parking at ${lot.name}`;
  if (difference > 0) await afterPayment(ctx, userId, what, difference, result.wallet);
  if (difference !== 0) await emailReceipt(ctx, { reservationId: reservation.id });
  const changed = await reservationView(db, userId, reservation.id);
  await lotEvent(ctx, 'reservation.modified', reservationEventData(changed), now);
  return changed;
}

/** PATCH /api/reservations/:id: a CONFIRMED reservation still inside its free-cancellation time moves to a new window. */
export function modify(
  ctx: BookingContext,
  id: string,
  input: { start: string; durationHours?: number; end?: string },
  request: IdempotentRequest,
  now = new Date(),
) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    if (await priorResource(ctx.db, request)) return replayed(ctx, request.userId, id);
    const { freeCancelMinutes } = await readSettings(ctx.db);
    if (!canModify(reservation, freeCancelMinutes, now)) {
      throw refusal(
        'conflict',
        reservation.status === 'CONFIRMED'
          ? `${changesClosed(freeCancelMinutes)} This one can still be extended or cancelled.`
          : 'Only a confirmed reservation can be changed.',
      );
    }
    const lot = await bookableLot(ctx.db, reservation.lotId);
    const start = new Date(input.start);
    const end = windowEnd(input.start, input);
    checkWindow(start, end, lot, now);
    return reschedule(ctx, authority, reservation, { start, end, sameSlot: false, kind: 'MODIFICATION' }, request, now);
  });
}

/** POST /api/reservations/:id/extend: more hours on the same slot, CONFIRMED or ACTIVE. */
export function extend(ctx: BookingContext, id: string, hours: number, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    if (await priorResource(ctx.db, request)) return replayed(ctx, request.userId, id);
    if (!canExtend(reservation, now))
      throw refusal('conflict', 'Only a confirmed or active reservation that has not ended can be extended.');
    const lot = await bookableLot(ctx.db, reservation.lotId);
    const start = new Date(reservation.startTs);
    const end = new Date(new Date(reservation.endTs).getTime() + hours * HOUR_MS);
    // The window is judged as a whole, as if booked at its start (it may have begun already).
    const problem = windowProblem({ start, end }, lot, start);
    if (problem) throw refusal('invalid', problem);
    return reschedule(ctx, authority, reservation, { start, end, sameSlot: true, kind: 'EXTENSION' }, request, now);
  });
}
