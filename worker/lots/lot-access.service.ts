/**
 * Ownership rules beyond the role table: an owner manages only the lots they own, an attendant
 * works only the lots they are assigned to. The super admin reaches every lot. A lot an owner may
 * not manage answers 404, so its existence is not revealed; the gate of a lot one does not work is a
 * 403 (the lot is public; working it is what is refused).
 */
import { notFound, refusal } from '../../core/refusal';
import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { assignedLotIds, ownedLot, ownedLotIds } from './lot-access.data';

export async function assertManagesLot(db: DB, user: SessionUser, lotId: string): Promise<{ id: string; name: string }> {
  const owned = await ownedLot(db, lotId, user.role === 'super_admin' ? null : user.id);
  if (!owned) throw notFound('Parking lot');
  return owned;
}

/**
 * Lots an attendant-area user works: the lots they are assigned to, and for owners their own lots too
 * (an owner may also be assigned to another owner's lot); all for the super admin.
 */
export async function workableLotIds(db: DB, user: SessionUser): Promise<string[] | 'all'> {
  if (user.role === 'super_admin') return 'all';
  const assigned = await assignedLotIds(db, user.id);
  if (user.role !== 'owner_admin') return assigned;
  return [...new Set([...(await ownedLotIds(db, user.id)), ...assigned])];
}

const NOT_YOUR_LOT = 'You do not work at this parking lot.';

/** The gate of a lot is worked by its attendants, its owner and the super admin (for whom a lot that does not exist is a 404). */
export async function assertWorksLot(db: DB, user: SessionUser, lotId: string): Promise<void> {
  const allowed = await workableLotIds(db, user);
  if (allowed === 'all') await assertManagesLot(db, user, lotId);
  else if (!allowed.includes(lotId)) throw refusal('forbidden', NOT_YOUR_LOT);
}

/** Whether the user owns the lot or is assigned to work it, whatever their role now: its staff. */
export async function isLotStaff(db: DB, userId: string, lotId: string): Promise<boolean> {
  return !!(await ownedLot(db, lotId, userId)) || (await assignedLotIds(db, userId)).includes(lotId);
}
