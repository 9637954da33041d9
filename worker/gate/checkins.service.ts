/**
 * Check-in and check-out at the gate (docs/gate.md). A reserved car's entry moves its reservation
 * CONFIRMED → ACTIVE, its exit ACTIVE → COMPLETED, each a conditional UPDATE in the batch that
 * records the check-in, so a stale read moves nothing. A car without a reservation is a walk-in: the
 * lot object gives it a slot, and it pays for its stay at the exit. Overrides and undos are audited
 * in the same batch as the act.
 */
import { and, eq, isNull, sum } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  gateCharge,
  gateTime,
  isOverride,
  otherCarThanBooked,
  overstayFromWallet,
  undoable,
  UNDO_MINUTES,
  walkInHorizonEnd,
  type EnterRequest,
  type ExitRequest,
} from '../../core/gate';
import { formatPeso } from '../../core/money';
import { coveredUntil, scheduleLabel, validAt, type PassSchedule } from '../../core/monthly-passes';
import { validatedCharge, worthLabel } from '../../core/validations';
import { PASS_EARLY_ARRIVAL_MINUTES } from '../../core/passes';
import { formatDateTime, formatTime, MINUTE_MS } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, statementOf, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import { charges, checkins } from '../db/schema';
import type { Bindings, SessionUser } from '../env';
import { refusal } from '../../core/refusal';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { BookingRecord, WalkInResult } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { passWithRenewals, scheduleOf, termOf, validPassOfPlate } from '../monthly-passes/monthly-passes.data';
import { MONTHLY_AUDIENCE, tokenAudience, verifyMonthlyPass, verifyPass } from '../passes/passes.service';
import { notify } from '../notifications/notifications.data';
import { sendNotice } from '../notifications/notifications.service';
import { issueReceipt, reissueReceipt } from '../receipts/receipts.service';
import { claimHold, holdLapsed } from '../reservations/holds.data';
import { chargeInsert, lotForBooking, reservationInsert, updateIfUnchanged } from '../reservations/reservations.data';
import { readSettings } from '../platform/settings.data';
import { releaseStatements, validationsOfStay, validationsUnchanged, valueStatement } from '../validations/validations.data';
import { payFromWallet, verifyPayCode, walletOf, type PayCode } from '../wallet/wallet.service';
import {
  checkinInsert,
  findCheckin,
  findGateReservation,
  findOpenShift,
  reservationForPlateNow,
  type CheckinView,
  type GateReservation,
} from './checkins.data';
import type { GatePaymentMethod } from '../../core/wallet';

/** A reserved car may enter this long before its start (the pass's own early-arrival allowance). */
const EARLY_ARRIVAL_MS = PASS_EARLY_ARRIVAL_MINUTES * MINUTE_MS;

export type GateContext = { env: Bindings; db: DB; user: SessionUser };
type EntryRow = Omit<typeof checkins.$inferInsert, 'reservationId' | 'slotId' | 'slotLabel' | 'walkIn'> & {
  id: string;
  plate: string;
  entryTs: string;
};

const view = ({ slotId: _slot, undoneAt: _undone, ...checkin }: CheckinView) => checkin;
/** `revived`: the entry made an expired reservation active again (judged at its capture time). */
export type Checkin = ReturnType<typeof view> & { revived?: true };

/** The time the act is recorded and priced at (core/gate.ts, gateTime), or the refusal. */
const timeOf = (...args: Parameters<typeof gateTime>) => {
  const time = gateTime(...args);
  if (!time.ok) throw refusal(time.status === 400 ? 'invalid' : 'conflict', time.message);
  return time.time;
};

/** What the lot object must hold for a reservation after a gate transition to `status`. */
const recordAfter = (reservation: GateReservation, status: 'ACTIVE' | 'COMPLETED' | 'CONFIRMED'): BookingRecord => ({
  reservationId: reservation.id,
  version: reservation.version + 1,
  live: status !== 'COMPLETED',
  slotId: reservation.slotId,
  startMs: Date.parse(reservation.startTs),
  endMs: Date.parse(reservation.endTs),
});

const conditionalStatus = (
  ctx: GateContext,
  reservation: GateReservation,
  from: GateReservation['status'],
  to: GateReservation['status'],
  also: { slotId?: string } = {},
) => updateIfUnchanged(ctx.db, { ...reservation, status: from }, { ...also, status: to });

const RESERVATION_REFUSALS: Partial<Record<GateReservation['status'], (r: GateReservation) => string>> = {
  ACTIVE: (r) => `This reservation is already checked in${r.slotLabel ? ` (slot ${r.slotLabel})` : ''}.`,
  COMPLETED: () => 'This reservation was already used: the car has checked out.',
  CANCELLED: () => 'This reservation was cancelled.',
  EXPIRED: (r) => `This reservation expired: nobody arrived in time for its start at ${formatDateTime(r.startTs)}.`,
};

/**
 * An entry is judged at the time it was captured: one made from 15 minutes before the start until the
 * no-show deadline is the reservation's check-in, even when it reaches the server after the alarm
 * expired the reservation (an offline gate's queue).
 */
const enteredBeforeDeadline = (reservation: GateReservation, at: Date, graceMinutes: number) =>
  at.getTime() >= Date.parse(reservation.startTs) - EARLY_ARRIVAL_MS &&
  at.getTime() < Date.parse(reservation.startTs) + graceMinutes * MINUTE_MS;

/**
 * The reservation a car enters on: from its pass, a named reservation, or its plate. Null: a walk-in.
 * An EXPIRED one is answered only when the entry was captured before its no-show deadline.
 */
async function reservationOfEntry(ctx: GateContext, input: EnterRequest, at: Date, override: boolean): Promise<GateReservation | null> {
  let reservationId = input.reservationId;
  if (input.passToken) {
    const check = await verifyPass(ctx.env, input.passToken, at);
    if (!check.valid && check.reason === 'forged') {
      if (override) return null;
      throw refusal('invalid', 'This pass is not genuine: its signature does not verify.');
    }
    if (!check.valid && !override) {
      const { nbf, exp } = decodeJwt(input.passToken);
      throw refusal(
        'conflict',
        check.reason === 'expired'
          ? `This pass expired at ${formatDateTime(new Date(exp! * 1000).toISOString())}.`
          : `This pass is valid from ${formatDateTime(new Date(nbf! * 1000).toISOString())}.`,
      );
    }
    // The signature verified (only its times may have failed, under an override): its subject is genuine.
    reservationId = check.valid ? check.claims.reservationId : decodeJwt(input.passToken).sub;
  }
  const { noShowGraceMinutes } = await readSettings(ctx.db);
  if (!reservationId)
    return reservationForPlateNow(ctx.db, input.lotId, input.plate, {
      earliestStart: new Date(at.getTime() + EARLY_ARRIVAL_MS),
      at,
      expiredSince: new Date(at.getTime() - noShowGraceMinutes * MINUTE_MS),
    });
  const reservation = await findGateReservation(ctx.db, reservationId);
  if (!reservation) throw refusal('not_found', 'Reservation not found');
  if (reservation.lotId !== input.lotId) throw refusal('conflict', `This pass is for ${reservation.lotName}, not this lot.`);
  const otherCar = otherCarThanBooked('reservation', reservation.vehiclePlate, input.plate);
  if (otherCar && !override) throw refusal('conflict', otherCar);
  if (reservation.status === 'EXPIRED' && enteredBeforeDeadline(reservation, at, noShowGraceMinutes)) return reservation;
  const refused = RESERVATION_REFUSALS[reservation.status];
  // An override may let a no-show in after all, as a walk-in; nothing else a refusal names.
  if (refused && !(override && reservation.status === 'EXPIRED')) throw refusal('conflict', refused(reservation));
  if (reservation.status === 'EXPIRED') return null;
  if (!override && !input.passToken) {
    if (at.getTime() < Date.parse(reservation.startTs) - EARLY_ARRIVAL_MS)
      throw refusal(
        'conflict',
        `This reservation starts at ${formatDateTime(reservation.startTs)}; come back from ${formatTime(new Date(Date.parse(reservation.startTs) - EARLY_ARRIVAL_MS).toISOString())}.`,
      );
    if (at.getTime() >= Date.parse(reservation.endTs))
      throw refusal('conflict', `This reservation ended at ${formatDateTime(reservation.endTs)}.`);
  }
  return reservation;
}

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

/** POST /api/checkins/enter: one check-in per client id and per key, however many twins arrive at once. */
export async function enter(
  ctx: GateContext,
  input: EnterRequest,
  request: IdempotentRequest,
  now = new Date(),
): Promise<{ checkin: Checkin; replayed: boolean }> {
  const recorded = await entryRecorded(ctx.db, input, request);
  if (recorded) return { checkin: view(recorded), replayed: true };
  try {
    return { checkin: await recordEntry(ctx, input, request, now), replayed: false };
  } catch (error) {
    // A twin that won meanwhile made this request's refusal or failed write: answer what it recorded.
    const twin = await entryRecorded(ctx.db, input, request);
    if (twin) return { checkin: view(twin), replayed: true };
    throw error;
  }
}

const outsideHours = (plate: string, schedule: PassSchedule) =>
  `${plate}'s monthly pass is valid ${scheduleLabel(schedule)} (Manila time), not now: it may enter as a walk-in with an override.`;

/**
 * The monthly pass a car enters on: from its QR (`token`: the entry is the pass's, never a
 * reservation's), or its plate looked up only among this lot's passes valid now. Outside the pass's
 * valid hours the gate says so; an override lets the car in as a plain walk-in.
 */
async function monthlyPassOfEntry(
  ctx: GateContext,
  input: EnterRequest,
  at: Date,
  override: boolean,
): Promise<{ passId: string | null; token: boolean; bookedPlate?: string }> {
  if (input.passToken && tokenAudience(input.passToken) === MONTHLY_AUDIENCE) {
    const check = await verifyMonthlyPass(ctx.env, input.passToken, at);
    if (!check.valid) {
      if (override) return { passId: null, token: true };
      if (check.reason === 'forged') throw refusal('invalid', 'This pass is not genuine: its signature does not verify.');
      throw refusal('conflict', check.reason === 'expired' ? 'This monthly pass has ended.' : 'This monthly pass has not begun yet.');
    }
    const { claims } = check;
    if (claims.lotId !== input.lotId) throw refusal('conflict', 'This monthly pass is for another lot.');
    const otherCar = otherCarThanBooked('monthly pass', claims.plate, input.plate);
    if (otherCar && !override) throw refusal('conflict', otherCar);
    if (!validAt(claims.schedule, at.getTime())) {
      if (override) return { passId: null, token: true, bookedPlate: claims.plate };
      throw refusal('conflict', outsideHours(claims.plate, claims.schedule));
    }
    return { passId: claims.passId, token: true, bookedPlate: claims.plate };
  }
  return { passId: null, token: false };
}

async function monthlyPassOfPlate(ctx: GateContext, input: EnterRequest, at: Date, override: boolean) {
  if (input.passToken || input.reservationId) return { passId: null, token: false };
  const pass = await validPassOfPlate(ctx.db, input.lotId, input.plate, at);
  if (!pass) return { passId: null, token: false };
  if (!validAt(scheduleOf(pass), at.getTime())) {
    if (override) return { passId: null, token: false };
    throw refusal('conflict', outsideHours(pass.plate, scheduleOf(pass)));
  }
  return { passId: pass.id, token: false };
}

async function recordEntry(ctx: GateContext, input: EnterRequest, request: IdempotentRequest, now: Date): Promise<Checkin> {
  const { env, db, user } = ctx;
  const override = isOverride(input);
  const shift = await findOpenShift(db, user.id, input.lotId);
  const at = timeOf(input.entryTs, now, { what: 'entry', override, shiftStartedAt: shift?.startedAt });
  const byToken = await monthlyPassOfEntry(ctx, input, at, override);
  const reservation = byToken.token ? null : await reservationOfEntry(ctx, input, at, override);
  // A car with no reservation may hold a monthly pass: its plate is looked up among this lot's passes valid now.
  const monthly = byToken.token || reservation ? byToken : await monthlyPassOfPlate(ctx, input, at, override);
  const id = input.id ?? newId();
  const audit = override
    ? [
        auditStatement(db, user, {
          action: 'OVERRIDE_ENTRY',
          subject: `checkin:${id}`,
          context: {
            lotId: input.lotId,
            plate: input.plate,
            // The plate booked, when the car entered on a booking: an override may let another car in on it.
            bookedPlate: reservation?.vehiclePlate ?? byToken.bookedPlate ?? null,
            reason: input.overrideReason,
            reservationId: reservation?.id ?? null,
            entryTs: at.toISOString(),
          },
        }),
      ]
    : [];
  const entry: EntryRow = {
    id,
    lotId: input.lotId,
    shiftId: shift?.id ?? null,
    attendantId: user.id,
    plate: input.plate,
    entryTs: at.toISOString(),
    override,
    overrideReason: override ? input.overrideReason : null,
  };

  if (reservation?.status === 'EXPIRED') return reviveOnEntry(ctx, reservation, entry, audit, request, now);
  if (reservation) {
    try {
      await commit(db, [
        ...conditionalStatus(ctx, reservation, 'CONFIRMED', 'ACTIVE'),
        checkinInsert(db, {
          ...entry,
          reservationId: reservation.id,
          slotId: reservation.slotId,
          slotLabel: reservation.slotLabel,
        }),
        ...audit,
        recordIdempotencyKey(db, request, id),
      ]);
    } catch (error) {
      if (changedMeanwhile(error) || violates(error, 'checkins.reservation_id'))
        throw refusal('conflict', 'This reservation was checked in or changed a moment ago. Look it up again.');
      throw error;
    }
    await afterCommit('Following a check-in', async () =>
      lotObject(env, reservation.lotId).follow(recordAfter(reservation, 'ACTIVE'), now.getTime()),
    );
    await afterCommit('Check-in notice', () =>
      notify(db, reservation.userId, {
        type: 'CHECKED_IN',
        title: 'Checked in',
        message: `${reservation.lotName}: you are in${reservation.slotLabel ? `, slot ${reservation.slotLabel}` : ''}. Your parking ends at ${formatDateTime(reservation.endTs)}.`,
        metadata: { lotName: reservation.lotName, slotLabel: reservation.slotLabel ?? undefined, startTime: reservation.startTs },
      }),
    );
    return view((await findCheckin(db, id))!);
  }

  const lot = await lotForBooking(db, input.lotId);
  if (!lot) throw refusal('not_found', 'Parking lot not found');
  const stub = lotObject(env, lot.id);
  const untilMs = walkInHorizonEnd(lot, now).getTime();
  const admitted = await stub.admitWalkIn(
    {
      checkinId: id,
      slots: lot.slots,
      untilMs,
      slotLabel: input.slot,
      force: override,
      passId: monthly.passId ?? undefined,
      vehicleType: input.vehicleType,
    },
    now.getTime(),
  );
  if (!admitted.ok) throw refusal('conflict', walkInRefusal(admitted, input.slot, untilMs));
  const slot = lot.slots.find((candidate) => candidate.id === admitted.slotId);
  try {
    await commit(db, [
      checkinInsert(db, {
        ...entry,
        walkIn: true,
        slotId: slot?.id ?? null,
        slotLabel: slot?.label ?? null,
        monthlyPassId: monthly.passId,
      }),
      ...audit,
      recordIdempotencyKey(db, request, id),
    ]);
  } catch (error) {
    // A twin under the same client id recorded first: the object gave it this very slot, which stays taken.
    if (!(await findCheckin(db, id))) await stub.releaseWalkIn(id);
    throw error;
  }
  return view((await findCheckin(db, id))!);
}

/**
 * A no-show the alarm expired, whose car the gate let in before the deadline (captured offline, sent
 * later): the reservation becomes ACTIVE again on its slot, or on another free one of its kind if its
 * slot went to another car meanwhile, with the check-in, in one batch. The expiry moved no money
 * (the time was paid and kept), so there is nothing to pay back; the audit log records the revival.
 */
async function reviveOnEntry(
  ctx: GateContext,
  reservation: GateReservation,
  entry: EntryRow,
  audit: D1PreparedStatement[],
  request: IdempotentRequest,
  now: Date,
): Promise<Checkin> {
  const { env, db, user } = ctx;
  const lot = (await lotForBooking(db, reservation.lotId))!;
  const stub = lotObject(env, lot.id);
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
  const slot = lot.slots.find((candidate) => candidate.id === held.slotId)!;
  try {
    await commit(db, [
      claimHold(db, holdId, reservation.id),
      ...conditionalStatus(ctx, reservation, 'EXPIRED', 'ACTIVE', { slotId: slot.id }),
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
      metadata: { lotName: lot.name, slotLabel: slot.label, startTime: reservation.startTs },
    }),
  );
  return { ...view((await findCheckin(db, entry.id))!), revived: true };
}

const clockOf = (ms: number) => formatTime(new Date(ms).toISOString());
const walkInRefusal = (refused: Extract<WalkInResult, { ok: false }>, slot: string | undefined, untilMs: number) => {
  if (refused.reason === 'sold out')
    return `Sold out for walk-ins until ${clockOf(refused.untilMs)}: every free slot is booked before ${clockOf(untilMs)}.`;
  return refused.reason === 'full' ? 'Lot is full' : `Slot ${slot} is taken, booked before ${clockOf(untilMs)}, or does not exist here.`;
};

const chargedSoFar = async (db: DB, reservationId: string) =>
  Number(
    (
      await db
        .select({ total: sum(charges.amountCents) })
        .from(charges)
        .where(eq(charges.reservationId, reservationId))
    )[0].total ?? 0,
  );

export const PAY_CODE_USED = 'This pay code was already used: ask the driver to show a new one.';
const walletShort = (balanceCents: number, amountCents: number) =>
  `The driver's wallet holds ${formatPeso(balanceCents)}, short of ${formatPeso(amountCents)}: collect cash, or ask them to top up and show a new code.`;

/** A pay code consents to one stay at its lot, up to its limit: anything else is refused, and the code stays unspent. */
function assertConsentCovers(code: PayCode, lotId: string, amountCents: number) {
  if (code.lotId !== lotId) throw refusal('conflict', `This pay code is for ${code.lotName}, not this lot.`);
  if (amountCents > code.limitCents)
    throw refusal('conflict', `This stay costs ${formatPeso(amountCents)}, above the pay code's limit of ${formatPeso(code.limitCents)}.`);
}

/** The driver a genuine, unexpired pay code names, or the refusal. */
async function consentOf(env: Bindings, token: string, now: Date) {
  const check = await verifyPayCode(env, token, now);
  if (check.valid) return check.code;
  throw refusal(
    'conflict',
    check.reason === 'expired' ? 'This pay code expired: ask the driver to show a new one.' : 'This pay code is not genuine.',
  );
}

/** The car leaving must be the one that entered: its plate, or the pass it entered on (an override may say otherwise, audited). */
async function assertSameCar(ctx: GateContext, checkin: CheckinView, input: ExitRequest, override: boolean, now: Date) {
  if (override) return;
  if (input.plate && input.plate !== checkin.plate)
    throw refusal('conflict', `Plate ${input.plate} does not match the car checked in as ${checkin.plate}.`);
  if (!input.passToken) return;
  if (tokenAudience(input.passToken) === MONTHLY_AUDIENCE) {
    const monthly = await verifyMonthlyPass(ctx.env, input.passToken, new Date(Date.parse(checkin.entryTs)));
    if (!monthly.valid && monthly.reason === 'forged') throw refusal('invalid', 'This pass is not genuine: its signature does not verify.');
    const passId = monthly.valid ? monthly.claims.passId : decodeJwt(input.passToken).sub;
    if (passId !== checkin.monthlyPassId)
      throw refusal('conflict', `This pass is not the one the car checked in as ${checkin.plate} entered on.`);
    return;
  }
  const check = await verifyPass(ctx.env, input.passToken, now);
  if (!check.valid && check.reason === 'forged') throw refusal('invalid', 'This pass is not genuine: its signature does not verify.');
  // Only its times may have failed: the signature verified, so its subject is genuine.
  const reservationId = check.valid ? check.claims.reservationId : decodeJwt(input.passToken).sub;
  if (!checkin.reservationId || reservationId !== checkin.reservationId)
    throw refusal('conflict', `This pass is not the one the car checked in as ${checkin.plate} entered on.`);
}

/** What a merchant validation gave at the exit, as the gate shows it. */
export type ExitValidation = { merchantName: string; label: string; code: string | null; valueCents: number };

/** POST /api/checkins/:checkinId/exit. */
export async function exit(
  ctx: GateContext,
  checkinId: string,
  input: ExitRequest,
  request: IdempotentRequest,
  now = new Date(),
): Promise<Checkin & { validations?: ExitValidation[]; walletCapCents?: number | null }> {
  const replay = await priorResource(ctx.db, request);
  if (replay) return view((await findCheckin(ctx.db, replay))!);
  const stay = await stayLeaving(ctx, checkinId, input, now);
  const price = await priceOfStay(ctx, stay);
  const payment = await paymentOf(ctx, stay, price, input.payCode, now);
  try {
    await recordExit(ctx, stay, price, payment, input, request);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'This stay was checked out or changed a moment ago. Look it up again.');
    throw error;
  }
  return followExit(ctx, stay, price, payment, now);
}

/** The stay that is leaving: this lot's, still inside, the same car, and the time it leaves at. */
async function stayLeaving(ctx: GateContext, checkinId: string, input: ExitRequest, now: Date) {
  const checkin = await findCheckin(ctx.db, checkinId);
  if (!checkin || checkin.lotId !== input.lotId) throw refusal('not_found', 'No such check-in at this lot.');
  if (checkin.undoneAt) throw refusal('conflict', 'This check-in was undone.');
  if (checkin.exitTs) throw refusal('conflict', `This stay was already checked out at ${formatDateTime(checkin.exitTs)}.`);
  const override = isOverride(input);
  await assertSameCar(ctx, checkin, input, override, now);
  const shift = await findOpenShift(ctx.db, ctx.user.id, checkin.lotId);
  const at = timeOf(input.exitTs, now, { what: 'exit', override, shiftStartedAt: shift?.startedAt });
  if (at.getTime() < Date.parse(checkin.entryTs)) throw refusal('invalid', 'The exit time is before the entry.');
  return { checkin, override, shift, at };
}
type LeavingStay = Awaited<ReturnType<typeof stayLeaving>>;

/**
 * What the stay owes at the gate: a walk-in its whole time, a reservation only the time past its end,
 * a plate whose monthly pass covers its entry only the time past the valid hours it entered in (carried
 * on through the pass's renewals);
 * less the merchant validations redeemed on it (never below zero; prepaid time is never paid back).
 */
async function priceOfStay(ctx: GateContext, { checkin, at }: LeavingStay) {
  const lot = (await lotForBooking(ctx.db, checkin.lotId))!;
  const reservation = checkin.reservationId && !checkin.walkIn ? await findGateReservation(ctx.db, checkin.reservationId) : null;
  const entryMs = Date.parse(checkin.entryTs);
  const passes = !reservation && checkin.monthlyPassId ? await passWithRenewals(ctx.db, checkin.monthlyPassId, at.toISOString()) : [];
  // A pass car pays, as an overstay at the lot's rate, for its time past the valid hours it entered in,
  // carried on through the pass's renewals (a car inside when its pass renews stays covered).
  const passEndMs = passes.length ? (coveredUntil(passes.map(termOf), entryMs) ?? entryMs) : null;
  const stay = {
    entryMs,
    exitMs: at.getTime(),
    reservedUntilMs: reservation ? Date.parse(reservation.endTs) : passEndMs,
    pricing: lot.pricing,
  };
  const { hours } = gateCharge(stay);
  const applied = await validationsOfStay(ctx.db, checkin.id);
  const priced = validatedCharge(stay, applied, new Map(applied.map((row) => [row.merchantId, row.perStayCapCents])));
  const validations = applied.map((row, index) => ({
    id: row.id,
    merchantName: row.merchantName,
    label: worthLabel(row, formatPeso),
    code: row.code,
    valueCents: priced.values[index].valueCents,
  }));
  const what = reservation
    ? `Overstay at ${lot.name} (${hours} h)`
    : passEndMs !== null
      ? `Parking at ${lot.name} (${hours} h after the monthly pass)`
      : `Parking at ${lot.name} (${hours} h, walk-in)`;
  return { lot, reservation, amountCents: priced.netCents, validatedCents: priced.validatedCents, validations, what };
}
type StayPrice = Awaited<ReturnType<typeof priceOfStay>>;

/**
 * Who pays, and whether from their wallet. Only the driver's own consent moves their money: a pay
 * code they showed (for this lot, up to its limit), or the reservation they booked (its overstay up
 * to a day's price, core/gate.ts overstayFromWallet). A pay code that cannot pay is refused.
 */
async function paymentOf(
  ctx: GateContext,
  stay: LeavingStay,
  { lot, reservation, amountCents }: StayPrice,
  token: string | undefined,
  now: Date,
) {
  const payCode = token ? await consentOf(ctx.env, token, now) : null;
  if (payCode) assertConsentCovers(payCode, stay.checkin.lotId, amountCents);
  const payer = payCode ? { userId: payCode.userId } : reservation ? { userId: reservation.userId } : null;
  // Without a pay code, a reservation's wallet pays an overstay only up to the cap; above it, all is collected at the gate.
  const cap =
    !payCode && reservation && amountCents > 0 ? overstayFromWallet(amountCents, lot.pricing, Date.parse(reservation.endTs)) : null;
  const balance = payer && amountCents > 0 ? (await walletOf(ctx.db, payer.userId)).balanceCents : 0;
  const walletCovers = payer !== null && amountCents > 0 && balance >= amountCents && (cap?.fromWallet ?? true);
  if (payCode && amountCents > 0 && !walletCovers) throw refusal('conflict', walletShort(balance, amountCents));
  // A walk-in paid with a pay code becomes the driver's completed reservation: they see the stay, its receipt and its points.
  const stayReservationId = reservation?.id ?? (payer ? newId() : null);
  return {
    payCode,
    payer,
    walletCovers,
    /** The cap the overstay went above, so the gate collects it all: null when the wallet could pay it. */
    walletCapCents: cap && !cap.fromWallet ? cap.capCents : null,
    stayReservationId,
    idempotencyKey: payCode ? `paycode:${payCode.codeId}` : `checkin:${stay.checkin.id}:exit`,
  };
}
type StayPayment = Awaited<ReturnType<typeof paymentOf>>;

/** The check-out, its charge, the driver's record and receipt, the audit of an override, in one batch. */
async function recordExit(
  ctx: GateContext,
  stay: LeavingStay,
  price: StayPrice,
  payment: StayPayment,
  input: ExitRequest,
  request: IdempotentRequest,
) {
  const { db, user } = ctx;
  const { checkin, override, shift, at } = stay;
  const { reservation, amountCents, what } = price;
  const { payCode, payer, walletCovers, stayReservationId } = payment;

  const statements = (paidBy: GatePaymentMethod | null) => {
    const list: D1PreparedStatement[] = [];
    if (reservation) list.push(...conditionalStatus(ctx, reservation, 'ACTIVE', 'COMPLETED'));
    if (!reservation && stayReservationId && payer) {
      list.push(
        reservationInsert(db, {
          id: stayReservationId,
          userId: payer.userId,
          lotId: checkin.lotId,
          slotId: checkin.slotId,
          vehicleId: null,
          vehiclePlate: checkin.plate,
          status: 'COMPLETED',
          startTs: checkin.entryTs,
          endTs: new Date(Math.max(at.getTime(), Date.parse(checkin.entryTs) + MINUTE_MS)).toISOString(),
          amountCents,
        }),
        chargeInsert(db, { reservationId: stayReservationId, kind: 'WALK_IN', amountCents, method: paidBy ?? undefined }),
        ...issueReceipt(db, { reservationId: stayReservationId, lot: price.lot, amountCents }),
      );
    }
    list.push(
      statementOf(
        db,
        db
          .update(checkins)
          .set({
            exitTs: at.toISOString(),
            exitShiftId: shift?.id ?? null,
            exitAttendantId: user.id,
            amountCents,
            validatedCents: price.validatedCents,
            paidBy,
            // Whose wallet paid: a gate refund goes back to it (docs/gate.md, Refunds by the lot).
            payerId: paidBy === 'wallet' ? (payer?.userId ?? null) : null,
            reservationId: stayReservationId,
            lostTicket: input.lostTicket ?? false,
            exitOverrideReason: override ? input.overrideReason : null,
          })
          .where(and(eq(checkins.id, checkin.id), isNull(checkins.exitTs), isNull(checkins.undoneAt))),
      ),
      abortUnlessChanged(db),
      // Each validation's value, and none applied since the price was worked out (else the batch aborts).
      ...price.validations.map((validation) => valueStatement(db, validation.id, validation.valueCents, at)),
      validationsUnchanged(db, checkin.id, price.validations.length),
    );
    if (override || input.lostTicket) {
      list.push(
        auditStatement(db, user, {
          action: override ? 'OVERRIDE_EXIT' : 'LOST_TICKET',
          subject: `checkin:${checkin.id}`,
          context: {
            lotId: checkin.lotId,
            plate: checkin.plate,
            reason: input.overrideReason ?? null,
            amountCents,
            exitTs: at.toISOString(),
          },
        }),
      );
    }
    list.push(recordIdempotencyKey(db, request, checkin.id));
    return list;
  };

  /**
   * Pays from the payer's wallet when it covers the charge, else records cash. A reservation's wallet
   * that fell short meanwhile pays in cash; a pay code that cannot pay (short, or spent on another
   * stay meanwhile: its id keys the debit) is refused, and nothing is recorded.
   */
  const settle = async (fromWallet: boolean, build: (paidBy: GatePaymentMethod | null) => D1PreparedStatement[], free = false) => {
    if (free) return void (await commit(db, build(null)));
    if (fromWallet && payer && stayReservationId) {
      const paid = await payFromWallet(
        db,
        { userId: payer.userId, reservationId: stayReservationId, amountCents, description: what, idempotencyKey: payment.idempotencyKey },
        build('wallet'),
      );
      if (paid.ok) return;
      if (payCode) throw refusal('conflict', paid.reason === 'duplicate' ? PAY_CODE_USED : walletShort(paid.balanceCents, amountCents));
    }
    await commit(db, build('cash'));
  };

  if (reservation && amountCents > 0) {
    const receipt = reissueReceipt(db, {
      reservationId: reservation.id,
      lot: price.lot,
      netPaidCents: (await chargedSoFar(db, reservation.id)) + amountCents,
    });
    await settle(walletCovers, (paidBy) => [
      ...statements(paidBy),
      chargeInsert(db, { reservationId: reservation.id, kind: 'OVERSTAY', amountCents, method: paidBy ?? undefined }),
      ...receipt,
    ]);
  } else {
    await settle(walletCovers && amountCents > 0, statements, amountCents === 0);
  }
}

/** After the record: the lot object frees the slot, the pay code's driver is told what it paid, and the stay's driver how it ended. */
async function followExit(
  ctx: GateContext,
  { checkin }: LeavingStay,
  { lot, reservation, amountCents, what, validations }: StayPrice,
  { payCode, walletCapCents }: StayPayment,
  now: Date,
) {
  const stub = lotObject(ctx.env, checkin.lotId);
  if (reservation)
    await afterCommit('Following a check-out', async () => stub.follow(recordAfter(reservation, 'COMPLETED'), now.getTime()));
  else await afterCommit('Freeing a walk-in slot', async () => stub.releaseWalkIn(checkin.id));
  const closed = view((await findCheckin(ctx.db, checkin.id))!);
  if (payCode) await afterCommit('Pay code notice', () => payCodeNotice(ctx, payCode, lot.name, closed));
  if (reservation && reservation.userId !== payCode?.userId) {
    const paid =
      closed.paidBy === 'wallet' && !payCode
        ? 'paid from your wallet'
        : walletCapCents !== null
          ? `paid at the gate: above ${formatPeso(walletCapCents)}, a day at this lot, your wallet pays only with your pay code`
          : 'paid at the gate';
    await afterCommit('Check-out notice', () =>
      notify(ctx.db, reservation.userId, {
        type: 'CHECKED_OUT',
        title: 'Checked out',
        message: `${lot.name}: you left at ${formatTime(closed.exitTs!)}.${amountCents ? ` ${formatPeso(amountCents)} for ${what.toLowerCase()}, ${paid}.` : ''}`,
        metadata: { lotName: lot.name },
      }),
    );
  }
  return { ...closed, walletCapCents, validations: validations.map(({ id: _id, ...validation }) => validation) };
}

/** At once, in the app and on the phone: what the driver's pay code paid, where, for which car. */
const payCodeNotice = (ctx: GateContext, payCode: PayCode, lotName: string, closed: Checkin) =>
  sendNotice(ctx, payCode.userId, {
    note: {
      type: 'PAYMENT_SUCCESS',
      title: 'Pay code used',
      message:
        closed.paidBy === 'wallet'
          ? `Your pay code paid ${formatPeso(closed.amountCents ?? 0)} from your wallet at ${lotName}, for the stay of ${closed.plate}.`
          : `Your pay code was shown at ${lotName} for the stay of ${closed.plate}: nothing was charged.`,
      metadata: { lotName },
    },
    push: { url: '/wallet', tag: `pay-code:${payCode.codeId}` },
  });

/** POST /api/checkins/:checkinId/undo: a check-in made by mistake, reversed within minutes and audited. */
export async function undo(
  ctx: GateContext,
  checkinId: string,
  lotId: string,
  request: IdempotentRequest,
  now = new Date(),
): Promise<Checkin> {
  const { env, db, user } = ctx;
  const replay = await priorResource(db, request);
  if (replay) return view((await findCheckin(db, replay))!);
  const checkin = await findCheckin(db, checkinId);
  if (!checkin || checkin.lotId !== lotId) throw refusal('not_found', 'No such check-in at this lot.');
  if (!undoable(checkin, now))
    throw refusal('conflict', `A check-in can be undone only within ${UNDO_MINUTES} minutes of the entry, before the car leaves.`);
  const reservation = checkin.reservationId && !checkin.walkIn ? await findGateReservation(db, checkin.reservationId) : null;
  try {
    await commit(db, [
      statementOf(
        db,
        db
          .update(checkins)
          .set({ undoneAt: now.toISOString() })
          .where(and(eq(checkins.id, checkin.id), isNull(checkins.exitTs), isNull(checkins.undoneAt))),
      ),
      abortUnlessChanged(db),
      // Validations redeemed on a stay that never was: a code can be used again, a link's is gone.
      ...releaseStatements(db, checkin.id),
      ...(reservation ? conditionalStatus(ctx, reservation, 'ACTIVE', 'CONFIRMED') : []),
      auditStatement(db, user, {
        action: 'UNDO_CHECKIN',
        subject: `checkin:${checkin.id}`,
        context: { lotId, plate: checkin.plate, reservationId: checkin.reservationId },
      }),
      recordIdempotencyKey(db, request, checkin.id),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'This check-in changed a moment ago. Look it up again.');
    throw error;
  }
  const stub = lotObject(env, lotId);
  if (reservation)
    await afterCommit('Following an undone check-in', async () => stub.follow(recordAfter(reservation, 'CONFIRMED'), now.getTime()));
  else await afterCommit('Freeing a walk-in slot', async () => stub.releaseWalkIn(checkin.id));
  return view((await findCheckin(db, checkin.id))!);
}
