/**
 * A check-in as the gate answers it, and what its entry, exit and undo share (docs/gate.md): the time
 * an act is recorded at, and a reservation's conditional move with what the lot object must then hold.
 */
import { gateTime, type ExitRequest } from '../../core/gate';
import { refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import type { DB } from '../db/client';
import type { IdempotentRequest } from '../db/idempotency-keys';
import type { Bindings, SessionUser } from '../env';
import type { BookingRecord } from '../lot-object/protocol';
import type { MonthlyPass } from '../monthly-passes/monthly-passes.data';
import { reservationReceipts } from '../receipts/receipts.service';
import { updateIfUnchanged } from '../reservations/reservations.statements';
import {
  findCheckin,
  findDeclaredStay,
  findOpenCheckin,
  type CarAtGate,
  type CheckinView,
  type GateReservation,
  type NewCheckin,
} from './checkins.data';
import { movedDeclaredCar } from './moved-declared.service';

/**
 * Who makes the step: an attendant at the desk, or a driver tapping a lot's tag (`tap`), whose own
 * check-in or check-out it is. A tap enters on what it names, the reservation in the request or its
 * driver's `monthlyPass`, never on a booking found by plate; its check-out is paid from the driver's
 * wallet up to `limitCents`.
 */
export type GateContext = {
  env: Bindings;
  db: DB;
  user: SessionUser;
  tap?: { tagId: string; limitCents?: number; monthlyPass?: MonthlyPass };
};

/** A check-in's row before what it is on (a reservation's slot, or a walk-in's) is added by its step. */
type EntryRow = Omit<NewCheckin, 'reservationId' | 'slotId' | 'slotLabel' | 'walkIn'> & { id: string; plate: string; entryTs: string };

/** An entry about to be recorded: its row, the audit of its override (if any), its request, and the server's time. */
export type NewEntry = { row: EntryRow; audit: D1PreparedStatement[]; request: IdempotentRequest; now: Date };

/** The stay as the gate shows it: its reservation's current receipt, if it has one, and not its slot's id. */
export async function asCheckin(db: DB, { slotId: _slot, undoneAt: _undone, ...checkin }: CheckinView) {
  const { reservationId } = checkin;
  const receipt = reservationId ? (await reservationReceipts(db, [reservationId])).get(reservationId) : undefined;
  return { ...checkin, receiptId: receipt?.id ?? null };
}
/** `revived`: the entry made an expired reservation active again (judged at its capture time). */
export type Checkin = Awaited<ReturnType<typeof asCheckin>> & { revived?: true };

/** A check-in recorded in this request: it is there. */
export const recordedCheckin = async (db: DB, id: string): Promise<Checkin> => asCheckin(db, (await findCheckin(db, id))!);

/**
 * The stay the gate checks a car out of, by plate or by reservation: the one still inside, else one its
 * driver declared out by tap that the gate now sees (docs/gate.md, A declared exit seen at the gate).
 */
export const stayToCheckOut = async (env: Bindings, db: DB, lotId: string, by: CarAtGate) =>
  (await findOpenCheckin(db, lotId, by)) ?? (await findDeclaredStay(db, lotId, by)) ?? movedDeclaredCar(env, db, lotId, by);

export async function openCheckin(env: Bindings, db: DB, lotId: string, by: CarAtGate): Promise<Checkin | null> {
  const row = await stayToCheckOut(env, db, lotId, by);
  return row && asCheckin(db, row);
}

/** The time the act is recorded and priced at (core/gate.ts, gateTime), or the refusal. */
export const timeOf = (...args: Parameters<typeof gateTime>) => {
  const time = gateTime(...args);
  if (!time.ok) throw refusal(time.status === 400 ? 'invalid' : 'conflict', time.message);
  return time.time;
};

/** What the lot object must hold for a reservation after a gate transition to `status`. */
export const recordAfter = (reservation: GateReservation, status: 'ACTIVE' | 'COMPLETED' | 'CONFIRMED'): BookingRecord => ({
  reservationId: reservation.id,
  version: reservation.version + 1,
  live: status !== 'COMPLETED',
  slotId: reservation.slotId,
  startMs: Date.parse(reservation.startTs),
  endMs: Date.parse(reservation.endTs),
});

/** An exit let through by override, or of a lost ticket, audited in its batch: with who, why, what it cost and when. */
export const exitAudit = (
  ctx: GateContext,
  checkin: { id: string; lotId: string; plate: string },
  input: ExitRequest,
  { override, amountCents, at }: { override: boolean; amountCents: number; at: Date },
) =>
  override || input.lostTicket
    ? [
        auditStatement(ctx.db, ctx.user, {
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
      ]
    : [];

/** A reservation's move `from` → `to`, applied only if it is still as read (else the batch aborts). */
export const conditionalStatus = (
  db: DB,
  reservation: GateReservation,
  from: GateReservation['status'],
  to: GateReservation['status'],
  also: { slotId?: string } = {},
) => updateIfUnchanged(db, { ...reservation, status: from }, { ...also, status: to });

/** Said of a pass whose signature does not verify, at the entry as at the exit. */
export const FORGED_PASS = 'This pass is not genuine: its signature does not verify.';
