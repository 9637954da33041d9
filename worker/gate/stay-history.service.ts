/**
 * Reading stays wherever they live (docs/gate.md, "Where a stay lives"): D1 holds the open ones and
 * those closed within the hot window, the lot's object those moved out since. A reader takes D1's and
 * the object's and keeps each stay once (core/stays.ts `eachStayOnce`).
 */
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import type { StayRecord } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { shiftStayIds } from './shifts.data';
import { hotWindowStart } from './stay-move.service';
import { lotIds } from './stay-move.data';

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

/** The retention period in every lot's object: plates of stays closed before `before` masked, a page a call; answers how many stays. */
export async function maskMovedPlatesClosedBefore(env: Bindings, db: DB, before: string, page: number): Promise<number> {
  const perLot = await Promise.all(
    (await lotIds(db)).map(async (lotId) => {
      let masked = 0;
      for (let last = page; last === page; masked += last) last = await lotObject(env, lotId).maskPlatesClosedBefore(before, page);
      return masked;
    }),
  );
  return perLot.reduce((sum, masked) => sum + masked, 0);
}

/**
 * What a shift let in and out among the stays moved into its lot's object: none unless it began before
 * the hot window (a stay moves only once closed before it), which the gate's own shifts rarely do.
 */
export async function movedShiftTotals(env: Bindings, db: DB, shift: { id: string; lotId: string; startedAt: string }, now: number) {
  if (shift.startedAt >= hotWindowStart(now)) return null;
  return lotObject(env, shift.lotId).shiftTotals(shift.id, await shiftStayIds(db, shift.id));
}

/** Recent Activity's latest entries and exits among the stays moved into the lot's object (a refunded stay stays in D1: none was refunded). */
export async function latestMovedStays(env: Bindings, lotId: string, limit: number) {
  const lot = lotObject(env, lotId);
  const slotted = (stays: StayRecord[]) => stays.map((stay) => ({ ...stay, slot: stay.slotLabel, refundedCents: 0 }));
  const [entries, exits] = await Promise.all([lot.latestStays({ by: 'entry', limit }), lot.latestStays({ by: 'exit', limit })]);
  return { entries: slotted(entries), exits: slotted(exits) };
}
