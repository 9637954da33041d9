/**
 * A driver's slot taken when their reservation has started (docs/booking.md, A taken slot): they
 * choose a full refund, or another slot for the same window. Either way the lot object decides: it
 * holds another slot of the same kind (or says there is none), or follows the refunded record.
 */
import { hasStarted } from '../../core/lot-issues';
import { refusal } from '../../core/refusal';
import { commit } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { BookingRecord } from '../lot-object/protocol';
import { reissueReceipt } from '../receipts/receipts.service';
import { ledgerAmountByKey, refundToWallet } from '../wallet/wallet.service';
import { bookableLot, CHANGED_MEANWHILE, changeReservation, reservationView, type BookingContext } from './booking-context';
import { claimHold } from './holds.data';
import { writeOnHold } from './payment-steps';
import { bookingRecordOf, chargeInsert, netPaid, updateIfUnchanged, type ReservationView } from './reservations.data';

const refundKey = (id: string) => `reservation:${id}:slot-taken`;

const NO_OTHER_SLOT = 'No other slot of the same kind is free for the rest of your reservation. You can choose a refund instead.';

/** Started: checked in, or confirmed and inside its window. */
function assertStarted(reservation: ReservationView, now: Date) {
  const started = reservation.status === 'ACTIVE' || (reservation.status === 'CONFIRMED' && hasStarted(reservation, now));
  if (!started) throw refusal('conflict', 'Only a reservation that has started can be refunded or moved for a taken slot.');
}

/**
 * Pays back everything paid for the reservation. A confirmed one is cancelled and its slot freed; a
 * checked-in car stays until the reservation ends and leaves through the gate as usual (an overstay
 * past the end is still charged there).
 */
export function refundTakenSlot(ctx: BookingContext, id: string, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, lot) => {
    const { db } = ctx;
    const replay = async () => ({
      reservation: await reservationView(db, request.userId, id),
      refundCents: (await ledgerAmountByKey(db, request.userId, refundKey(id))) ?? 0,
    });
    if (await priorResource(db, request)) return replay();
    assertStarted(reservation, now);
    const refundCents = await netPaid(db, id);
    const cancel = reservation.status === 'CONFIRMED';
    const statements = [
      ...updateIfUnchanged(db, reservation, cancel ? { status: 'CANCELLED', cancelledAt: now.toISOString() } : {}),
      recordIdempotencyKey(db, request, id),
    ];
    try {
      if (refundCents > 0) {
        const refunded = await refundToWallet(
          db,
          {
            userId: request.userId,
            reservationId: id,
            amountCents: refundCents,
            description: `Refund: slot taken at ${reservation.lotName}`,
            idempotencyKey: refundKey(id),
          },
          [
            ...statements,
            chargeInsert(db, { reservationId: id, kind: 'REFUND', amountCents: -refundCents }),
            ...reissueReceipt(db, { reservationId: id, lot: { id: reservation.lotId, name: reservation.lotName }, netPaidCents: 0 }),
          ],
        );
        if (!refunded.ok) throw refusal('conflict', 'This reservation was already refunded.');
      } else {
        await commit(db, statements);
      }
    } catch (error) {
      if (isIdempotencyRace(error)) return replay();
      if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
      throw error;
    }
    const after = await reservationView(db, request.userId, id);
    await ctx.afterCommit('Following a refunded booking', async () => lot.follow(bookingRecordOf(after), now.getTime()));
    return { reservation: after, refundCents };
  });
}

/** Moves the reservation to another free slot with the features of its own, for the same window; no money moves. */
export function moveFromTakenSlot(ctx: BookingContext, id: string, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    const { db } = ctx;
    if (await priorResource(db, request)) return reservationView(db, request.userId, id);
    assertStarted(reservation, now);
    const lot = await bookableLot(db, reservation.lotId);
    const current = lot.slots.find((slot) => slot.id === reservation.slotId);
    const holdId = newId();
    const startMs = Date.parse(reservation.startTs);
    const endMs = Date.parse(reservation.endTs);
    const held = await authority.hold(
      {
        holdId,
        reservationId: id,
        startMs,
        endMs,
        slots: lot.slots,
        needs: { vehicleType: current?.vehicleType ?? 'car', accessible: current?.accessible, ev: current?.evCharging },
        avoidSlotId: reservation.slotId ?? undefined,
      },
      now.getTime(),
    );
    if (!held.ok) throw refusal('conflict', NO_OTHER_SLOT);
    const record: BookingRecord = { reservationId: id, version: reservation.version + 1, live: true, slotId: held.slotId, startMs, endMs };
    const statements = [
      ...updateIfUnchanged(db, reservation, { slotId: held.slotId }),
      recordIdempotencyKey(db, request, id),
      claimHold(db, holdId, id),
    ];
    try {
      await writeOnHold(
        authority,
        holdId,
        record,
        async () => {
          await commit(db, statements);
          return { ok: true as const };
        },
        now,
      );
    } catch (error) {
      if (isIdempotencyRace(error)) return reservationView(db, request.userId, id);
      throw error;
    }
    return reservationView(db, request.userId, id);
  });
}
