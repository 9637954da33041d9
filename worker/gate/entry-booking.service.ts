/**
 * What a car enters on (docs/gate.md): its reservation (from its pass, a named reservation, or its
 * plate), or its monthly pass (from its QR, or its plate). None: the car is a walk-in.
 */
import { decodeJwt } from 'jose';
import { otherCarThanBooked, type EnterRequest } from '../../core/gate';
import { scheduleLabel, validAt, type PassSchedule } from '../../core/monthly-passes';
import { PASS_EARLY_ARRIVAL_MINUTES } from '../../core/passes';
import { refusal } from '../../core/refusal';
import { formatDateTime, formatTime, MINUTE_MS } from '../../core/time';
import type { Bindings } from '../env';
import { scheduleOf, plateOnPass } from '../monthly-passes/monthly-passes.service';
import { MONTHLY_AUDIENCE, tokenAudience, verifyMonthlyPass, verifyPass } from '../passes/passes.service';
import { readSettings } from '../platform/settings.data';
import { FORGED_PASS, type GateContext } from './checkin.service';
import { findGateReservation, reservationForPlateNow, type GateReservation } from './checkins.data';

/** A reserved car may enter this long before its start (the pass's own early-arrival allowance). */
const EARLY_ARRIVAL_MS = PASS_EARLY_ARRIVAL_MINUTES * MINUTE_MS;

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
 * The reservation a pass names, or the refusal. Null: a forged pass an override lets in as a walk-in.
 * A pass out of its times enters only by override.
 */
async function reservationOfPass(env: Bindings, token: string, at: Date, override: boolean) {
  const check = await verifyPass(env, token, at);
  if (check.valid) return check.claims.reservationId;
  if (check.reason === 'forged') {
    if (override) return null;
    throw refusal('invalid', FORGED_PASS);
  }
  if (!override) {
    const { nbf, exp } = decodeJwt(token);
    throw refusal(
      'conflict',
      check.reason === 'expired'
        ? `This pass expired at ${formatDateTime(new Date(exp! * 1000).toISOString())}.`
        : `This pass is valid from ${formatDateTime(new Date(nbf! * 1000).toISOString())}.`,
    );
  }
  // The signature verified (only its times failed, under an override): its subject is genuine.
  return decodeJwt(token).sub;
}

/**
 * Whether the car enters on the reservation it named, judged at `at`: the reservation, null (a no-show
 * an override lets in as a walk-in), or the refusal. An EXPIRED one is answered only when the entry was
 * captured before its no-show deadline; without a pass, a car enters only in the reservation's times.
 */
export function enteringOn(
  reservation: GateReservation,
  input: Pick<EnterRequest, 'lotId' | 'plate' | 'passToken'>,
  { at, override, graceMinutes }: { at: Date; override: boolean; graceMinutes: number },
): GateReservation | null {
  if (reservation.lotId !== input.lotId) throw refusal('conflict', `This pass is for ${reservation.lotName}, not this lot.`);
  const otherCar = otherCarThanBooked('reservation', reservation.vehiclePlate, input.plate);
  if (otherCar && !override) throw refusal('conflict', otherCar);
  if (reservation.status === 'EXPIRED' && enteredBeforeDeadline(reservation, at, graceMinutes)) return reservation;
  const refused = RESERVATION_REFUSALS[reservation.status];
  // An override may let a no-show in after all, as a walk-in; nothing else a refusal names.
  if (refused && !(override && reservation.status === 'EXPIRED')) throw refusal('conflict', refused(reservation));
  if (reservation.status === 'EXPIRED') return null;
  if (override || input.passToken) return reservation;
  const earliest = Date.parse(reservation.startTs) - EARLY_ARRIVAL_MS;
  if (at.getTime() < earliest)
    throw refusal(
      'conflict',
      `This reservation starts at ${formatDateTime(reservation.startTs)}; come back from ${formatTime(new Date(earliest).toISOString())}.`,
    );
  if (at.getTime() >= Date.parse(reservation.endTs))
    throw refusal('conflict', `This reservation ended at ${formatDateTime(reservation.endTs)}.`);
  return reservation;
}

/**
 * The reservation a car enters on: from its pass, a named reservation, or its plate (never for a tap,
 * which names its own). Null: a walk-in.
 */
export async function reservationOfEntry(ctx: GateContext, input: EnterRequest, at: Date, override: boolean) {
  const named = input.passToken ? await reservationOfPass(ctx.env, input.passToken, at, override) : input.reservationId;
  if (named === null || (!named && ctx.tap)) return null;
  const { noShowGraceMinutes } = await readSettings(ctx.db);
  if (!named)
    return reservationForPlateNow(ctx.db, input.lotId, input.plate, {
      earliestStart: new Date(at.getTime() + EARLY_ARRIVAL_MS),
      at,
      expiredSince: new Date(at.getTime() - noShowGraceMinutes * MINUTE_MS),
    });
  const reservation = await findGateReservation(ctx.db, named);
  if (!reservation) throw refusal('not_found', 'Reservation not found');
  return enteringOn(reservation, input, { at, override, graceMinutes: noShowGraceMinutes });
}

const outsideHours = (plate: string, schedule: PassSchedule) =>
  `${plate}'s monthly pass is valid ${scheduleLabel(schedule)} (Manila time), not now: it may enter as a walk-in with an override.`;

/** The monthly pass a car enters on; `token`: the entry is the pass's QR, never a reservation's. */
type MonthlyEntry = { passId: string | null; token: boolean; bookedPlate?: string };

/**
 * The monthly pass a car enters on by its QR. Outside the pass's valid hours the gate says so; an
 * override lets the car in as a plain walk-in.
 */
export async function monthlyPassOfEntry(ctx: GateContext, input: EnterRequest, at: Date, override: boolean): Promise<MonthlyEntry> {
  if (!input.passToken || tokenAudience(input.passToken) !== MONTHLY_AUDIENCE) return { passId: null, token: false };
  const check = await verifyMonthlyPass(ctx.env, input.passToken, at);
  if (!check.valid) {
    if (override) return { passId: null, token: true };
    if (check.reason === 'forged') throw refusal('invalid', FORGED_PASS);
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

/**
 * A car with no pass at hand and no reservation: its plate, looked up only among this lot's passes
 * valid now; a tap's, the pass of its driver it named.
 */
export async function monthlyPassOfPlate(ctx: GateContext, input: EnterRequest, at: Date, override: boolean): Promise<MonthlyEntry> {
  if (input.passToken || input.reservationId) return { passId: null, token: false };
  const pass = ctx.tap ? (ctx.tap.monthlyPass ?? null) : await plateOnPass(ctx.db, input.lotId, input.plate, at);
  if (!pass) return { passId: null, token: false };
  if (!validAt(scheduleOf(pass), at.getTime())) {
    if (override) return { passId: null, token: false };
    throw refusal('conflict', outsideHours(pass.plate, scheduleOf(pass)));
  }
  return { passId: pass.id, token: false };
}
