import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { apiError } from '../http/errors';
import { workableLotIds } from '../lots/lot-access';

export const NOT_YOUR_LOT = 'You do not work at this parking lot.';

/** The gate of a lot is worked by its attendants, its owner and the super admin; anyone else gets a 403. */
export async function assertWorksGate(db: DB, user: SessionUser, lotId: string): Promise<void> {
  const allowed = await workableLotIds(db, user);
  if (allowed !== 'all' && !allowed.includes(lotId)) throw apiError(403, NOT_YOUR_LOT);
}
