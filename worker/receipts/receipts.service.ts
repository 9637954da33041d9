/**
 * Receipts as their routes and the other domains use them: the statements that issue them in a
 * payment's own batch, the current receipt that lists show, and the driver's documents.
 */
import { archivedChargesOf } from '../archive/charges-archive.service';
import { archivedReservationAt } from '../archive/reservations-archive.service';
import type { ArchiveContext } from '../archive/archive.service';
import type { SessionUser } from '../env';
import { workableLotIds } from '../lots/lots.service';
import type { HistoryFilter } from '../../core/history';
import type { DB } from '../db/client';
import type { PageRequest } from '../db/pages';
import { countOwnReceipts, findReceiptRow, listOwnReceipts, receiptOf, slotLabelOf, type ReceiptRow } from './receipt-reads.data';
import { currentReceiptsOf, passReceiptsOf } from './receipts.data';

/** GET /api/receipts/:id: the document, for its driver or the staff of its lot; null for anyone else. */
export async function readableReceipt(ctx: ArchiveContext, id: string, reader: SessionUser) {
  const row = await findReceiptRow(ctx.db, id, { userId: reader.id, lotIds: await workableLotIds(ctx.db, reader) });
  if (!row) return null;
  const whole = await withArchivedBooking(ctx, row);
  return receiptOf(ctx.db, whole, await archivedLinesOf(ctx, whole));
}

/**
 * A document whose booking left D1 (docs/payments.md, Archive, Bookings) reads it from the archive: the
 * booking's times, plate, slot and status as they were, which also bound its archived charges.
 */
async function withArchivedBooking(ctx: ArchiveContext, row: ReceiptRow): Promise<ReceiptRow> {
  if (!row.reservationId || row.reservationCreatedAt || !row.userId) return row;
  const booking = await archivedReservationAt(ctx, { userId: row.userId, lotId: row.lotId, id: row.reservationId, from: row.createdAt });
  if (!booking) return row;
  const { status, startTs, endTs, vehiclePlate, createdAt: reservationCreatedAt, slotId } = booking;
  return { ...row, status, startTs, endTs, vehiclePlate, reservationCreatedAt, slotLabel: await slotLabelOf(ctx.db, slotId) };
}

/** A reservation's archived charges a document may cover: charged after it was booked and before the document was issued. */
const archivedLinesOf = (ctx: ArchiveContext, { reservationId, reservationCreatedAt, lotId, createdAt }: ReceiptRow) =>
  reservationId && reservationCreatedAt
    ? archivedChargesOf(ctx, lotId, [reservationId], { from: reservationCreatedAt, to: createdAt })
    : Promise.resolve([]);

/** The driver's Receipts screen: a page of their documents, newest first, and the counts of its filters. */
export const receiptsPage = (db: DB, userId: string, list: { filter: HistoryFilter; page: PageRequest }) =>
  listOwnReceipts(db, userId, list);
export const receiptCounts = (db: DB, userId: string, filter: HistoryFilter) => countOwnReceipts(db, userId, filter);

/** The receipt each reservation shows now (a list's link to it), by reservation. */
export const reservationReceipts = (db: DB, reservationIds: string[]) => currentReceiptsOf(db, reservationIds);

/** Each monthly pass's receipt, by pass. */
export const passReceipts = (db: DB, passIds: string[]) => passReceiptsOf(db, passIds);
