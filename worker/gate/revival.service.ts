/**
 * A no-show the alarm expired, whose car the gate let in before the deadline (captured offline, sent
 * later): the reservation becomes ACTIVE again on its slot, or on another free one of its kind if its
 * slot went to another car meanwhile, with the check-in, in one batch. The expiry moved no money
 * (the time was paid and kept), so there is nothing to pay back; the audit log records the revival.
 */
import { refusal } from '../../core/refusal';
import { formatDateTime, formatTime } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit } from '../db/client';
import { violates } from '../db/constraints';
import { changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import { recordIdempotencyKey } from '../db/idempotency-keys';
import { lotObject } from '../lot-object/stub';
import { notify } from '../notifications/notifications.service';
import { bookableLot } from '../reservations/reservations.service';
import type { BookableLot } from '../reservations/reservations.data';
import { claimHold, holdLapsed } from '../reservations/holds.statements';
import { conditionalStatus, recordAfter, recordedCheckin, type Checkin, type GateContext, type NewEntry } from './checkin.service';
import { checkinInsert, type GateReservation } from './checkins.data';

/** A hold on the reservation's own slot, else on another free one of its kind; or the refusal. */
async function slotForRevival(ctx: GateContext, lot: BookableLot, reservation: GateReservation, now: Date) {
  const stub = lotObject(ctx.env, lot.id);
  const booked = lot.slots.find((slot) => slot.id === reservation.slotId);
  const vehicleType = booked?.vehicleType ?? 'car';
  const window = {
    reservationId: reservation.id,
    startMs: Date.parse(reservation.startTs),
    endMs: Date.parse(reservation.endTs),
    slots: lot.slots,
  };
  let holdId = newId();
  let held = await stub.hold({ ...window, holdId, needs: { vehicleType }, slotId: booked?.id }, now.getTime());
  if (!held.ok) {
    holdId = newId();
    held = await stub.hold(
      { ...window, holdId, needs: { vehicleType, accessible: booked?.accessible, ev: booked?.evCharging } },
      now.getTime(),
    );
  }
  if (!held.ok)
    throw refusal(
      'conflict',
      `This reservation expired after its car was let in, and no slot is free for it now: let the car in with an override (it enters as a walk-in).`,
    );
  return { holdId, slot: lot.slots.find((candidate) => candidate.id === held.slotId)! };
}

export async function reviveOnEntry(
  ctx: GateContext,
  reservation: GateReservation,
  { row: entry, audit, request, now }: NewEntry,
): Promise<Checkin> {
  const { db, user } = ctx;
  const lot = (await bookableLot(db, reservation.lotId))!;
  const { holdId, slot } = await slotForRevival(ctx, lot, reservation, now);
  const stub = lotObject(ctx.env, lot.id);
  try {
    await commit(db, [
      claimHold(db, holdId, reservation.id),
      ...conditionalStatus(db, reservation, 'EXPIRED', 'ACTIVE', { slotId: slot.id }),
      checkinInsert(db, { ...entry, reservationId: reservation.id, slotId: slot.id, slotLabel: slot.label }),
      auditStatement(db, user, {
        action: 'REVIVE_RESERVATION',
        subject: `reservation:${reservation.id}`,
        context: {
          lotId: lot.id,
          plate: entry.plate,
          checkinId: entry.id,
          entryTs: entry.entryTs,
          slotId: slot.id,
          bookedSlotId: reservation.slotId,
        },
      }),
      ...audit,
      recordIdempotencyKey(db, request, entry.id),
    ]);
  } catch (error) {
    await stub.releaseHold(holdId);
    if (changedMeanwhile(error) || holdLapsed(error) || violates(error, 'checkins.reservation_id'))
      throw refusal('conflict', 'This reservation was checked in or changed a moment ago. Look it up again.');
    throw error;
  }
  await afterCommit('Committing a revived reservation', async () =>
    stub.commit(holdId, { ...recordAfter(reservation, 'ACTIVE'), slotId: slot.id }, now.getTime()),
  );
  await afterCommit('Check-in notice', () =>
    notify(db, reservation.userId, {
      type: 'CHECKED_IN',
      title: 'Checked in',
      message: `${lot.name}: the gate let you in at ${formatTime(entry.entryTs)}, before the no-show deadline, and recorded it once back online. Your reservation is active again, slot ${slot.label}; it ends at ${formatDateTime(reservation.endTs)}.`,
      metadata: { lotName: lot.name, slotLabel: slot.label, startTime: reservation.startTs, reservationId: reservation.id },
    }),
  );
  return { ...(await recordedCheckin(db, entry.id)), revived: true };
}
