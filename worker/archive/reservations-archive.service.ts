/**
 * Bookings leave D1 for the archive (docs/payments.md, Archive): a message of the archive's Queue
 * moves one batch of a lot's bookings over (completed, cancelled, expired) and ended
 * `RESERVATION_HOT_DAYS` ago, into the period of the Manila month of their end. The batch is written
 * to R2 first and deleted from D1 only in the batch that lists the period, at the version written: a
 * failed write leaves the rows, a run twice finds them moved, a booking changed meanwhile stays.
 */
import { archivableBookingsEndBefore, lastMonthEndedBy, type Period } from '../../core/archive';
import { RESERVATION_HOT_MS } from '../../core/scale';
import { manilaMonthOf } from '../../core/time';
import { maskPlate } from '../../core/vehicles';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { bookingPeriodsWithFullPlates, markPlatesMasked } from './archive.data';
import { archivedRowsOf, rewritePeriod, withMoved, type ArchiveContext, type ArchivedRow } from './archive.service';
import {
  deleteMovedReservations,
  noteDriversOf,
  periodsOfDriver,
  periodsOfDriverAt,
  reservationsToMove,
  type Reservation,
} from './reservations-archive.data';

/** Bookings moved per message: one period's object is rewritten once per batch. */
const RESERVATIONS_PER_BATCH = 1_000;

/** Moves one batch of a lot's bookings: the earliest month's; answers whether any may be left. */
export async function moveReservations(ctx: ArchiveContext, lotId: string, now = new Date()) {
  const rows = await reservationsToMove(ctx.db, lotId, archivableBookingsEndBefore(now.getTime()), RESERVATIONS_PER_BATCH);
  if (rows.length === 0) return false;
  const period: Period = { kind: 'reservations', lotId, month: manilaMonthOf(Date.parse(rows[0].endTs)) };
  const batch = rows.filter((row) => manilaMonthOf(Date.parse(row.endTs)) === period.month);
  const alongside = [noteDriversOf(ctx.db, lotId, period.month, batch), deleteMovedReservations(ctx.db, batch)];
  await rewritePeriod(ctx, period, (archived) => withMoved(archived, batch, 'endTs'), alongside, now);
  return batch.length < rows.length || rows.length === RESERVATIONS_PER_BATCH;
}

/** The lots and months whose periods hold a driver's archived bookings, the newest month first: none for most drivers. */
export const archivedPeriodsOfDriver = (ctx: ArchiveContext, userId: string) => periodsOfDriver(ctx.db, userId);

/**
 * A driver's bookings in these periods of theirs, as D1 held them, read in parallel (a listed period
 * missing from the bucket is refused, never read as none).
 */
export async function archivedReservationsIn(ctx: ArchiveContext, userId: string, periods: { lotId: string; month: string }[]) {
  const rows = await Promise.all(periods.map(({ lotId, month }) => archivedRowsOf(ctx, 'reservations', lotId, { from: month, to: month })));
  // Bookings archived before migration 0066 still carry the replay key it dropped: a booking shows none.
  return (rows.flat() as unknown as (Reservation & { idempotencyKey?: unknown })[])
    .filter((row) => row.userId === userId)
    .map(({ idempotencyKey: _, ...row }) => row);
}

/** Every booking of a driver's in the archive, as D1 held them (a booking caught between the move's two writes may be in D1 too). */
export const archivedReservationsOfDriver = async (ctx: ArchiveContext, userId: string) =>
  archivedReservationsIn(ctx, userId, await periodsOfDriver(ctx.db, userId));

/** A driver's booking moved to the archive, as D1 held it, or null. */
export async function archivedReservationOf(ctx: ArchiveContext, userId: string, id: string) {
  return (await archivedReservationsOfDriver(ctx, userId)).find((row) => row.id === id) ?? null;
}

/**
 * A driver's archived booking at a lot that ended in the month of `from`, less the hot window, or later
 * (a receipt names its booking, issued before it ended or within the week after), or null: their periods there are read
 * oldest first, one at a time, until one holds it.
 */
export async function archivedReservationAt(ctx: ArchiveContext, booking: { userId: string; lotId: string; id: string; from: string }) {
  const { userId, lotId, id } = booking;
  for (const { month } of await periodsOfDriverAt(ctx.db, userId, lotId, manilaMonthOf(Date.parse(booking.from) - RESERVATION_HOT_MS))) {
    const found = (await archivedReservationsIn(ctx, userId, [{ lotId, month }])).find((row) => row.id === id);
    if (found) return found;
  }
  return null;
}

/** Rewrites a lot's bookings' period with the plates of the bookings `whose` picks masked, `alongside` in the listing's batch. */
function maskPlatesIn(
  ctx: ArchiveContext,
  { lotId, month }: { lotId: string; month: string },
  whose: (row: ArchivedRow) => boolean,
  alongside: D1PreparedStatement[],
  now: Date,
) {
  const mask = (row: ArchivedRow) =>
    whose(row) && typeof row.vehiclePlate === 'string' ? { ...row, vehiclePlate: maskPlate(row.vehiclePlate) } : row;
  return rewritePeriod(ctx, { kind: 'reservations', lotId, month }, (rows) => rows.map(mask), alongside, now);
}

/**
 * Erasure (docs/privacy.md): the plates on a driver's archived bookings masked, each period holding
 * theirs rewritten; the bookings stay, attached to the pseudonymous id, and so do their
 * `archived_bookings` rows.
 */
export async function maskArchivedPlatesOf(ctx: ArchiveContext, userId: string, now = new Date()) {
  const periods = await periodsOfDriver(ctx.db, userId);
  await Promise.all(periods.map((period) => maskPlatesIn(ctx, period, (row) => row.userId === userId, [], now)));
}

/**
 * The retention period in the archive (docs/privacy.md, Retention): a page of the bookings' periods
 * whose month had ended by `before` and whose plates are not masked yet, each rewritten with every
 * plate masked and marked in the listing's batch, one after another (a period is read whole). A period
 * that fails (R2, or a move rewriting it meanwhile) is recorded for System Health and stays unmarked
 * for the next run. Answers how many periods were masked.
 */
export async function maskArchivedPlatesClosedBefore(ctx: ArchiveContext, before: string, page: number, now = new Date()) {
  let masked = 0;
  for (const period of await bookingPeriodsWithFullPlates(ctx.db, lastMonthEndedBy(Date.parse(before)), page)) {
    const marked = markPlatesMasked(ctx.db, { kind: 'reservations', ...period }, now.toISOString());
    try {
      await maskPlatesIn(ctx, period, () => true, [marked], now);
      masked += 1;
    } catch (error) {
      const subject = `plates of the bookings of lot ${period.lotId}, ${period.month}`;
      await recordBackgroundFailure(ctx.env.DB, { job: 'Retention', subject, error }, now.getTime());
    }
  }
  return masked;
}
