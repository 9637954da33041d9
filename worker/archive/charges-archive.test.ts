/**
 * Charges moved to the archive (docs/payments.md, Archive): written to R2 before they leave D1, read
 * back wherever the product shows them, and moved once however often or however badly the move runs.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaMonthOf } from '../../core/time';
import { lotMoneyDays } from '../db/schema';
import { latestBackgroundFailure } from '../health/background-failures.data';
import worker from '../index';
import { ownerStatement } from '../owner/statements.service';
import { archiveContext, bookingThatIsOver, chargesInD1, failingBatches, failingBucket, later, periodsOf } from '../test/archive-fixtures';
import type { Api } from '../test/api-types';
import { driver, inMinutes, reservationRow, reserve } from '../test/booking-fixtures';
import { atTheGate, overstayedOneHour } from '../test/gate-fixtures';
import { call, db, key, seedOnce } from '../test/helpers';
import { rawLot, run } from '../test/raw-records';
import { archivedRowsOf } from './archive.service';
import { ARCHIVE_QUEUE, moveCharges, queueLotsToArchive, type ArchiveJob } from './charges-archive.service';

type Receipt = InferResponseType<Api['receipts'][':id']['$get'], 200>;

beforeAll(seedOnce);

const receipt = async (cookie: string, id: string) => (await call(`/api/receipts/${id}`, { cookie })).json<Receipt>();
const moneyDays = (lotId: string) => db().select().from(lotMoneyDays).where(eq(lotMoneyDays.lotId, lotId));
const thisMonth = () => manilaMonthOf(Date.now());
const archivedOf = (lotId: string) => archivedRowsOf(archiveContext(), 'charges', lotId, { from: thisMonth(), to: thisMonth() });

describe('charges in the archive', () => {
  it('moves an ended booking’s charges out of D1; its receipts, its month’s statement and the rollups read the same', async () => {
    const booking = await bookingThatIsOver();
    const ownerId = (await db().all<{ ownerId: string }>(sql`SELECT owner_id AS ownerId FROM lots WHERE id = ${booking.lotId}`))[0].ownerId;
    const asOf = new Date();
    const statement = () => ownerStatement(db(), ownerId, thisMonth(), asOf);
    const before = {
      receipts: await Promise.all(booking.receiptIds.map((id) => receipt(booking.cookie, id))),
      statement: await statement(),
      money: await moneyDays(booking.lotId),
    };
    // Not before a week since they were made.
    await expect(moveCharges(archiveContext(), booking.lotId)).resolves.toBe(false);
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);

    await expect(moveCharges(archiveContext(), booking.lotId, later())).resolves.toBe(false);
    expect(await chargesInD1(booking.reservationId)).toEqual([]);
    expect(await periodsOf(booking.lotId)).toMatchObject([{ kind: 'charges', month: thisMonth(), rows: 2 }]);
    expect(await Promise.all(booking.receiptIds.map((id) => receipt(booking.cookie, id)))).toEqual(before.receipts);
    expect(await statement()).toEqual(before.statement);
    expect(await moneyDays(booking.lotId)).toEqual(before.money);
  });

  it('reissues the receipt of a refund at the gate for all that was paid, its archived charges included', async () => {
    const { owner } = await atTheGate();
    const { cookie, booking, closed } = await overstayedOneHour();
    await moveCharges(archiveContext(), (await reservationRow(booking.id)).lotId, later());
    expect(await chargesInD1(booking.id)).toEqual([]);
    const refunded = await call(`/api/owner/checkins/${closed.id}/refund`, {
      method: 'POST',
      cookie: owner,
      json: { amountCents: 3_000, reason: 'Barrier stuck at the exit' },
      headers: key(),
    });
    expect(refunded.status).toBe(201);
    const voided = await receipt(cookie, closed.receiptId!);
    const reissued = await receipt(cookie, voided.replacedBy!.id);
    expect(reissued.amountCents).toBe(voided.amountCents - 3_000);
    expect(reissued.lines.map((line) => [line.label, line.amountCents])).toEqual([
      ['Parking', 4_000],
      ['Overstay', 8_000],
      ['Refund by the lot', -3_000],
    ]);
  });

  it('moves a charge a week after it was made, into its month’s period while the month is still open', async () => {
    const booking = await bookingThatIsOver();
    // The charges made on the 2nd of a month, looked at on the 8th (six days on) and on the 10th (eight).
    const month = manilaMonthOf(later().getTime());
    const onDay = (day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T10:00:00+08:00`);
    await run(`UPDATE charges SET created_at = ? WHERE reservation_id = ?`, onDay(2).toISOString(), booking.reservationId);
    await moveCharges(archiveContext(), booking.lotId, onDay(8));
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);
    await moveCharges(archiveContext(), booking.lotId, onDay(10));
    expect(await chargesInD1(booking.reservationId)).toEqual([]);
    expect(await periodsOf(booking.lotId)).toMatchObject([{ kind: 'charges', month, rows: 2 }]);
  });

  it('keeps the charges of a booking that is not over in D1', async () => {
    const booking = await bookingThatIsOver();
    await run(`UPDATE reservations SET status = 'ACTIVE' WHERE id = ?`, booking.reservationId);
    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);
    expect(await periodsOf(booking.lotId)).toEqual([]);
  });

  it('moves while the lot takes bookings: a booking made meanwhile keeps its charge in D1', async () => {
    const over = await bookingThatIsOver();
    const { cookie } = await driver(1_000);
    const [, booked] = await Promise.all([
      moveCharges(archiveContext(), over.lotId, later()),
      reserve(cookie, { lotId: over.lotId, start: inMinutes(24 * 60), durationHours: 1 }),
    ]);
    expect(booked.status).toBe(201);
    const { id } = await booked.json<{ id: string }>();
    expect(await chargesInD1(id)).toMatchObject([{ kind: 'BOOKING', amountCents: 4_000 }]);
    expect(await chargesInD1(over.reservationId)).toEqual([]);
    expect(await archivedOf(over.lotId)).toHaveLength(2);
  });

  it('puts archived charges in "Download my data"', async () => {
    const booking = await bookingThatIsOver();
    const inD1 = await chargesInD1(booking.reservationId);
    await moveCharges(archiveContext(), booking.lotId, later());
    const res = await call('/api/account/export', { cookie: booking.cookie });
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['parkada-data.json']));
    expect(data.charges).toEqual(inD1);
  });

  it('leaves the charges in D1 when the write to R2 fails, until a retry succeeds', async () => {
    const booking = await bookingThatIsOver();
    const money = await moneyDays(booking.lotId);
    await expect(moveCharges(archiveContext({ env: { ...env, ARCHIVE: failingBucket() } }), booking.lotId, later())).rejects.toThrow(
      'R2 unavailable',
    );
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);
    expect(await periodsOf(booking.lotId)).toEqual([]);

    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await chargesInD1(booking.reservationId)).toEqual([]);
    expect(await archivedOf(booking.lotId)).toHaveLength(2);
    expect(await moneyDays(booking.lotId)).toEqual(money);
  });

  it('moves each charge once when D1 fails after the write to R2, and when run twice', async () => {
    const booking = await bookingThatIsOver();
    const inD1 = await chargesInD1(booking.reservationId);
    await expect(moveCharges(archiveContext({ db: failingBatches() }), booking.lotId, later())).rejects.toThrow('D1 unavailable');
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);
    // Written but not listed: the receipt still reads its lines from D1, once.
    const [current] = booking.receiptIds;
    expect((await receipt(booking.cookie, current)).lines).toHaveLength(2);

    await moveCharges(archiveContext(), booking.lotId, later());
    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await chargesInD1(booking.reservationId)).toEqual([]);
    expect(await archivedOf(booking.lotId)).toEqual(inD1);
    expect(await periodsOf(booking.lotId)).toMatchObject([{ rows: 2 }]);
  });

  it('queues every lot from the daily Cron; a message moves one batch of one month, and queues its lot again while any may be left', async () => {
    const { lotId, drivers } = await rawLot('Archive Queue Lot', 1);
    await run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES ('old-booking', ?, ?, 'COMPLETED', '2026-01-10T01:00:00.000Z', '2026-01-10T03:00:00.000Z', 8000)`,
      drivers[0],
      lotId,
    );
    for (const [id, at] of [
      ['old-1', '2026-01-09T01:00:00.000Z'],
      ['old-2', '2026-01-10T03:30:00.000Z'],
      ['feb-1', '2026-01-31T16:30:00.000Z'],
    ])
      await run(
        `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at) VALUES (?, 'old-booking', 'BOOKING', 4000, ?)`,
        id,
        at,
      );
    const money = await moneyDays(lotId);
    const queued: ArchiveJob[] = [];
    const queue = {
      send: async (job: ArchiveJob) => void queued.push(job),
      sendBatch: async (jobs: { body: ArchiveJob }[]) => void queued.push(...jobs.map((job) => job.body)),
    } as unknown as Queue<ArchiveJob>;
    const bindings = { ...env, ARCHIVE_QUEUE: queue };
    await queueLotsToArchive(bindings);
    expect(queued).toContainEqual({ kind: 'charges', lotId });
    expect(queued).toContainEqual({ kind: 'reservations', lotId });
    const deliver = async () => {
      queued.length = 0;
      const batch = createMessageBatch<ArchiveJob>(ARCHIVE_QUEUE, [
        { id: 'archive', timestamp: new Date(), attempts: 1, body: { kind: 'charges', lotId } },
      ]);
      await worker.queue(batch, bindings);
      return getQueueResult(batch, createExecutionContext());
    };

    // January first (the last charge is 00:30 on 1 February in Manila), and the lot queued again; then February, and done.
    expect(await deliver()).toMatchObject({ explicitAcks: ['archive'], retryMessages: [] });
    expect(await periodsOf(lotId)).toMatchObject([{ month: '2026-01', rows: 2 }]);
    expect(queued).toEqual([{ kind: 'charges', lotId }]);
    expect(await deliver()).toMatchObject({ explicitAcks: ['archive'], retryMessages: [] });
    expect((await periodsOf(lotId)).map((period) => [period.month, period.rows])).toEqual([
      ['2026-01', 2],
      ['2026-02', 1],
    ]);
    expect(queued).toEqual([]);
    expect(await deliver()).toMatchObject({ explicitAcks: ['archive'], retryMessages: [] });
    expect(await db().all(sql`SELECT id FROM charges WHERE reservation_id = 'old-booking'`)).toEqual([]);
    expect(await moneyDays(lotId)).toEqual(money);

    // A failed batch is retried, and shown in System Health.
    const failing = { ...bindings, ARCHIVE: failingBucket() };
    await run(
      `INSERT INTO charges (id, reservation_id, kind, amount_cents, created_at) VALUES ('mar-1', 'old-booking', 'OVERSTAY', 4000, '2026-03-02T00:00:00.000Z')`,
    );
    const batch = createMessageBatch<ArchiveJob>(ARCHIVE_QUEUE, [
      { id: 'again', timestamp: new Date(), attempts: 1, body: { kind: 'charges', lotId } },
    ]);
    await worker.queue(batch, failing);
    expect(await getQueueResult(batch, createExecutionContext())).toMatchObject({ explicitAcks: [], retryMessages: [{ msgId: 'again' }] });
    expect(await latestBackgroundFailure(db())).toMatchObject({
      job: 'Archive',
      subject: `charges of lot ${lotId}`,
      message: 'R2 unavailable',
    });
  });
});
