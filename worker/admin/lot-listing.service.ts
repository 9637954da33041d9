/**
 * The super admin unlists an approved lot, or lists it again (docs/admin.md, Unlisting a lot): the
 * change and its audit entry are one D1 batch. Unlisted, the lot is off sale (core/lot-sale.ts):
 * search no longer finds it and it sells nothing new, while what it sold is honoured.
 */
import { listingActionProblem, type ListingAction } from '../../core/lot-sale';
import { notFound, refusal } from '../../core/refusal';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { SessionUser } from '../env';
import { lotById } from '../lots/lots.service';
import { setUnlisted } from './lot-listing.data';

/** POST /api/admin/lots/:id/unlist|list { reason }: answers the lot's listing as it now stands. */
export async function changeListing(db: DB, admin: SessionUser, lotId: string, action: ListingAction, reason: string, now = new Date()) {
  const lot = await lotById(db, lotId);
  if (!lot) throw notFound('Parking lot');
  const problem = listingActionProblem(lot, action);
  if (problem) throw refusal('conflict', problem);
  try {
    await commit(db, [
      setUnlisted(db, lotId, action === 'unlist' ? { at: now.toISOString(), reason } : null),
      abortUnlessChanged(db),
      auditStatement(db, admin, {
        action: action === 'unlist' ? 'UNLIST_LOT' : 'LIST_LOT',
        subject: `lot:${lotId}`,
        context: { lotName: lot.name, ownerId: lot.ownerId, reason },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'This lot changed meanwhile. Reload it and try again.');
    throw error;
  }
  const after = (await lotById(db, lotId))!;
  return { id: lotId, name: after.name, onSale: after.onSale, unlistedAt: after.unlistedAt, unlistedReason: after.unlistedReason };
}
