/**
 * A stay its driver declared out by tap that the gate has not seen leave, moved past the hot window
 * into its lot's object (docs/gate.md, Where a stay lives): the gate finds it and reopens it as one
 * D1 still holds. Not seen leaving means no later stay of its plate at the lot, in the object or in D1.
 */
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import type { StayOfCar, StayRecord } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { findCheckin, hasLaterStay, isDeclaredUnseen, type CarAtGate, type CheckinView } from './checkins.data';

/** A moved stay as the gate shows one of D1 (checkins.data.ts). */
const viewOf = ({ slotLabel, exitTagId, ...stay }: StayRecord): CheckinView => ({
  id: stay.id,
  lotId: stay.lotId,
  plate: stay.plate,
  slot: slotLabel,
  slotId: stay.slotId,
  reservationId: stay.reservationId,
  entryTs: stay.entryTs,
  exitTs: stay.exitTs,
  amountCents: stay.amountCents,
  validatedCents: stay.validatedCents,
  paidBy: stay.paidBy,
  walkIn: stay.walkIn,
  override: stay.override,
  overrideReason: stay.overrideReason,
  lostTicket: stay.lostTicket,
  undoneAt: stay.undoneAt,
  monthlyPassId: stay.monthlyPassId,
  driverDeclaredExit: exitTagId !== null,
  reopenedFrom: stay.reopenedFrom,
});

/** The car's moved stay declared out by tap and not seen leaving: by plate, by reservation or by id. */
async function movedDeclaredStay(env: Bindings, db: DB, lotId: string, car: StayOfCar): Promise<CheckinView | null> {
  const stay = await lotObject(env, lotId).declaredStay(car);
  return stay && !(await hasLaterStay(db, stay)) ? viewOf(stay) : null;
}

/** The gate's look-up past D1: a car by plate or by reservation whose declared exit moved. */
export const movedDeclaredCar = (env: Bindings, db: DB, lotId: string, by: CarAtGate) =>
  movedDeclaredStay(env, db, lotId, by.reservationId ? { reservationId: by.reservationId } : { plate: by.plate ?? '' });

/** The stay `id` at the lot, D1's or moved, and whether it is declared out by tap and not seen leaving. */
export async function stayAtGate(env: Bindings, db: DB, lotId: string, id: string) {
  const inD1 = await findCheckin(db, id);
  if (inD1) return { checkin: inD1, declaredUnseen: () => isDeclaredUnseen(db, id) };
  const moved = await lotObject(env, lotId).stay(id);
  if (!moved) return null;
  return { checkin: viewOf(moved), declaredUnseen: async () => (await movedDeclaredStay(env, db, lotId, { id })) !== null };
}
