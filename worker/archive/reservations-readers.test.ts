/**
 * The readers of archived bookings (docs/payments.md, Archive, Bookings): what a screen showed of a
 * booking before it moved, it shows the same after, read from D1 and the driver's archived periods.
 */
import { env } from 'cloudflare:test';
import { eq, ne } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../core/booking';
import { maskPlate } from '../../core/vehicles';
import { archivedBookings, gateRefunds, reservations, users } from '../db/schema';
import { inMinutes, reservationRow, reserve } from '../test/booking-fixtures';
import { atTheGate, overstayedOneHour } from '../test/gate-fixtures';
import { newDriver } from '../test/account-fixtures';
import { archiveContext, bookingThatIsOver, later, replacing } from '../test/archive-fixtures';
import { call, db, key, seedOnce, signedInDriver, walkPages } from '../test/helpers';
import { rawLot } from '../test/raw-records';
import { archivedRowsOf } from './archive.service';
import { moveCharges } from './charges-archive.service';
import { moveReservations } from './reservations-archive.service';

beforeAll(seedOnce);

type Driver = Awaited<ReturnType<typeof signedInDriver>>;

/** The instant the archive runs at: bookings that ended before 2026-05-25 may move. */
const MOVED_AT = new Date('2026-06-01T00:00:00.000Z');

/** A booking written straight to D1 (booking itself is tested elsewhere), an hour long. */
const booking = (userId: string, lotId: string, startTs: string, fields: { status?: ReservationStatus; plate?: string } = {}) =>
  db()
    .insert(reservations)
    .values({
      id: `${startTs}-${lotId}`.replace(/[^0-9a-z]/gi, ''),
      userId,
      lotId,
      vehiclePlate: fields.plate ?? 'NBC 1234',
      status: fields.status ?? 'COMPLETED',
      startTs,
      endTs: new Date(Date.parse(startTs) + 3_600_000).toISOString(),
      amountCents: 8000,
    });

/** Moves every booking of these lots that may move at MOVED_AT. */
async function moveAll(...lotIds: string[]) {
  for (const lotId of lotIds) while (await moveReservations(archiveContext(), lotId, MOVED_AT));
}

/**
 * A driver with bookings at two lots: archived ones in January to March, one ACTIVE since February
 * (never over, so it stays in D1 among them), and May's, which ended too lately to move.
 */
async function driverWithHistory() {
  const driver = await signedInDriver();
  const [{ lotId: north }, { lotId: south }] = [await rawLot('History North Lot', 0), await rawLot('History South Lot', 0)];
  const id = driver.user.id;
  await booking(id, north, '2026-01-10T01:00:00.000Z');
  await booking(id, south, '2026-01-20T01:00:00.000Z', { status: 'CANCELLED', plate: 'ABC 5678' });
  await booking(id, north, '2026-02-03T01:00:00.000Z', { status: 'EXPIRED' });
  await booking(id, south, '2026-02-14T01:00:00.000Z', { status: 'ACTIVE' });
  await booking(id, north, '2026-03-01T01:00:00.000Z');
  await booking(id, south, '2026-03-31T15:30:00.000Z');
  for (const day of ['05-26', '05-27', '05-28']) await booking(id, north, `2026-${day}T01:00:00.000Z`);
  return { driver, lots: [north, south] };
}

const FILTERS = [{}, { status: 'COMPLETED' }, { status: 'ACTIVE' }, { q: 'south' }, { q: 'abc5678' }, { range: 'week' }] as const;

/** Every page of the history list, two rows a page, and the counts, for each filter. */
const historyOf = (driver: Driver) =>
  Promise.all(
    FILTERS.map(async (filter) => ({
      pages: await walkPages(async (cursor) => (await driver.api.reservations.$get({ query: { ...filter, limit: '2', cursor } })).json()),
      past: await walkPages(async (cursor) =>
        (await driver.api.reservations.$get({ query: { ...filter, tab: 'past', limit: '3', cursor } })).json(),
      ),
      counts: await (await driver.api.reservations.counts.$get({ query: filter })).json(),
    })),
  );

describe('a driver’s history with archived bookings', () => {
  it('lists and counts the same after the move: same order, filters, tabs and pages, each booking once', async () => {
    const { driver, lots } = await driverWithHistory();
    const before = await historyOf(driver);
    expect(before[0].pages.flat()).toHaveLength(9);
    await moveAll(...lots);
    const left = await db().select().from(reservations).where(eq(reservations.userId, driver.user.id));
    expect(left.map((r) => r.startTs).sort()).toEqual([
      '2026-02-14T01:00:00.000Z',
      '2026-05-26T01:00:00.000Z',
      '2026-05-27T01:00:00.000Z',
      '2026-05-28T01:00:00.000Z',
    ]);
    expect(await historyOf(driver)).toEqual(before);
  });

  it('reads no archived period while D1 fills the page with newer bookings, nor for the Upcoming tab', async () => {
    const { driver, lots } = await driverWithHistory();
    await moveAll(...lots);
    const unreadable = { bindings: { ARCHIVE: replacing(env.ARCHIVE, 'get', () => Promise.reject(new Error('R2 unavailable'))) } };
    const list = (query: string) => call(`/api/reservations?${query}`, { cookie: driver.cookie, ...unreadable });
    const first = await list('limit=2');
    expect(first.status).toBe(200);
    expect((await first.json<{ items: { startTs: string }[] }>()).items.map((r) => r.startTs)).toEqual([
      '2026-05-28T01:00:00.000Z',
      '2026-05-27T01:00:00.000Z',
    ]);
    expect((await list('tab=upcoming')).status).toBe(200);
    expect((await list('limit=3')).status).toBe(500);
  });
});

describe('the receipts of an archived booking', () => {
  it('read as before, with the booking’s times, plate, slot and lines, once its charges moved too', async () => {
    const booking = await bookingThatIsOver();
    const read = async () =>
      Promise.all(booking.receiptIds.map(async (id) => (await call(`/api/receipts/${id}`, { cookie: booking.cookie })).json()));
    const before = await read();
    expect(before).toMatchObject([{ vehiclePlate: expect.any(String), slotLabel: expect.any(String) }]);
    await moveReservations(archiveContext(), booking.lotId, later());
    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await db().select().from(reservations).where(eq(reservations.id, booking.reservationId))).toEqual([]);
    expect(await read()).toEqual(before);
  });
});

describe('the pass of an archived booking', () => {
  it('answers as for an ended booking in D1: no pass (409), no new share, stopping a share is done, its link says it ended', async () => {
    const booking = await bookingThatIsOver();
    const id = booking.reservationId;
    await db().update(reservations).set({ status: 'CONFIRMED' }).where(eq(reservations.id, id));
    const { url } = await (await call(`/api/reservations/${id}/share`, { method: 'POST', cookie: booking.cookie })).json<{ url: string }>();
    await db().update(reservations).set({ status: 'COMPLETED' }).where(eq(reservations.id, id));
    const answers = async () => {
      const pass = await call(`/api/reservations/${id}/pass`, { cookie: booking.cookie });
      const share = await call(`/api/reservations/${id}/share`, { method: 'POST', cookie: booking.cookie });
      const link = await call(`/api/shared-passes/${new URL(url).pathname.replace('/shared/', '')}`);
      return [pass.status, await pass.json(), share.status, await share.json(), link.status];
    };
    const before = await answers();
    expect(before).toEqual([409, expect.anything(), 409, expect.anything(), 404]);
    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await answers()).toEqual(before);
    const link = await call(`/api/shared-passes/${new URL(url).pathname.replace('/shared/', '')}`);
    expect((await link.json<{ message: string }>()).message).toBe('This booking has ended: its shared pass no longer works.');
    expect((await call(`/api/reservations/${id}/share`, { method: 'DELETE', cookie: booking.cookie })).status).toBe(204);
  });
});

describe('"Download my data" with archived bookings', () => {
  it('holds the archived booking and, through it, its archived charges, as before the move', async () => {
    const booking = await bookingThatIsOver();
    const exported = async () => {
      const res = await call('/api/account/export', { cookie: booking.cookie });
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['parkada-data.json']));
      return { reservations: data.reservations, charges: data.charges, receipts: data.receipts };
    };
    const before = await exported();
    expect(before.charges).toHaveLength(2);
    await moveReservations(archiveContext(), booking.lotId, later());
    await moveCharges(archiveContext(), booking.lotId, later());
    expect(await exported()).toEqual(before);
  });
});

describe('erasure of a driver with archived bookings', () => {
  it('masks the plate on each archived booking of theirs, keeps the bookings and their periods under the pseudonym', async () => {
    const { cookie, userId, body } = await newDriver();
    const { lotId } = await rawLot('Erasure Archive Lot', 1);
    await booking(userId, lotId, '2026-01-12T01:00:00.000Z', { plate: 'ERA 1234' });
    // Another person's booking in the same period: any user but this one (the first by id may be this driver).
    const [other] = (await db().select({ id: users.id }).from(users).where(ne(users.id, userId)).limit(1)).map((row) => row.id);
    await booking(other, lotId, '2026-01-13T01:00:00.000Z', { plate: 'OTH 5678' });
    await moveAll(lotId);
    const archived = () => archivedRowsOf(archiveContext(), 'reservations', lotId, { from: '2026-01', to: '2026-01' });
    expect((await archived()).map((row) => row.vehiclePlate)).toEqual(['ERA 1234', 'OTH 5678']);

    const res = await call('/api/account', { method: 'DELETE', cookie, json: { password: body.password } });
    expect(res.status).toBe(204);
    expect((await archived()).map((row) => [row.userId, row.vehiclePlate])).toEqual([
      [userId, maskPlate('ERA 1234')],
      [other, 'OTH 5678'],
    ]);
    expect(await db().select().from(archivedBookings).where(eq(archivedBookings.userId, userId))).toHaveLength(1);
  });
});

describe('writes that name an archived booking', () => {
  it('a review, a report to the lot and a validation code answer as for the booking in D1, never 404', async () => {
    const booking = await bookingThatIsOver();
    const { reservationId: id, cookie } = booking;
    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await db().select().from(reservations).where(eq(reservations.id, id))).toEqual([]);

    const review = await call(`/api/reservations/${id}/review`, {
      method: 'POST',
      cookie,
      json: { rating: 4, text: 'Easy in, easy out.' },
    });
    expect(review.status).toBe(201);
    expect((await call(`/api/reservations/${id}/review`, { cookie })).status).toBe(200);
    const report = { category: 'facilities', text: 'The ramp lights were out.', reservationId: id };
    expect((await call(`/api/lots/${booking.lotId}/issues`, { method: 'POST', cookie, json: report })).status).toBe(201);
    const code = await call(`/api/reservations/${id}/validations`, { method: 'POST', cookie, json: { code: 'ABCDE-23456' } });
    expect(code.status).toBe(409);
    expect((await code.json<{ message: string }>()).message).toMatch(/checked in/);
  });
});

describe('a refund at the gate of a stay whose booking is archived', () => {
  it('answers 409 naming the archive and refunds nothing, never as cash', async () => {
    const { owner } = await atTheGate();
    const { booking, closed } = await overstayedOneHour();
    const { lotId } = await reservationRow(booking.id);
    await moveReservations(archiveContext(), lotId, later());
    expect(await db().select().from(reservations).where(eq(reservations.id, booking.id))).toEqual([]);
    const refunded = await call(`/api/owner/checkins/${closed.id}/refund`, {
      method: 'POST',
      cookie: owner,
      json: { amountCents: 3_000, reason: 'Barrier stuck at the exit' },
      headers: key(),
    });
    expect(refunded.status).toBe(409);
    expect((await refunded.json<{ message: string }>()).message).toMatch(/archive/);
    expect(await db().select().from(gateRefunds).where(eq(gateRefunds.checkinId, closed.id))).toEqual([]);
  });
});

describe('the Receipts tab with archived bookings', () => {
  it('lists, filters, pages and counts the receipts of archived bookings as before, with their bookings’ facts', async () => {
    const booking = await bookingThatIsOver();
    expect((await reserve(booking.cookie, { lotId: booking.lotId, start: inMinutes(24 * 60), durationHours: 1 })).status).toBe(201);
    const filters = [{}, { status: 'COMPLETED' }, { status: 'CONFIRMED' }, { q: 'nab1234' }, { q: 'no such plate' }] as const;
    const tab = () =>
      Promise.all(
        filters.map(async (filter) => ({
          pages: await walkPages(async (cursor) =>
            (
              await call(`/api/receipts?${new URLSearchParams({ ...filter, limit: '1', ...(cursor ? { cursor } : {}) })}`, {
                cookie: booking.cookie,
              })
            ).json<{
              items: unknown[];
              nextCursor: string | null;
            }>(),
          ),
          counts: await (await call(`/api/receipts/counts?${new URLSearchParams(filter)}`, { cookie: booking.cookie })).json(),
        })),
      );
    const before = await tab();
    expect(before[0].pages.flat()).toHaveLength(2);
    expect(before[1].pages.flat()).toHaveLength(1);
    await moveReservations(archiveContext(), booking.lotId, later());
    expect(await db().select().from(reservations).where(eq(reservations.id, booking.reservationId))).toEqual([]);
    expect(await tab()).toEqual(before);
  });
});
