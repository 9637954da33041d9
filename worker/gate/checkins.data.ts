/** D1 reads and writes of the gate: check-ins, the reservations and accounts they belong to, shifts. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { checkins, lots, reservations, shifts, slots } from '../db/schema';
import { DAY_MS } from '../../core/time';

const checkinColumns = {
  id: checkins.id,
  lotId: checkins.lotId,
  plate: checkins.plate,
  slot: checkins.slotLabel,
  slotId: checkins.slotId,
  reservationId: checkins.reservationId,
  entryTs: checkins.entryTs,
  exitTs: checkins.exitTs,
  amountCents: checkins.amountCents,
  validatedCents: checkins.validatedCents,
  paidBy: checkins.paidBy,
  walkIn: checkins.walkIn,
  override: checkins.override,
  overrideReason: checkins.overrideReason,
  lostTicket: checkins.lostTicket,
  undoneAt: checkins.undoneAt,
  monthlyPassId: checkins.monthlyPassId,
  /** Its exit is the driver's word, by tapping the exit tag: the gate did not see the car leave then. */
  driverDeclaredExit: sql<boolean>`${checkins.exitTagId} IS NOT NULL`.mapWith(Boolean),
  /** The stay whose declared exit the gate saw leave later: this row is the time between (docs/gate.md). */
  reopenedFrom: checkins.reopenedFrom,
};

/** A stay's receipt is its reservation's: the receipts domain answers which is current (checkin.service.ts). */
const selectCheckins = (db: DB) => db.select(checkinColumns).from(checkins);
export type CheckinView = Awaited<ReturnType<ReturnType<typeof selectCheckins>['all']>>[number];

export async function findCheckin(db: DB, id: string): Promise<CheckinView | null> {
  const [row] = await selectCheckins(db).where(eq(checkins.id, id));
  return row ?? null;
}

/** A car the gate looks up: by its plate, or by the reservation of its pass. */
export type CarAtGate = { plate?: string; reservationId?: string };

/** The car's latest stay at the lot that is also `still`. */
async function latestStay(db: DB, lotId: string, by: CarAtGate, still: SQL | undefined): Promise<CheckinView | null> {
  const which = by.reservationId ? eq(checkins.reservationId, by.reservationId) : eq(checkins.plate, by.plate ?? '');
  const [row] = await selectCheckins(db)
    .where(and(eq(checkins.lotId, lotId), which, isNull(checkins.undoneAt), still))
    .orderBy(desc(checkins.entryTs))
    .limit(1);
  return row ?? null;
}

/** The stay of a car still inside the lot, by plate or by reservation. */
export const findOpenCheckin = (db: DB, lotId: string, by: CarAtGate) => latestStay(db, lotId, by, isNull(checkins.exitTs));

/**
 * A stay its driver declared out by tap that the gate has not seen leave: no stay of its plate came
 * after it at the lot, neither the car back in nor the gate's own check-out of it (a row reopening it).
 */
const declaredUnseen = and(
  isNotNull(checkins.exitTagId),
  sql`NOT EXISTS (SELECT 1 FROM ${checkins} AS later WHERE later.lot_id = ${checkins}.lot_id AND later.plate = ${checkins}.plate
    AND later.entry_ts > ${checkins}.entry_ts AND later.undone_at IS NULL)`,
);

/** The car's stay at the lot declared out by its driver's tap, not yet seen leaving (docs/gate.md, A declared exit seen at the gate). */
export const findDeclaredStay = (db: DB, lotId: string, by: CarAtGate) => latestStay(db, lotId, by, declaredUnseen);

/** Whether the stay `id` was declared out by its driver's tap and the gate has not seen it leave since. */
export async function isDeclaredUnseen(db: DB, id: string) {
  const [row] = await db
    .select({ id: checkins.id })
    .from(checkins)
    .where(and(eq(checkins.id, id), isNull(checkins.undoneAt), declaredUnseen));
  return row !== undefined;
}

/** Whether D1 holds a stay of this one's plate at its lot that entered after it (the car back in, or the gate's check-out of it). */
export async function hasLaterStay(db: DB, stay: { lotId: string; plate: string; entryTs: string }) {
  const [row] = await db
    .select({ id: checkins.id })
    .from(checkins)
    .where(
      and(eq(checkins.lotId, stay.lotId), eq(checkins.plate, stay.plate), gt(checkins.entryTs, stay.entryTs), isNull(checkins.undoneAt)),
    )
    .limit(1);
  return row !== undefined;
}

const gateReservationColumns = {
  id: reservations.id,
  userId: reservations.userId,
  lotId: reservations.lotId,
  lotName: lots.name,
  status: reservations.status,
  version: reservations.version,
  slotId: reservations.slotId,
  slotLabel: slots.label,
  startTs: reservations.startTs,
  endTs: reservations.endTs,
  amountCents: reservations.amountCents,
  vehiclePlate: reservations.vehiclePlate,
};
const selectGateReservations = (db: DB) =>
  db
    .select(gateReservationColumns)
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .leftJoin(slots, eq(slots.id, reservations.slotId));
export type GateReservation = Awaited<ReturnType<ReturnType<typeof selectGateReservations>['all']>>[number];

export async function findGateReservation(db: DB, id: string): Promise<GateReservation | null> {
  const [row] = await selectGateReservations(db).where(eq(reservations.id, id));
  return row ?? null;
}

/**
 * The plate's reservation at this lot that a car entering `at` may enter on: CONFIRMED, from 15 minutes
 * before its start until its end; or EXPIRED, when `at` was before its no-show deadline (it started
 * after `expiredSince`).
 */
export async function reservationForPlateNow(
  db: DB,
  lotId: string,
  plate: string,
  times: { earliestStart: Date; at: Date; expiredSince: Date },
): Promise<GateReservation | null> {
  const [row] = await selectGateReservations(db)
    .where(
      and(
        eq(reservations.lotId, lotId),
        eq(reservations.vehiclePlate, plate),
        or(
          eq(reservations.status, 'CONFIRMED'),
          and(eq(reservations.status, 'EXPIRED'), gt(reservations.startTs, times.expiredSince.toISOString())),
        ),
        lte(reservations.startTs, times.earliestStart.toISOString()),
        gt(reservations.endTs, times.at.toISOString()),
      ),
    )
    .orderBy(reservations.startTs)
    .limit(1);
  return row ?? null;
}

export async function findOpenShift(db: DB, attendantId: string, lotId: string) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.attendantId, attendantId), eq(shifts.lotId, lotId), isNull(shifts.endedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Passes of this lot whose signature is still valid but which must not enter: cancelled, expired,
 * completed, or already inside. The gate keeps this list for checking passes offline.
 */
export async function revokedPassIds(db: DB, lotId: string, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.lotId, lotId),
        gt(reservations.endTs, since),
        or(inArray(reservations.status, ['CANCELLED', 'EXPIRED', 'COMPLETED', 'ACTIVE'])),
      ),
    );
  return rows.map((row) => row.id);
}

export type NewCheckin = typeof checkins.$inferInsert;

/** The one insert of a check-in: a reservation's entry or a walk-in's. */
export const checkinInsert = (db: DB, checkin: NewCheckin) => statementOf(db, db.insert(checkins).values(checkin));

/**
 * A change of a stay still open (neither checked out nor undone): its check-out, or its undo. Followed
 * by `abortUnlessChanged`, a stay that closed meanwhile aborts the whole batch.
 */
export const openStayUpdate = (db: DB, id: string, set: Partial<NewCheckin>) =>
  statementOf(
    db,
    db
      .update(checkins)
      .set(set)
      .where(and(eq(checkins.id, id), isNull(checkins.exitTs), isNull(checkins.undoneAt))),
  );
