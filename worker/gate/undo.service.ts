/** A check-in made by mistake, reversed within minutes and audited (docs/gate.md, Who moves whose money: Undo). */
import { undoable, UNDO_MINUTES } from '../../core/gate';
import { refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { lotObject } from '../lot-object/stub';
import { releaseStatements } from '../validations/validations.statements';
import { conditionalStatus, recordAfter, recordedCheckin, type Checkin, type GateContext } from './checkin.service';
import { findGateReservation, openStayUpdate } from './checkins.data';
import { stayAtGate } from './moved-declared.service';

/** POST /api/checkins/:checkinId/undo: the stay no longer counts; a reservation is CONFIRMED again, a walk-in's slot freed. */
export async function undo(
  ctx: GateContext,
  checkinId: string,
  lotId: string,
  request: IdempotentRequest,
  now = new Date(),
): Promise<Checkin> {
  const { db, user } = ctx;
  const replay = await priorResource(db, request);
  if (replay) return recordedCheckin(db, replay);
  // A stay moved into its lot's object is closed: found there, it is refused as too late, not as unknown.
  const checkin = (await stayAtGate(ctx.env, db, lotId, checkinId))?.checkin;
  if (!checkin || checkin.lotId !== lotId) throw refusal('not_found', 'No such check-in at this lot.');
  if (!undoable(checkin, now))
    throw refusal('conflict', `A check-in can be undone only within ${UNDO_MINUTES} minutes of the entry, before the car leaves.`);
  const reservation = checkin.reservationId && !checkin.walkIn ? await findGateReservation(db, checkin.reservationId) : null;
  try {
    await commit(db, [
      openStayUpdate(db, checkin.id, { undoneAt: now.toISOString() }),
      abortUnlessChanged(db),
      // Validations redeemed on a stay that never was: a code can be used again, a link's is gone.
      ...releaseStatements(db, checkin.id),
      ...(reservation ? conditionalStatus(db, reservation, 'ACTIVE', 'CONFIRMED') : []),
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
  const stub = lotObject(ctx.env, lotId);
  if (reservation)
    await afterCommit('Following an undone check-in', async () => stub.follow(recordAfter(reservation, 'CONFIRMED'), now.getTime()));
  else await afterCommit('Freeing a walk-in slot', async () => stub.releaseWalkIn(checkin.id));
  return recordedCheckin(db, checkin.id);
}
