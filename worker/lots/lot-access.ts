/**
 * Ownership rules beyond the role table: an owner manages only the lots they own, an attendant
 * works only the lots they are assigned to. The super admin reaches every lot. A lot an owner may
 * not manage answers 404, so its existence is not revealed; the gate of a lot one does not work is a
 * 403 (the lot is public; working it is what is refused).
 */
import { and, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { attendantAssignments, lots } from '../db/schema';
import type { SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';

export async function assertManagesLot(db: DB, user: SessionUser, lotId: string): Promise<{ id: string; name: string }> {
  const ownedBy = user.role === 'super_admin' ? undefined : eq(lots.ownerId, user.id);
  const [owned] = await db
    .select({ id: lots.id, name: lots.name })
    .from(lots)
    .where(and(eq(lots.id, lotId), ownedBy))
    .limit(1);
  if (!owned) throw notFound('Parking lot');
  return owned;
}

/**
 * Lots an attendant-area user works: the lots they are assigned to, and for owners their own lots too
 * (an owner may also be assigned to another owner's lot); all for the super admin.
 */
export async function workableLotIds(db: DB, user: SessionUser): Promise<string[] | 'all'> {
  if (user.role === 'super_admin') return 'all';
  const assigned = (
    await db.select({ id: attendantAssignments.lotId }).from(attendantAssignments).where(eq(attendantAssignments.attendantId, user.id))
  ).map((row) => row.id);
  if (user.role !== 'owner_admin') return assigned;
  const owned = (await db.select({ id: lots.id }).from(lots).where(eq(lots.ownerId, user.id))).map((row) => row.id);
  return [...new Set([...owned, ...assigned])];
}

export const NOT_YOUR_LOT = 'You do not work at this parking lot.';

/** The gate of a lot is worked by its attendants, its owner and the super admin (for whom a lot that does not exist is a 404). */
export async function assertWorksLot(db: DB, user: SessionUser, lotId: string): Promise<void> {
  const allowed = await workableLotIds(db, user);
  if (allowed === 'all') await assertManagesLot(db, user, lotId);
  else if (!allowed.includes(lotId)) throw refusal('forbidden', NOT_YOUR_LOT);
}
