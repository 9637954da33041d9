/**
 * Bookings leave D1 for the archive (docs/payments.md, Archive): a message of the archive's Queue
 * moves one batch of a lot's bookings over (completed, cancelled, expired) and ended
 * `RESERVATION_HOT_DAYS` ago, into the period of the Manila month of their end. The batch is written
 * to R2 first and deleted from D1 only in the batch that lists the period, at the version written: a
 * failed write leaves the rows, a run twice finds them moved, a booking changed meanwhile stays.
 */
import { archivableBookingsEndBefore, type Period } from '../../core/archive';
import { manilaMonthOf } from '../../core/time';
import { rewritePeriod, withMoved, type ArchiveContext } from './archive.service';
import { deleteMovedReservations, reservationsToMove } from './reservations-archive.data';

/** Bookings moved per message: one period's object is rewritten once per batch. */
const RESERVATIONS_PER_BATCH = 1_000;

/** Moves one batch of a lot's bookings: the earliest month's; answers whether any may be left. */
export async function moveReservations(ctx: ArchiveContext, lotId: string, now = new Date()) {
  const rows = await reservationsToMove(ctx.db, lotId, archivableBookingsEndBefore(now.getTime()), RESERVATIONS_PER_BATCH);
  if (rows.length === 0) return false;
  const period: Period = { kind: 'reservations', lotId, month: manilaMonthOf(Date.parse(rows[0].endTs)) };
  const batch = rows.filter((row) => manilaMonthOf(Date.parse(row.endTs)) === period.month);
  await rewritePeriod(ctx, period, (archived) => withMoved(archived, batch, 'endTs'), [deleteMovedReservations(ctx.db, batch)], now);
  return batch.length < rows.length || rows.length === RESERVATIONS_PER_BATCH;
}
