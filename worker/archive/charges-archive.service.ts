/**
 * Charges leave D1 for the archive (docs/payments.md, Archive): the daily Cron queues every lot, and
 * each message moves one batch of a lot's charges of one Manila month (made `CHARGES_HOT_DAYS` ago or
 * earlier, of reservations that are over), queued again while any remain. The batch is
 * written to its period's object first and deleted from D1 only in the batch that lists the period, so
 * a failed write leaves the rows where they were, and a run twice finds them moved already.
 */
import { archivableChargesBefore, type Period } from '../../core/archive';
import { manilaMonthOf } from '../../core/time';
import { createDb } from '../db/client';
import { retryDelay } from '../deliveries/deliveries.service';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { archivedRowsOf, rewritePeriod, withMoved, type ArchiveContext } from './archive.service';
import { moveReservations } from './reservations-archive.service';
import { chargesToMove, deleteMovedCharges, everyLotId, reservationSpan, type Charge } from './charges-archive.data';

export const ARCHIVE_QUEUE = 'parkada-archive';

/** One lot's charges or ended bookings to move, a batch per message. */
export type ArchiveJob = { kind: 'charges' | 'reservations'; lotId: string };

const MOVES = { charges: moveCharges, reservations: moveReservations } as const;

declare module '../env' {
  interface Bindings {
    /** The archive's work, one message per lot and batch (worker/archive). */
    ARCHIVE_QUEUE: Queue<ArchiveJob>;
  }
}

/** Charges moved per message: one period's object is rewritten once per batch. */
const CHARGES_PER_BATCH = 1_000;

/** The daily Cron's part: for each lot, one message for its charges and one for its ended bookings. */
export async function queueLotsToArchive(env: Bindings) {
  const jobs = (await everyLotId(createDb(env.DB))).flatMap(({ id }) =>
    Object.keys(MOVES).map((kind) => ({ body: { kind: kind as ArchiveJob['kind'], lotId: id } })),
  );
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < jobs.length; i += 100) await env.ARCHIVE_QUEUE.sendBatch(jobs.slice(i, i + 100));
}

/** Moves one batch of a lot's charges: the oldest month's; answers whether any may be left. */
export async function moveCharges(ctx: ArchiveContext, lotId: string, now = new Date()) {
  const before = archivableChargesBefore(now.getTime());
  const rows = await chargesToMove(ctx.db, lotId, before, CHARGES_PER_BATCH);
  if (rows.length === 0) return false;
  const period: Period = { kind: 'charges', lotId, month: manilaMonthOf(Date.parse(rows[0].createdAt)) };
  const batch = rows.filter((row) => manilaMonthOf(Date.parse(row.createdAt)) === period.month);
  const moved = deleteMovedCharges(
    ctx.db,
    batch.map((row) => row.id),
  );
  await rewritePeriod(ctx, period, (archived) => withMoved(archived, batch, 'createdAt'), [moved], now);
  return batch.length < rows.length || rows.length === CHARGES_PER_BATCH;
}

/** The worker's queue() handler of the archive's Queue: a failed batch is recorded for System Health and tried again. */
export async function consumeArchive(batch: MessageBatch<ArchiveJob>, env: Bindings) {
  const ctx = { env, db: createDb(env.DB) };
  for (const message of batch.messages) {
    try {
      if (await MOVES[message.body.kind](ctx, message.body.lotId)) await env.ARCHIVE_QUEUE.send(message.body);
      message.ack();
    } catch (error) {
      await recordBackgroundFailure(
        env.DB,
        { job: 'Archive', subject: `${message.body.kind} of lot ${message.body.lotId}`, error },
        Date.now(),
      );
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}

/**
 * The archived charges of reservations at one lot, charged between `from` and `to` (instants): a
 * reservation's charges come after it was made, and a receipt covers those before it was issued.
 */
export async function archivedChargesOf(
  ctx: ArchiveContext,
  lotId: string,
  reservationIds: string[],
  { from, to }: { from: string; to: string },
) {
  const months = { from: manilaMonthOf(Date.parse(from)), to: manilaMonthOf(Date.parse(to)) };
  const ids = new Set(reservationIds);
  const rows = (await archivedRowsOf(ctx, 'charges', lotId, months)) as unknown as Charge[];
  return rows.filter((row) => ids.has(row.reservationId));
}

/**
 * What a reservation's driver paid in charges already archived, and in how many: a receipt reissued
 * for the reservation's new total covers them too (receipts.statements.ts, `reissueReceipt`).
 */
export async function archivedPaymentOf(ctx: ArchiveContext, reservationId: string, now = new Date()) {
  const span = await reservationSpan(ctx.db, reservationId);
  const archived = span ? await archivedChargesOf(ctx, span.lotId, [reservationId], { from: span.createdAt, to: now.toISOString() }) : [];
  return { cents: archived.reduce((sum, charge) => sum + charge.amountCents, 0), lines: archived.length };
}
