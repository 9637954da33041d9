/**
 * A driver's slot taken when their reservation has started (docs/booking.md, A taken slot): they
 * choose a full refund, or another slot for the same window. Either way the lot object decides: it
 * holds another slot of the same kind (or says there is none), or follows the refunded record.
 */
import { isUnderWay } from '../../core/lot-issues';
import { refusal } from '../../core/refusal';
import { commit } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { BookingRecord } from '../lot-object/protocol';
import { returnVoucherStatement } from '../rewards/rewards.statements';
import { amountPostedUnder, refundToWallet } from '../wallet/wallet.service';
import { CHANGED_MEANWHILE, changeReservation, lotOfBooking, reservationView, type BookingContext } from './booking-context.service';
import { refundEverything } from './cancellation.service';
import { claimHold } from './holds.statements';
import { writeOnHold } from './payment-steps.service';
import { bookingRecordOf, netPaid, type ReservationView } from './reservations.data';
import { updateIfUnchanged } from './reservations.statements';

const refundKey = (id: string) => `reservation:${id}:slot-taken`;

const NO_OTHER_SLOT = 'No other slot of the same kind is free for the rest of your reservation. You can choose a refund instead.';

/** Under way: checked in, or confirmed and inside its window; not past its end. */
function assertUnderWay(reservation: ReservationView, now: Date) {
  if (!isUnderWay(reservation, now))
    throw refusal('conflict', 'Only a reservation that is under way can be refunded or moved for a taken slot.');
}

/**
 * Pays back everything paid for the reservation. A confirmed one is cancelled, its slot freed and its
 * free-hour voucher given back; a checked-in car stays until the reservation ends and leaves through
 * the gate as usual (an overstay past the end is still charged there). `alsoInBatch` (the report's
 * recorded choice) commits with it. Asked again once paid, it answers the refund made.
 */
export function refundTakenSlot(
  ctx: BookingContext,
  id: string,
  request: IdempotentRequest,
  alsoInBatch: D1PreparedStatement[],
  now = new Date(),
) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, lot) => {
    const { db } = ctx;
    const replay = async () => ({
      reservation: await reservationView(db, request.userId, id),
      refundCents: (await amountPostedUnder(db, request.userId, refundKey(id))) ?? 0,
    });
    if (await priorResource(db, request)) return replay();
    if ((await amountPostedUnder(db, request.userId, refundKey(id))) !== null) return replay();
    assertUnderWay(reservation, now);
    const refundCents = await netPaid(db, id);
    const cancel = reservation.status === 'CONFIRMED';
    const statements = [
      ...updateIfUnchanged(db, reservation, cancel ? { status: 'CANCELLED', cancelledAt: now.toISOString() } : {}),
      // A cancelled booking gives back its free-hour voucher, as a timely cancellation does.
      ...(cancel ? [returnVoucherStatement(db, id)] : []),
      recordIdempotencyKey(db, request, id),
      ...alsoInBatch,
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
          [...statements, ...refundEverything(db, id, reservation, refundCents)],
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

/**
 * Moves the reservation to another free slot with the features of its own, for the rest of its window
 * (the time already past does not matter: a slot freed before now is free); no money moves.
 * `alsoInBatch` (the report's recorded choice) commits with it.
 */
export function moveFromTakenSlot(
  ctx: BookingContext,
  id: string,
  request: IdempotentRequest,
  alsoInBatch: D1PreparedStatement[],
  now = new Date(),
) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    const { db } = ctx;
    if (await priorResource(db, request)) return reservationView(db, request.userId, id);
    assertUnderWay(reservation, now);
    const lot = await lotOfBooking(db, reservation.lotId);
    const current = lot.slots.find((slot) => slot.id === reservation.slotId);
    const holdId = newId();
    const startMs = Date.parse(reservation.startTs);
    const endMs = Date.parse(reservation.endTs);
    const held = await authority.hold(
      {
        holdId,
        reservationId: id,
        startMs: Math.max(startMs, now.getTime()),
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
      ...alsoInBatch,
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
