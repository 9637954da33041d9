/**
 * A car's entry at the gate (docs/gate.md). A reserved car's entry moves its reservation CONFIRMED →
 * ACTIVE, a conditional UPDATE in the batch that records the check-in, so a stale read moves nothing.
 * A car without a reservation is a walk-in: the lot object gives it a slot. An override is audited in
 * the same batch as the entry.
 */
import { isOverride, walkInHorizonEnd, type EnterRequest } from '../../core/gate';
import { refusal } from '../../core/refusal';
import { formatDateTime, formatTime } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { WalkInResult } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { notify } from '../notifications/notifications.service';
import { bookableLot } from '../reservations/reservations.service';
import {
  asCheckin,
  conditionalStatus,
  recordAfter,
  recordedCheckin,
  timeOf,
  type Checkin,
  type GateContext,
  type NewEntry,
} from './checkin.service';
import { checkinInsert, findCheckin, findOpenShift, revokedPassIds, type CheckinView, type GateReservation } from './checkins.data';
import { monthlyPassOfEntry, monthlyPassOfPlate, reservationOfEntry } from './entry-booking.service';
import { reviveOnEntry } from './revival.service';
import { stayEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

/**
 * The entry already recorded for this request: under its Idempotency-Key, or under its client id (the
 * offline queue's retry sends the same id, maybe under a new key). Twins sent at once both get here
 * after the loser's write fails on the winner's key or id.
 */
async function entryRecorded(db: DB, input: EnterRequest, request: IdempotentRequest): Promise<CheckinView | null> {
  const byKey = await priorResource(db, request);
  if (byKey) return findCheckin(db, byKey);
  const recorded = input.id ? await findCheckin(db, input.id) : null;
  if (recorded && (recorded.lotId !== input.lotId || recorded.plate !== input.plate))
    throw refusal('conflict', 'This check-in id belongs to another entry.');
  return recorded;
}

/** The entry already recorded under this request's key, answered again (a retry of a tap whose answer was lost). */
export async function entryReplayed(db: DB, request: IdempotentRequest): Promise<{ checkin: Checkin; replayed: true } | null> {
  const id = await priorResource(db, request);
  const recorded = id ? await findCheckin(db, id) : null;
  return recorded && { checkin: await asCheckin(db, recorded), replayed: true };
}

/** POST /api/checkins/enter: one check-in per client id and per key, however many twins arrive at once. */
export async function enter(
  ctx: GateContext,
  input: EnterRequest,
  request: IdempotentRequest,
  now = new Date(),
): Promise<{ checkin: Checkin; replayed: boolean }> {
  const recorded = await entryRecorded(ctx.db, input, request);
  if (recorded) return { checkin: await asCheckin(ctx.db, recorded), replayed: true };
  try {
    const checkin = await recordEntry(ctx, input, request, now);
    await lotEvent(ctx, 'stay.started', stayEventData(checkin), now);
    return { checkin, replayed: false };
  } catch (error) {
    // A twin that won meanwhile made this request's refusal or failed write: answer what it recorded.
    const twin = await entryRecorded(ctx.db, input, request);
    if (twin) return { checkin: await asCheckin(ctx.db, twin), replayed: true };
    throw error;
  }
}

/** What the car enters on decides the step: a revived no-show, its reservation, or a walk-in's slot (maybe on a monthly pass). */
async function recordEntry(ctx: GateContext, input: EnterRequest, request: IdempotentRequest, now: Date): Promise<Checkin> {
  const override = isOverride(input);
  // A driver's tap is no attendant's: even one on shift here taps for their own car outside it.
  const shift = ctx.tap ? null : await findOpenShift(ctx.db, ctx.user.id, input.lotId);
  const at = timeOf(input.entryTs, now, { what: 'entry', override, shiftStartedAt: shift?.startedAt });
  const byToken = await monthlyPassOfEntry(ctx, input, at, override);
  const reservation = byToken.token ? null : await reservationOfEntry(ctx, input, at, override);
  // A car with no reservation may hold a monthly pass: its plate is looked up among this lot's passes valid now.
  const monthly = byToken.token || reservation ? byToken : await monthlyPassOfPlate(ctx, input, at, override);
  const row: NewEntry['row'] = {
    id: input.id ?? newId(),
    lotId: input.lotId,
    shiftId: shift?.id ?? null,
    // A tap's entry is the driver's own: no attendant made it.
    attendantId: ctx.tap ? null : ctx.user.id,
    tagId: ctx.tap?.tagId ?? null,
    plateReadText: input.plateRead?.text ?? null,
    plateReadConfidence: input.plateRead?.confidence ?? null,
    plateReadCorrected: input.plateRead?.corrected ?? null,
    plate: input.plate,
    entryTs: at.toISOString(),
    override,
    overrideReason: override ? input.overrideReason : null,
  };
  // The plate booked, when the car entered on a booking: an override may let another car in on it.
  const audit = override ? [overrideAudit(ctx, row, reservation, reservation?.vehiclePlate ?? byToken.bookedPlate ?? null)] : [];
  const entry: NewEntry = { row, audit, request, now };
  if (reservation?.status === 'EXPIRED') return reviveOnEntry(ctx, reservation, entry);
  if (reservation) return enterOnReservation(ctx, reservation, entry);
  return enterAsWalkIn(ctx, { ...input, passId: monthly.passId }, entry);
}

const overrideAudit = (ctx: GateContext, entry: NewEntry['row'], reservation: GateReservation | null, bookedPlate: string | null) =>
  auditStatement(ctx.db, ctx.user, {
    action: 'OVERRIDE_ENTRY',
    subject: `checkin:${entry.id}`,
    context: {
      lotId: entry.lotId,
      plate: entry.plate,
      bookedPlate,
      reason: entry.overrideReason,
      reservationId: reservation?.id ?? null,
      entryTs: entry.entryTs,
    },
  });

async function enterOnReservation(
  ctx: GateContext,
  reservation: GateReservation,
  { row: entry, audit, request, now }: NewEntry,
): Promise<Checkin> {
  const { db } = ctx;
  try {
    await commit(db, [
      ...conditionalStatus(db, reservation, 'CONFIRMED', 'ACTIVE'),
      checkinInsert(db, { ...entry, reservationId: reservation.id, slotId: reservation.slotId, slotLabel: reservation.slotLabel }),
      ...audit,
      recordIdempotencyKey(db, request, entry.id),
    ]);
  } catch (error) {
    if (changedMeanwhile(error) || violates(error, 'checkins.reservation_id'))
      throw refusal('conflict', 'This reservation was checked in or changed a moment ago. Look it up again.');
    throw error;
  }
  await afterCommit('Following a check-in', async () =>
    lotObject(ctx.env, reservation.lotId).follow(recordAfter(reservation, 'ACTIVE'), now.getTime()),
  );
  await afterCommit('Check-in notice', () =>
    notify(db, reservation.userId, {
      type: 'CHECKED_IN',
      title: 'Checked in',
      message: `${reservation.lotName}: you are in${reservation.slotLabel ? `, slot ${reservation.slotLabel}` : ''}. Your parking ends at ${formatDateTime(reservation.endTs)}.`,
      metadata: {
        lotName: reservation.lotName,
        slotLabel: reservation.slotLabel ?? undefined,
        startTime: reservation.startTs,
        reservationId: reservation.id,
      },
    }),
  );
  return recordedCheckin(db, entry.id);
}

/** A walk-in: the lot object gives it a slot first, and takes it back if the record then fails (unless a twin recorded it). */
async function enterAsWalkIn(
  ctx: GateContext,
  input: EnterRequest & { passId: string | null },
  { row: entry, audit, request, now }: NewEntry,
): Promise<Checkin> {
  const { db } = ctx;
  const lot = await bookableLot(db, input.lotId);
  if (!lot) throw refusal('not_found', 'Parking lot not found');
  const stub = lotObject(ctx.env, lot.id);
  const untilMs = walkInHorizonEnd(lot, now).getTime();
  const admitted = await stub.admitWalkIn(
    {
      checkinId: entry.id,
      slots: lot.slots,
      untilMs,
      slotLabel: input.slot,
      force: entry.override,
      passId: input.passId ?? undefined,
      vehicleType: input.vehicleType,
    },
    now.getTime(),
  );
  if (!admitted.ok) throw refusal('conflict', walkInRefusal(admitted, input.slot, untilMs));
  const slot = lot.slots.find((candidate) => candidate.id === admitted.slotId);
  try {
    await commit(db, [
      checkinInsert(db, { ...entry, walkIn: true, slotId: slot?.id ?? null, slotLabel: slot?.label ?? null, monthlyPassId: input.passId }),
      ...audit,
      recordIdempotencyKey(db, request, entry.id),
    ]);
  } catch (error) {
    // A twin under the same client id recorded first: the object gave it this very slot, which stays taken.
    if (!(await findCheckin(db, entry.id))) await stub.releaseWalkIn(entry.id);
    throw error;
  }
  return recordedCheckin(db, entry.id);
}

const clockOf = (ms: number) => formatTime(new Date(ms).toISOString());
const walkInRefusal = (refused: Extract<WalkInResult, { ok: false }>, slot: string | undefined, untilMs: number) => {
  if (refused.reason === 'sold out')
    return `Sold out for walk-ins until ${clockOf(refused.untilMs)}: every free slot is booked before ${clockOf(untilMs)}.`;
  return refused.reason === 'full' ? 'Lot is full' : `Slot ${slot} is taken, booked before ${clockOf(untilMs)}, or does not exist here.`;
};

/** Passes of this lot whose signature is still valid but which must not enter: the gate checks them offline. */
export const passesRevoked = (db: DB, lotId: string, now: Date) => revokedPassIds(db, lotId, now);
