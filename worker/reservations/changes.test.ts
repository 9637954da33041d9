import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { reservations, wallets, walletTransactions } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { balanceOf, cancelBooking, driver, HOUR, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce } from '../test/helpers';
import { expectGapFreeSeries, expectReceiptChain } from '../test/receipt-checks';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Cancelled = InferResponseType<Api['reservations'][':id']['cancel']['$post'], 200>;
type Extended = InferResponseType<Api['reservations'][':id']['extend']['$post'], 200>;
type Modified = InferResponseType<Api['reservations'][':id']['$patch'], 200>;
type Receipts = InferResponseType<Api['receipts']['$get'], 200>;

beforeAll(seedOnce);

describe('cancel, modify, extend', () => {
  it('refunds in full when cancelled 16 minutes before the start', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(16) })).json<Booking>();
    const res = await cancelBooking(cookie, booking.id);
    expect(res.status).toBe(200);
    expect(await res.json<Cancelled>()).toMatchObject({ refundCents: 8_000, reservation: { status: 'CANCELLED' } });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await db().select().from(wallets).where(eq(wallets.userId, user.id)))[0].points).toBe(0);
    // The slot is free again.
    expect((await reserve(cookie, { lotId, start: inMinutes(16) })).status).toBe(201);
    expect((await cancelBooking(cookie, booking.id)).status).toBe(409);
  });

  it('answers a repeated cancel under the same Idempotency-Key with the first result, refunding once', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60) })).json<Booking>();
    const first = await cancelBooking(cookie, booking.id, 'cancel-key-0001');
    const again = await cancelBooking(cookie, booking.id, 'cancel-key-0001');
    expect(again.status).toBe(200);
    expect(await again.json<Cancelled>()).toEqual(await first.json<Cancelled>());
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await call(`/api/reservations/${booking.id}/cancel`, { method: 'POST', cookie })).status).toBe(400);
  });

  it('refunds nothing when cancelled 14 minutes before the start', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(14) })).json<Booking>();
    expect(await (await cancelBooking(cookie, booking.id)).json<Cancelled>()).toMatchObject({ refundCents: 0 });
    expect(await balanceOf(user.id)).toBe(92_000);
  });

  it("hides another driver's reservation (404) and lets them change nothing", async () => {
    const lotId = await makeLot(1);
    const owner = await driver(1_000);
    const other = await driver(1_000);
    const booking = await (await reserve(owner.cookie, { lotId, start: inMinutes(60) })).json<Booking>();
    for (const [path, method] of [
      [`/api/reservations/${booking.id}`, 'GET'],
      [`/api/reservations/${booking.id}/pass`, 'GET'],
    ] as const) {
      expect((await call(path, { method, cookie: other.cookie })).status).toBe(404);
    }
    expect((await cancelBooking(other.cookie, booking.id)).status).toBe(404);
    const extend = await call(`/api/reservations/${booking.id}/extend`, {
      method: 'POST',
      cookie: other.cookie,
      json: { hours: 1 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(extend.status).toBe(404);
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('CONFIRMED');
  });

  it('extends on the same slot for the price difference, and refuses when the slot is taken next', async () => {
    const lotId = await makeLot(1, { progressive: true });
    const { user, cookie } = await driver(2_000);
    const start = Date.now() + HOUR;
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 3 })).json<Booking>();
    expect(booking.amountCents).toBe(12_000);
    const extend = (hours: number) =>
      call(`/api/reservations/${booking.id}/extend`, {
        method: 'POST',
        cookie,
        json: { hours },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    const res = await extend(1);
    expect(res.status).toBe(200);
    // 4 h progressive: 4 × ₱40 × 0.9 = ₱144; ₱24 more.
    expect(await res.json<Extended>()).toMatchObject({
      amountCents: 14_400,
      slotLabel: 'A-1',
      endTs: new Date(start + 4 * HOUR).toISOString(),
    });
    expect(await balanceOf(user.id)).toBe(200_000 - 14_400);
    expect((await reserve(cookie, { lotId, start: new Date(start + 4 * HOUR).toISOString(), durationHours: 1 })).status).toBe(201);
    const blocked = await extend(1);
    expect(blocked.status).toBe(409);
    expect((await blocked.json<ApiErrorBody>()).message).toContain('cannot be extended');
    expect(await balanceOf(user.id)).toBe(200_000 - 14_400 - 4_000);
  });

  it('keeps money and receipt consistent when changes of one reservation arrive together', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<Booking>();
    const extend = () =>
      call(`/api/reservations/${booking.id}/extend`, {
        method: 'POST',
        cookie,
        json: { hours: 1 },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    const results = await Promise.all([extend(), extend(), cancelBooking(cookie, booking.id), extend()]);
    expect(results.map((r) => r.status).every((status) => status === 200 || status === 409)).toBe(true);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, booking.id));
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.reservationId, booking.id));
    const netPaid = 0 - ledger.reduce((sum, t) => sum + t.amountCents, 0) || 0;
    expect(netPaid).toBe(row.status === 'CANCELLED' ? 0 : row.amountCents);
    const [receipt] = (await (await call('/api/receipts', { cookie })).json<Receipts>()).items;
    expect(receipt.voidedBy ? 0 : receipt.amountCents).toBe(netPaid);
    await expectReceiptChain(booking.id, netPaid);
    await expectGapFreeSeries(lotId);
    expect(await balanceOf(user.id)).toBe(100_000 - netPaid);
  });

  it('refuses a change while another change of the same reservation is under way', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<Booking>();
    const stub = lotObject(env, lotId);
    expect(await stub.lockReservation(booking.id)).toBe(true); // as if a cancel were mid-way
    const extend = () =>
      call(`/api/reservations/${booking.id}/extend`, {
        method: 'POST',
        cookie,
        json: { hours: 1 },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    const refused = await extend();
    expect(refused.status).toBe(409);
    expect((await refused.json<ApiErrorBody>()).message).toBe('Another change to this reservation is in progress. Try again in a moment.');
    expect((await cancelBooking(cookie, booking.id)).status).toBe(409);
    expect(await balanceOf(user.id)).toBe(96_000);
    await stub.unlockReservation(booking.id);
    expect((await extend()).status).toBe(200);
  });

  it('modifies a future reservation, charging or refunding the difference', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<Booking>();
    const modify = (json: object) =>
      call(`/api/reservations/${booking.id}`, { method: 'PATCH', cookie, json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const longer = await modify({ start: inMinutes(120), durationHours: 3 });
    expect(longer.status).toBe(200);
    expect(await longer.json<Modified>()).toMatchObject({ amountCents: 12_000, status: 'CONFIRMED' });
    expect(await balanceOf(user.id)).toBe(88_000);
    const shorter = await modify({ start: inMinutes(120), durationHours: 1 });
    expect(await shorter.json<Modified>()).toMatchObject({ amountCents: 4_000 });
    expect(await balanceOf(user.id)).toBe(96_000);
    expect((await modify({ start: new Date(Date.now() - 2 * HOUR).toISOString(), durationHours: 1 })).status).toBe(400);
  });
});
