/**
 * Ownership rules beyond the role table: an owner manages only the lots they own, an attendant
 * works only the lots they are assigned to. The super admin reaches every lot. A lot the user may
 * not touch answers 404, so its existence is not revealed.
 */
import { and, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { attendantAssignments, lots } from '../db/schema';
import type { SessionUser } from '../env';
import { notFound } from '../http/errors';

export async function assertManagesLot(db: DB, user: SessionUser, lotId: string): Promise<void> {
  const ownedBy = user.role === 'super_admin' ? undefined : eq(lots.ownerId, user.id);
  const [owned] = await db.select({ id: lots.id }).from(lots).where(and(eq(lots.id, lotId), ownedBy)).limit(1);
  if (!owned) throw notFound('Parking lot');
}

/** Lots an attendant-area user works: assignments for attendants, own lots for owners, all for the super admin. */
export async function workableLotIds(db: DB, user: SessionUser): Promise<string[] | 'all'> {
  if (user.role === 'super_admin') return 'all';
  if (user.role === 'owner_admin') {
    return (await db.select({ id: lots.id }).from(lots).where(eq(lots.ownerId, user.id))).map((row) => row.id);
  }
  const rows = await db
    .select({ id: attendantAssignments.lotId })
    .from(attendantAssignments)
    .where(eq(attendantAssignments.attendantId, user.id));
  return rows.map((row) => row.id);
}

export async function assertWorksLot(db: DB, user: SessionUser, lotId: string): Promise<void> {
  const allowed = await workableLotIds(db, user);
  if (allowed !== 'all' && !allowed.includes(lotId)) throw notFound('Parking lot');
}
