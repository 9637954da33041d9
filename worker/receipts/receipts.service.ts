/**
 * Receipts as their routes and the other domains use them: the statements that issue them in a
 * payment's own batch, the current receipt that lists show, and the driver's documents.
 */
import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { workableLotIds } from '../lots/lots.service';
import { findReceipt } from './receipt-reads.data';

/** GET /api/receipts/:id: the document, for its driver or the staff of its lot; null for anyone else. */
export async function readableReceipt(db: DB, id: string, reader: SessionUser) {
  return findReceipt(db, id, { userId: reader.id, lotIds: await workableLotIds(db, reader) });
}

export { countOwnReceipts, listOwnReceipts } from './receipt-reads.data';
export { currentReceiptsOf, passReceiptsOf } from './receipts.data';
