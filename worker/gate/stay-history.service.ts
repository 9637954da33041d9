/**
 * Reading stays wherever they live (docs/gate.md, "Where a stay lives"): D1 holds the open ones and
 * those closed within the hot window, the lot's object those moved out since. A reader takes D1's and
 * the object's and keeps each stay once (core/stays.ts `eachStayOnce`).
 */
import type { Bindings } from '../env';
import type { StayRecord } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';

/** What a person's stays are filed under at a lot: one of their reservations or monthly passes there. */
export type StayOwner = { lotId: string; reservationId?: string; passId?: string };

/** Owners grouped by lot: the reservations and passes each lot's object is asked about. */
function byLot(owners: StayOwner[]) {
  const lots = new Map<string, { reservationIds: string[]; passIds: string[] }>();
  for (const { lotId, reservationId, passId } of owners) {
    const lot = lots.get(lotId) ?? { reservationIds: [], passIds: [] };
    if (reservationId) lot.reservationIds.push(reservationId);
    if (passId) lot.passIds.push(passId);
    lots.set(lotId, lot);
  }
  return [...lots];
}

/** The stays moved into the lots' objects of these reservations and passes, every lot asked at once. */
export async function movedStaysOf(env: Bindings, owners: StayOwner[]): Promise<StayRecord[]> {
  const perLot = await Promise.all(byLot(owners).map(([lotId, people]) => lotObject(env, lotId).staysOf(people)));
  return perLot.flat();
}

/** Masks the plates of these moved stays in their lots' objects (an erasure). */
export async function maskMovedPlates(env: Bindings, stays: StayRecord[]): Promise<void> {
  const lots = Map.groupBy(stays, (stay) => stay.lotId);
  await Promise.all([...lots].map(([lotId, ofLot]) => lotObject(env, lotId).maskPlatesOfStays(ofLot.map((stay) => stay.id))));
}
