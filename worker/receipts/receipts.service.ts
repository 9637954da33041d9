/**
 * Receipts as their routes and the other domains use them: the statements that issue them in a
 * payment's own batch, the current receipt that lists show, and the driver's documents.
 */
import { archivedChargesOf } from '../archive/charges-archive.service';
import { archivedReservationAt, archivedReservationsOfDriver } from '../archive/reservations-archive.service';
import type { ArchiveContext } from '../archive/archive.service';
import type { SessionUser } from '../env';
import { workableLotIds } from '../lots/lots.service';
import { matchesHistory, type HistoryFilter } from '../../core/history';
import type { DB } from '../db/client';
import { pageOf, type PageRequest } from '../db/pages';
import {
  countOwnReceipts,
  findReceiptRow,
  ownReceiptRows,
  ownReceiptsOfArchived,
  receiptOf,
  receiptSummary,
  slotLabelOf,
  type ReceiptRow,
} from './receipt-reads.data';
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
  if (!isOfArchived(row) || !row.userId) return row;
  const booking = await archivedReservationAt(ctx, { userId: row.userId, lotId: row.lotId, id: row.reservationId!, from: row.createdAt });
  return filledFrom(ctx, row, booking);
}

/** A reservation's document whose reservation is not in D1 (the join found none): archived. */
const isOfArchived = (row: ReceiptRow) => row.reservationId !== null && row.reservationCreatedAt === null;

type ArchivedBooking = NonNullable<Awaited<ReturnType<typeof archivedReservationAt>>>;

async function filledFrom(ctx: ArchiveContext, row: ReceiptRow, booking: ArchivedBooking | null | undefined): Promise<ReceiptRow> {
  if (!booking) return row;
  const { status, startTs, endTs, vehiclePlate, createdAt: reservationCreatedAt, slotId } = booking;
  return { ...row, status, startTs, endTs, vehiclePlate, reservationCreatedAt, slotLabel: await slotLabelOf(ctx.db, slotId) };
}

/** The driver's archived bookings by id, read from their periods on the first call only. */
function archivedBookingsOf(ctx: ArchiveContext, userId: string) {
  let read: Promise<Map<string, ArchivedBooking>> | undefined;
  return () => {
    read ??= archivedReservationsOfDriver(ctx, userId).then((rows) => new Map(rows.map((booking) => [booking.id, booking])));
    return read;
  };
}

/** The driver's documents of archived reservations, filled from the archive, that match the History filters. */
async function matchingOfArchived(
  ctx: ArchiveContext,
  archived: () => Promise<Map<string, ArchivedBooking>>,
  rows: ReceiptRow[],
  filter: HistoryFilter,
  now: Date,
) {
  if (rows.length === 0) return [];
  const bookings = await archived();
  const filled = await Promise.all(rows.map((row) => filledFrom(ctx, row, bookings.get(row.reservationId!))));
  return filled.filter((row) => row.status !== null && matchesHistory({ ...row, plate: row.vehiclePlate }, filter, now));
}

/** A reservation's archived charges a document may cover: charged after it was booked and before the document was issued. */
const archivedLinesOf = (ctx: ArchiveContext, { reservationId, reservationCreatedAt, lotId, createdAt }: ReceiptRow) =>
  reservationId && reservationCreatedAt
    ? archivedChargesOf(ctx, lotId, [reservationId], { from: reservationCreatedAt, to: createdAt })
    : Promise.resolve([]);

/**
 * The driver's Receipts screen: a page of their documents, newest first, matching the History filters;
 * those of archived reservations are filtered once read from the archive, so D1 is read on until the page is full.
 */
export async function receiptsPage(
  ctx: ArchiveContext,
  userId: string,
  list: { filter: HistoryFilter; page: PageRequest },
  now = new Date(),
) {
  const kept: ReceiptRow[] = [];
  const archivedBookings = archivedBookingsOf(ctx, userId);
  let cursor = list.page.cursor;
  for (let more = true; more && kept.length <= list.page.limit; ) {
    const rows = await ownReceiptRows(ctx.db, userId, { filter: list.filter, page: { limit: list.page.limit, cursor } }, now);
    const archived = await matchingOfArchived(ctx, archivedBookings, rows.filter(isOfArchived), list.filter, now);
    const byId = new Map(archived.map((row) => [row.id, row]));
    kept.push(...rows.flatMap((row) => (isOfArchived(row) ? (byId.get(row.id) ?? []) : [row])));
    more = rows.length > list.page.limit;
    const last = rows.at(-1);
    cursor = last && { key: last.createdAt, id: last.id };
  }
  return pageOf(kept, list.page, (row) => ({ key: row.createdAt, id: row.id }), receiptSummary);
}

/** How many of the driver's documents match the History filters, those of archived reservations read from the archive. */
export async function receiptCounts(ctx: ArchiveContext, userId: string, filter: HistoryFilter, now = new Date()) {
  const [inD1, ofArchived] = await Promise.all([countOwnReceipts(ctx.db, userId, filter, now), ownReceiptsOfArchived(ctx.db, userId)]);
  const archived = await matchingOfArchived(ctx, archivedBookingsOf(ctx, userId), ofArchived, filter, now);
  return { total: inD1 + archived.length };
}

/** The receipt each reservation shows now (a list's link to it), by reservation. */
export const reservationReceipts = (db: DB, reservationIds: string[]) => currentReceiptsOf(db, reservationIds);

/** Each monthly pass's receipt, by pass. */
export const passReceipts = (db: DB, passIds: string[]) => passReceiptsOf(db, passIds);
