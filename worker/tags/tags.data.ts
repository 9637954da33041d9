/** D1 reads and writes of lot tags, and what a tap looks up: the driver's booking, pass or open stay at the tag's lot. */
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { TagKind } from '../../core/tags';
import type { DB } from '../db/client';
import { listingColumns } from '../db/listing';
import { checkins, lots, lotTags, monthlyPasses, reservations } from '../db/schema';

const tagColumns = { id: lotTags.id, kind: lotTags.kind, createdAt: lotTags.createdAt, revokedAt: lotTags.revokedAt };

export async function insertTag(db: DB, tag: { id: string; lotId: string; kind: TagKind; createdBy: string }) {
  const [row] = await db.insert(lotTags).values(tag).returning(tagColumns);
  return row;
}

/** A lot's tags, newest first, revoked ones too (the owner sees what was replaced). */
export const tagsOfLot = (db: DB, lotId: string) =>
  db.select(tagColumns).from(lotTags).where(eq(lotTags.lotId, lotId)).orderBy(desc(lotTags.createdAt), desc(lotTags.id));

/** Revokes a tag of this lot still in use: the row revoked, or none (unknown, another lot's, or revoked already). */
export async function revokeTagRow(db: DB, lotId: string, id: string, at: Date) {
  const [row] = await db
    .update(lotTags)
    .set({ revokedAt: at.toISOString() })
    .where(and(eq(lotTags.id, id), eq(lotTags.lotId, lotId), isNull(lotTags.revokedAt)))
    .returning(tagColumns);
  return row ?? null;
}

/** A tag with the lot it stands at: what a tap is judged by. */
export async function findTag(db: DB, id: string) {
  const [row] = await db
    .select({
      ...tagColumns,
      lot: { id: lots.id, ...listingColumns },
    })
    .from(lotTags)
    .innerJoin(lots, eq(lots.id, lotTags.lotId))
    .where(eq(lotTags.id, id));
  return row ?? null;
}
export type TagRow = NonNullable<Awaited<ReturnType<typeof findTag>>>;

/**
 * The driver's reservations a tap may be about, at any lot, soonest first: booked, inside, or a no-show
 * still in its grace, starting before `until` and not yet ended.
 */
export const driverReservationsNear = (db: DB, userId: string, now: Date, until: Date) =>
  db
    .select({
      id: reservations.id,
      lotId: reservations.lotId,
      lotName: lots.name,
      status: reservations.status,
      plate: reservations.vehiclePlate,
      startTs: reservations.startTs,
      endTs: reservations.endTs,
    })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(
      and(
        eq(reservations.userId, userId),
        inArray(reservations.status, ['CONFIRMED', 'ACTIVE', 'EXPIRED']),
        lte(reservations.startTs, until.toISOString()),
        gt(reservations.endTs, now.toISOString()),
      ),
    )
    .orderBy(asc(reservations.startTs))
    .limit(10);
export type NearReservation = Awaited<ReturnType<typeof driverReservationsNear>>[number];

/**
 * The driver's stay still open at the lot: on their own reservation or their own monthly pass. Never a
 * car found by plate alone: anyone may save any plate to their vehicles, and a tap must not reach a
 * stranger's stay (a walk-in pays at the gate, or with a pay code).
 */
export async function driverOpenStay(db: DB, userId: string, lotId: string) {
  const theirPasses = db.select({ id: monthlyPasses.id }).from(monthlyPasses).where(eq(monthlyPasses.userId, userId));
  const [row] = await db
    .select({ id: checkins.id, plate: checkins.plate, entryTs: checkins.entryTs, reservationId: checkins.reservationId })
    .from(checkins)
    .leftJoin(reservations, eq(reservations.id, checkins.reservationId))
    .where(
      and(
        eq(checkins.lotId, lotId),
        isNull(checkins.exitTs),
        isNull(checkins.undoneAt),
        or(eq(reservations.userId, userId), inArray(checkins.monthlyPassId, theirPasses)),
      ),
    )
    .orderBy(desc(checkins.entryTs))
    .limit(1);
  return row ?? null;
}
