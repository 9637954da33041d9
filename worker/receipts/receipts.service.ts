/**
 * Receipts as their routes and the other domains use them: the statements that issue them in a
 * payment's own batch, the current receipt that lists show, and the driver's documents.
 */
import { archivedChargesOf } from '../archive/charges-archive.service';
import type { ArchiveContext } from '../archive/archive.service';
import type { SessionUser } from '../env';
import { workableLotIds } from '../lots/lots.service';
import { findReceiptRow, receiptOf, type ReceiptRow } from './receipt-reads.data';

/** GET /api/receipts/:id: the document, for its driver or the staff of its lot; null for anyone else. */
export async function readableReceipt(ctx: ArchiveContext, id: string, reader: SessionUser) {
  const row = await findReceiptRow(ctx.db, id, { userId: reader.id, lotIds: await workableLotIds(ctx.db, reader) });
  return row && receiptOf(ctx.db, row, await archivedLinesOf(ctx, row));
}

/** A reservation's archived charges a document may cover: charged after it was booked and before the document was issued. */
const archivedLinesOf = (ctx: ArchiveContext, { reservationId, reservationCreatedAt, lotId, createdAt }: ReceiptRow) =>
  reservationId && reservationCreatedAt
    ? archivedChargesOf(ctx, lotId, [reservationId], { from: reservationCreatedAt, to: createdAt })
    : Promise.resolve([]);

export { countOwnReceipts, listOwnReceipts } from './receipt-reads.data';
export { currentReceiptsOf, passReceiptsOf } from './receipts.data';
