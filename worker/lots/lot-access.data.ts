import { and, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { attendantAssignments, lots } from '../db/schema';

/** The lot, if `ownerId` owns it (any owner for `null`, the super admin). */
export async function ownedLot(db: DB, lotId: string, ownerId: string | null): Promise<{ id: string; name: string } | null> {
  const [owned] = await db
    .select({ id: lots.id, name: lots.name })
    .from(lots)
    .where(and(eq(lots.id, lotId), ownerId === null ? undefined : eq(lots.ownerId, ownerId)))
    .limit(1);
  return owned ?? null;
}

/** The lots an attendant-area user is assigned to. */
export const assignedLotIds = async (db: DB, userId: string) =>
  (await db.select({ id: attendantAssignments.lotId }).from(attendantAssignments).where(eq(attendantAssignments.attendantId, userId))).map(
    (row) => row.id,
  );

/** The lots an owner owns. */
export const ownedLotIds = async (db: DB, ownerId: string) =>
  (await db.select({ id: lots.id }).from(lots).where(eq(lots.ownerId, ownerId))).map((row) => row.id);
