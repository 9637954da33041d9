/**
 * Ended bookings moved to the archive (docs/payments.md, Archive): written to R2 before they leave D1,
 * the rollups kept as they were, and moved once however often or however badly the move runs.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, manilaMonthOf } from '../../core/time';
import { lotBookingDays, lotCustomerDays, lotMoneyDays, lotStayHours, reservations } from '../db/schema';
import worker from '../index';
import { archiveContext, bookingThatIsOver, chargesInD1, failingBatches, failingBucket, later, periodsOf } from '../test/archive-fixtures';
import { cancelBooking, driver, extendBooking, inMinutes, reserve } from '../test/booking-fixtures';
import { call, db, seedOnce } from '../test/helpers';
import { rawLot, run } from '../test/raw-records';
import { archivedRowsOf } from './archive.service';
import { ARCHIVE_QUEUE, moveCharges, type ArchiveJob } from './charges-archive.service';
import { moveReservations } from './reservations-archive.service';

beforeAll(seedOnce);

const inD1 = (id: string) => db().select().from(reservations).where(eq(reservations.id, id));
/**
 * The months a booking made today is archived in, by its end: the next month's too, as one made in a
 * month's last hours in Manila ends after it turns (bookingThatIsOver ends four hours on).
 */
const todaysBookingMonths = () => ({ from: manilaMonthOf(Date.now()), to: manilaMonthOf(Date.now() + DAY_MS) });
const archivedOf = (lotId: string) => archivedRowsOf(archiveContext(), 'reservations', lotId, todaysBookingMonths());
/** What the owner's reports read of a lot: none of it may change when a booking moves. */
const rollupsOf = async (lotId: string) =>
  Promise.all(
    [lotBookingDays, lotCustomerDays, lotStayHours, lotMoneyDays].map((table) => db().select().from(table).where(eq(table.lotId, lotId))),
  );

describe('ended bookings in the archive', () => {
  it('moves a booking over for a week out of D1, as it was; its charges stay and the rollups read the same', async () => {
    const booking = await bookingThatIsOver();
    const [row] = await inD1(booking.reservationId);
    const rollups = await rollupsOf(booking.lotId);
    // Not before it has been over for RESERVATION_HOT_DAYS.
    await expect(moveReservations(archiveContext(), booking.lotId)).resolves.toBe(false);
    expect(await inD1(booking.reservationId)).toHaveLength(1);

    await expect(moveReservations(archiveContext(), booking.lotId, later())).resolves.toBe(false);
    await expect(moveReservations(archiveContext(), booking.lotId, later())).resolves.toBe(false);
    expect(await inD1(booking.reservationId)).toEqual([]);
    expect(await archivedOf(booking.lotId)).toEqual([row]);
    expect(await periodsOf(booking.lotId)).toMatchObject([{ kind: 'reservations', month: manilaMonthOf(Date.parse(row.endTs)), rows: 1 }]);
    expect(await chargesInD1(booking.reservationId)).toHaveLength(2);
    expect(await rollupsOf(booking.lotId)).toEqual(rollups);

    // Its charges still leave on their own rule, the booking gone from D1 meanwhile.
    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await chargesInD1(booking.reservationId)).toEqual([]);
    expect(await rollupsOf(booking.lotId)).toEqual(rollups);
  });

  it('keeps a booking that is not over in D1', async () => {
    const booking = await bookingThatIsOver();
    await run(`UPDATE reservations SET status = 'ACTIVE' WHERE id = ?`, booking.reservationId);
    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await inD1(booking.reservationId)).toHaveLength(1);
    expect(await periodsOf(booking.lotId)).toEqual([]);
  });

  it('moves while the lot takes bookings: a booking made meanwhile stays in D1', async () => {
    const over = await bookingThatIsOver();
    const { cookie } = await driver(1_000);
    const [, booked] = await Promise.all([
      moveReservations(archiveContext(), over.lotId, later()),
      reserve(cookie, { lotId: over.lotId, start: inMinutes(24 * 60), durationHours: 1 }),
    ]);
    expect(booked.status).toBe(201);
    expect(await inD1((await booked.json<{ id: string }>()).id)).toHaveLength(1);
    expect(await inD1(over.reservationId)).toEqual([]);
    expect(await archivedOf(over.lotId)).toHaveLength(1);
  });

  it('leaves the booking in D1 when the write to R2 fails, and moves it once when D1 fails after the write', async () => {
    const booking = await bookingThatIsOver();
    const rollups = await rollupsOf(booking.lotId);
    await expect(moveReservations(archiveContext({ env: { ...env, ARCHIVE: failingBucket() } }), booking.lotId, later())).rejects.toThrow(
      'R2 unavailable',
    );
    expect(await inD1(booking.reservationId)).toHaveLength(1);
    expect(await periodsOf(booking.lotId)).toEqual([]);

    await expect(moveReservations(archiveContext({ db: failingBatches() }), booking.lotId, later())).rejects.toThrow('D1 unavailable');
    expect(await inD1(booking.reservationId)).toHaveLength(1);
    expect(await periodsOf(booking.lotId)).toEqual([]);

    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await inD1(booking.reservationId)).toEqual([]);
    expect(await archivedOf(booking.lotId)).toHaveLength(1);
    expect(await periodsOf(booking.lotId)).toMatchObject([{ rows: 1 }]);
    expect(await rollupsOf(booking.lotId)).toEqual(rollups);
  });

  it('answers a listed period missing from the bucket as an alert, never as no bookings', async () => {
    const booking = await bookingThatIsOver();
    await moveReservations(archiveContext(), booking.lotId, later());
    const [period] = await periodsOf(booking.lotId);
    await env.ARCHIVE.delete(period.key);
    await expect(archivedOf(booking.lotId)).rejects.toMatchObject({ kind: 'records_missing' });
  });

  it('moves a lot’s bookings through the archive’s Queue, a batch a message', async () => {
    const { lotId, drivers } = await rawLot('Archive Bookings Queue Lot', 1);
    await run(
      `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES ('january-booking', ?, ?, 'COMPLETED', '2026-01-10T01:00:00.000Z', '2026-01-10T03:00:00.000Z', 8000)`,
      drivers[0],
      lotId,
    );
    const batch = createMessageBatch<ArchiveJob>(ARCHIVE_QUEUE, [
      { id: 'bookings', timestamp: new Date(), attempts: 1, body: { kind: 'reservations', lotId } },
    ]);
    await worker.queue(batch, env);
    expect(await getQueueResult(batch, createExecutionContext())).toMatchObject({ explicitAcks: ['bookings'], retryMessages: [] });
    expect(await inD1('january-booking')).toEqual([]);
    expect(await periodsOf(lotId)).toMatchObject([{ kind: 'reservations', month: '2026-01', rows: 1 }]);
  });

  it('moves a batch of many drivers’ bookings in one message, each driver noted once (D1 binds at most 100 values a statement)', async () => {
    const { lotId, drivers } = await rawLot('Archive Many Drivers Lot', 120);
    const bookings = drivers.flatMap((userId, i) =>
      [0, 1].map((n) => ({ id: `busy-${i}-${n}`, userId, day: String(10 + n).padStart(2, '0') })),
    );
    await env.DB.batch(
      bookings.map(({ id, userId, day }) =>
        env.DB.prepare(
          `INSERT INTO reservations (id, user_id, lot_id, status, start_ts, end_ts, amount_cents) VALUES (?, ?, ?, 'COMPLETED', '2026-01-${day}T01:00:00.000Z', '2026-01-${day}T03:00:00.000Z', 8000)`,
        ).bind(id, userId, lotId),
      ),
    );
    await expect(moveReservations(archiveContext(), lotId)).resolves.toBe(false);
    expect(await db().select().from(reservations).where(eq(reservations.lotId, lotId))).toEqual([]);
    expect(await periodsOf(lotId)).toMatchObject([{ kind: 'reservations', month: '2026-01', rows: bookings.length }]);
    const noted = await env.DB.prepare('SELECT count(*) AS n FROM archived_bookings WHERE lot_id = ?').bind(lotId).first<{ n: number }>();
    expect(noted?.n).toBe(drivers.length);
  });

  it('shows an archived booking to its driver as before, never to another; a change of it answers 409, never 404', async () => {
    const booking = await bookingThatIsOver();
    const shown = async (cookie: string) => call(`/api/reservations/${booking.reservationId}`, { cookie });
    const before = await (await shown(booking.cookie)).json();
    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await inD1(booking.reservationId)).toEqual([]);

    const after = await shown(booking.cookie);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
    expect((await shown((await driver()).cookie)).status).toBe(404);

    for (const res of [
      await cancelBooking(booking.cookie, booking.reservationId),
      await extendBooking(booking.cookie, booking.reservationId, 1),
    ]) {
      expect(res.status).toBe(409);
      expect((await res.json<{ message: string }>()).message).toMatch(/archive/);
    }
    expect(await periodsOf(booking.lotId)).toMatchObject([{ rows: 1 }]);
  });
});
