/** Cancellation of a reservation (docs/booking.md): a full refund until the free-cancellation window before its start, none after. */
import { refundableAt } from '../../core/booking';
import { refusal } from '../../core/refusal';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { SlotAuthority } from '../lot-object/protocol';
import { readSettings } from '../platform/settings.data';
import { returnVoucherStatement } from '../rewards/rewards.statements';
import { reissueReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import { amountPostedUnder, refundToWallet } from '../wallet/wallet.service';
import { CHANGED_MEANWHILE, changeReservation, replayed, reservationView, type BookingContext } from './booking-context.service';
import { bookingRecordOf, netPaid, type ReservationView } from './reservations.data';
import { chargeInsert, updateIfUnchanged } from './reservations.statements';
import { reservationEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

const cancelRefundKey = (id: string) => `reservation:${id}:cancel`;

/** POST /api/reservations/:id/cancel: full refund until the free-cancellation window (a platform setting) before the start, none after. */
export function cancel(ctx: BookingContext, id: string, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, (reservation, lot) => cancelNow(ctx, lot, reservation, request, now));
}

async function cancelNow(ctx: BookingContext, lot: SlotAuthority, reservation: ReservationView, request: IdempotentRequest, now: Date) {
  const { db } = ctx;
  const { userId } = request;
  const { id } = reservation;
  // The same request again: the first answer, no second refund.
  if (await priorResource(db, request)) return { reservation, refundCents: await refundedOnCancel(db, userId, id) };
  if (reservation.status === 'ACTIVE') throw refusal('conflict', 'You are checked in: check out at the gate to end this reservation.');
  if (reservation.status !== 'CONFIRMED') throw refusal('conflict', `This reservation is already ${reservation.status.toLowerCase()}.`);
  const { freeCancelMinutes } = await readSettings(db);
  const refundable = refundableAt(reservation.startTs, freeCancelMinutes, now);
  const refundCents = refundable ? await netPaid(db, id) : 0;
  // Cancelled in time, a booking gives back its free-hour voucher too (docs/wallet.md, Rewards).
  const markCancelled = [
    ...updateIfUnchanged(ctx.db, reservation, { status: 'CANCELLED', cancelledAt: now.toISOString() }),
    ...(refundable ? [returnVoucherStatement(db, id)] : []),
  ];
  try {
    if (refundCents > 0) {
      const refunded = await refundToWallet(
        db,
        {
          userId,
          reservationId: id,
          amountCents: refundCents,
          description: `Refund: cancelled parking at ${reservation.lotName}`,
          idempotencyKey: cancelRefundKey(id),
        },
        [...markCancelled, ...refundEverything(db, id, reservation, refundCents), recordIdempotencyKey(db, request, id)],
      );
      if (!refunded.ok) throw refusal('conflict', 'This reservation was already cancelled.');
    } else {
      await commit(db, [...markCancelled, recordIdempotencyKey(db, request, id)]);
    }
  } catch (error) {
    if (isIdempotencyRace(error))
      return { reservation: await replayed(ctx, userId, id), refundCents: await refundedOnCancel(db, userId, id) };
    if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  const cancelled = await reservationView(db, userId, id);
  await afterCommit('Freeing a cancelled booking', async () => lot.follow(bookingRecordOf(cancelled), now.getTime()));
  if (refundCents > 0) await emailReceipt(ctx, { reservationId: id });
  await lotEvent(ctx, 'reservation.cancelled', reservationEventData(cancelled), now);
  return { reservation: cancelled, refundCents };
}

/** What the cancellation refunded, read back from its ledger row (0 when none was due). */
const refundedOnCancel = async (db: DB, userId: string, id: string) => (await amountPostedUnder(db, userId, cancelRefundKey(id))) ?? 0;

/** Everything paid comes back: the refund's charge, and the receipt voided (no new one is issued). */
export const refundEverything = (db: DB, id: string, reservation: { lotId: string; lotName: string }, refundCents: number) => [
  chargeInsert(db, { reservationId: id, kind: 'REFUND', amountCents: -refundCents }),
  ...reissueReceipt(db, { reservationId: id, lot: { id: reservation.lotId, name: reservation.lotName }, netPaidCents: 0 }),
];
