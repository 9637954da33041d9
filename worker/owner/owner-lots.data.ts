import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PlannedSlot } from '../../core/lot-form';
import { SLOT_ROWS_PER_INSERT, type DB } from '../db/client';
import { newId } from '../db/ids';
import { checkins, gateIssues, lotIssues, lotRevisions, lotSubmissions, lots, pricing, reservations, shifts, slots } from '../db/schema';

export type NewLot = typeof lots.$inferInsert & { id: string; ownerId: string };
type Statement = BatchItem<'sqlite'>;

const slotInserts = (db: DB, lotId: string, planned: PlannedSlot[]): Statement[] => {
  const rows = planned.map((slot) => ({ id: newId(), lotId, ...slot, vehicleType: 'car' as const, active: true }));
  return Array.from({ length: Math.ceil(rows.length / SLOT_ROWS_PER_INSERT) }, (_, i) =>
    db.insert(slots).values(rows.slice(i * SLOT_ROWS_PER_INSERT, (i + 1) * SLOT_ROWS_PER_INSERT)),
  );
};

/** The lot, its price, its slots and the submission the super admin decides, in one transaction. */
export async function insertLotWithSubmission(
  db: DB,
  lot: NewLot,
  planned: PlannedSlot[],
  submission: { accessibleSlots: number; evChargingSlots: number; hourlyRate: number },
) {
  await db.batch([
    db.insert(lots).values(lot),
    db.insert(pricing).values({ lotId: lot.id, baseRate: submission.hourlyRate }),
    ...slotInserts(db, lot.id, planned),
    db.insert(lotSubmissions).values({ id: newId(), lotId: lot.id, ownerId: lot.ownerId, totalSlots: planned.length, ...submission }),
  ]);
}

export const slotsOfLot = (db: DB, lotId: string) =>
  db
    .select({
      id: slots.id,
      label: slots.label,
      level: slots.level,
      accessible: slots.accessible,
      evCharging: slots.evCharging,
      active: slots.active,
    })
    .from(slots)
    .where(eq(slots.lotId, lotId));
export type LotSlot = Awaited<ReturnType<typeof slotsOfLot>>[number];

export type SlotChanges = {
  add: PlannedSlot[];
  /** Existing slots to switch on (again) with the plan's features. */
  update: (PlannedSlot & { id: string })[];
  retire: string[];
};

/** A lot's edit: its fields and its slot changes, in one transaction. */
export async function updateLotAndSlots(db: DB, lotId: string, fields: Partial<typeof lots.$inferInsert>, changes: SlotChanges) {
  const statements: Statement[] = [
    ...(Object.keys(fields).length ? [db.update(lots).set(fields).where(eq(lots.id, lotId))] : []),
    ...changes.update.map(({ id, accessible, evCharging, level }) =>
      db.update(slots).set({ accessible, evCharging, level, active: true }).where(eq(slots.id, id)),
    ),
    ...(changes.retire.length
      ? [
          db
            .update(slots)
            .set({ active: false })
            .where(and(eq(slots.lotId, lotId), inArray(slots.id, changes.retire))),
        ]
      : []),
    ...slotInserts(db, lotId, changes.add),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Undoes retiring slots a booking took between the check and the write (the object is the authority). */
export const reactivateSlots = (db: DB, slotIds: string[]) =>
  slotIds.length ? db.update(slots).set({ active: true }).where(inArray(slots.id, slotIds)) : Promise.resolve();

/** Reservations of the lot that still hold a slot: booked for later, or the car is inside. */
export async function liveReservationCount(db: DB, lotId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(reservations)
    .where(and(eq(reservations.lotId, lotId), inArray(reservations.status, ['CONFIRMED', 'ACTIVE'])));
  return row?.count ?? 0;
}

/** Whether anything was ever recorded at the lot (bookings, gate activity, shifts): such a lot keeps its history. */
export async function lotHasRecords(db: DB, lotId: string): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<number>`exists(select 1 from ${reservations} where ${reservations.lotId} = ${lotId})
      or exists(select 1 from ${checkins} where ${checkins.lotId} = ${lotId})
      or exists(select 1 from ${shifts} where ${shifts.lotId} = ${lotId})
      or exists(select 1 from ${gateIssues} where ${gateIssues.lotId} = ${lotId})
      or exists(select 1 from ${lotIssues} where ${lotIssues.lotId} = ${lotId})`,
    })
    .from(sql`(select 1)`);
  return !!row?.any;
}

export const deleteLotRow = (db: DB, lotId: string) => db.delete(lots).where(eq(lots.id, lotId));

/** An approved lot's public listing: what a change to it proposes whole. */
export type Listing = {
  name: string;
  address: string | null;
  geoLat: number;
  geoLng: number;
  entranceLat: number | null;
  entranceLng: number | null;
};

/** The lot's listing change waiting for the super admin, if any. */
export async function pendingListingOf(db: DB, lotId: string) {
  const [row] = await db
    .select({
      id: lotRevisions.id,
      name: lotRevisions.name,
      address: lotRevisions.address,
      geoLat: lotRevisions.geoLat,
      geoLng: lotRevisions.geoLng,
      entranceLat: lotRevisions.entranceLat,
      entranceLng: lotRevisions.entranceLng,
      submittedAt: lotRevisions.submittedAt,
    })
    .from(lotRevisions)
    .where(and(eq(lotRevisions.lotId, lotId), eq(lotRevisions.status, 'pending')));
  return row ?? null;
}

/** Holds a new listing for review, in place of the lot's pending one if it has one. */
export async function proposeListing(db: DB, lot: { id: string; ownerId: string }, listing: Listing) {
  await db.batch([
    db.delete(lotRevisions).where(and(eq(lotRevisions.lotId, lot.id), eq(lotRevisions.status, 'pending'))),
    db.insert(lotRevisions).values({ id: newId(), lotId: lot.id, ownerId: lot.ownerId, ...listing }),
  ]);
}
