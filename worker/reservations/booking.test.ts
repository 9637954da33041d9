import { and, eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { notifications, reservations, slots, wallets, walletTransactions } from '../db/schema';
import { balanceOf, driver, HOUR, inMinutes, makeLot, MALL, MINUTE, reserve } from '../test/booking-fixtures';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce } from '../test/helpers';

type Booking = InferResponseType<Api['reservations']['$post'], 201>;
type Availability = InferResponseType<Api['lots'][':id']['availability']['$get'], 200>;
type Vehicle = InferResponseType<Api['user']['vehicles']['$post'], 201>;
/** The 402 of a short wallet: the error's figures (reservations.service.ts). */
type Insufficient = ApiErrorBody & { missingCents: number; balanceCents: number; amountCents: number; detail: string };

const driverOf = async (cookie: string) => (await call('/api/auth/user', { cookie })).json<{ id: string }>();

beforeAll(seedOnce);

describe('POST /api/reservations', () => {
  it('books a slot, pays from the wallet, earns points and tells the driver', async () => {
    const lotId = await makeLot(3);
    const { user, cookie } = await driver(1_000);
    const res = await reserve(cookie, { lotId, start: inMinutes(60) });
    expect(res.status).toBe(201);
    const booking = await res.json<Booking>();
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      lotId,
      vehiclePlate: 'NAB 1234',
      amountCents: 8_000,
      slotLabel: 'A-1',
      passId: booking.id.slice(0, 8).toUpperCase(),
    });
    expect(booking.price).toMatchObject({ hours: 2, rateMultiplier: 1, totalCents: 8_000 });
    expect(await balanceOf(user.id)).toBe(92_000);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet.points).toBe(8);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(['BOOKING_CONFIRMED', 'PAYMENT_SUCCESS']));
    // The answer is the reservation as it reads back.
    expect(await (await call(`/api/reservations/${booking.id}`, { cookie })).json()).toEqual(booking);
    expect((await (await call('/api/reservations', { cookie })).json<{ items: { id: string }[] }>()).items.map((r) => r.id)).toEqual([
      booking.id,
    ]);
  });

  it('replays the first booking for a repeated Idempotency-Key and never pays twice', async () => {
    const lotId = await makeLot(3);
    const { user, cookie } = await driver(1_000);
    const body = { lotId, start: inMinutes(60) };
    const first = await (await reserve(cookie, body, 'booking-key-0001')).json<Booking>();
    const again = await reserve(cookie, body, 'booking-key-0001');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json<Booking>()).toEqual(first);
    expect((await reserve(cookie, { ...body, durationHours: 3 }, 'booking-key-0001')).status).toBe(409);
    expect(await balanceOf(user.id)).toBe(92_000);
    expect(await db().select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(1);
  });

  it('200 concurrent attempts for 10 free slots: exactly 10 succeed, no slot is shared, the ledger matches', async () => {
    const lotId = await makeLot(10);
    const drivers = await Promise.all(Array.from({ length: 4 }, () => driver(2_000)));
    const start = inMinutes(120);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => reserve(drivers[i % 4].cookie, { lotId, start, durationHours: 1 })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(await results.find((r) => r.status === 409)!.json<ApiErrorBody>()).toEqual({ message: 'Lot is full for this time' });
    const booked = await db().select().from(reservations).where(eq(reservations.lotId, lotId));
    expect(booked).toHaveLength(10);
    expect(new Set(booked.map((r) => r.slotId)).size).toBe(10);
    // Every driver paid exactly for their bookings.
    for (const { user } of drivers) {
      const mine = booked.filter((r) => r.userId === user.id).length;
      expect(await balanceOf(user.id)).toBe(200_000 - mine * 4_000);
      const payments = await db().select().from(walletTransactions).where(eq(walletTransactions.type, 'PAYMENT'));
      expect(payments.filter((p) => booked.some((r) => r.id === p.reservationId && r.userId === user.id))).toHaveLength(mine);
    }
    const availability = await (
      await call(`/api/lots/${lotId}/availability?start=${encodeURIComponent(start)}&durationHours=1`)
    ).json<Availability>();
    expect(availability).toMatchObject({ total: 10, free: 0, reserved: 10 });
  });

  it('gives back-to-back windows the same slot but never overlapping ones', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const start = Date.now() + 2 * HOUR;
    expect((await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 1 })).status).toBe(201);
    expect((await reserve(cookie, { lotId, start: new Date(start + HOUR).toISOString(), durationHours: 1 })).status).toBe(201);
    expect((await reserve(cookie, { lotId, start: new Date(start + 30 * MINUTE).toISOString(), durationHours: 1 })).status).toBe(409);
  });

  it('keeps accessible bays for drivers who need them', async () => {
    const lotId = await makeLot(3, { accessibleSlots: 1 });
    const { cookie } = await driver(1_000);
    const plain = await (await reserve(cookie, { lotId, start: inMinutes(60) })).json<Booking>();
    const needing = await (await reserve(cookie, { lotId, start: inMinutes(60), needs: { accessible: true } })).json<Booking>();
    expect(plain.slotLabel).not.toBe('A-1');
    expect(needing.slotLabel).toBe('A-1');
    expect((await reserve(cookie, { lotId, start: inMinutes(60), needs: { accessible: true } })).status).toBe(409);
  });

  it('answers 402 with the amount missing and holds nothing', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(50);
    const res = await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 });
    expect(res.status).toBe(402);
    expect(await res.json<Insufficient>()).toMatchObject({
      message: 'Insufficient wallet balance',
      missingCents: 3_000,
      balanceCents: 5_000,
      amountCents: 8_000,
    });
    const [failed] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, (await driverOf(cookie)).id), eq(notifications.type, 'PAYMENT_FAILED')));
    expect(failed.message).toContain('Top up at least ₱30.00');
    const rich = await driver(1_000);
    expect((await reserve(rich.cookie, { lotId, start: inMinutes(60) })).status).toBe(201);
  });

  it('refuses a window the lot has no room for as full before it looks at the wallet', async () => {
    const lotId = await makeLot(1);
    expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(60) })).status).toBe(201);
    const { user, cookie } = await driver(50);
    const res = await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 });
    expect(res.status).toBe(409);
    expect((await res.json<ApiErrorBody>()).message).toBe('Lot is full for this time');
    // No top-up is asked for a lot that could not take the booking.
    const failed = and(eq(notifications.userId, user.id), eq(notifications.type, 'PAYMENT_FAILED'));
    expect(await db().select().from(notifications).where(failed)).toEqual([]);
    expect((await reserve(cookie, { lotId, start: inMinutes(240) })).status).toBe(402);
  });

  it('answers a retried booking with what it made even once its window is full', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const body = { lotId, start: inMinutes(60) };
    const first = await (await reserve(cookie, body, 'retried-key-0001')).json<Booking>();
    expect((await reserve((await driver(1_000)).cookie, body)).status).toBe(409);
    const again = await reserve(cookie, body, 'retried-key-0001');
    expect(again.status).toBe(201);
    expect(await again.json<Booking>()).toEqual(first);
    expect(await balanceOf(user.id)).toBe(92_000);
  });

  it.each([
    ['a start in the past', { start: new Date(Date.now() - HOUR).toISOString() }, {}, 'The start time is in the past.'],
    ['a stay beyond the maximum', { durationHours: 8 }, { maxDuration: 4 }, 'This lot allows stays of at most 4 hours.'],
    [
      'a window outside the hours',
      { start: '2026-12-02T03:00:00+08:00' },
      { hours: MALL },
      'This lot is open 07:00–23:00 on Wednesday; choose a time inside its hours.',
    ],
    [
      'an overnight stay where not allowed',
      { start: '2026-12-02T22:00:00+08:00', durationHours: 4 },
      { allowOvernight: false },
      'Overnight parking is not allowed at this lot.',
    ],
    [
      'a plate that is not Philippine',
      { plate: 'HELLO' },
      {},
      'Enter a Philippine plate such as ABC 1234, ABC 123, AB 12345 or a conduction sticker such as A1B234.',
    ],
    ['neither duration nor end', { durationHours: undefined }, {}, 'Give either durationHours or end.'],
    ['a car at a motorcycle-only lot', {}, { vehicleTypes: ['motorcycle'] }, 'This lot does not take cars.'],
  ])('refuses %s with 400 and charges nothing', async (_case, body, lotOptions, message) => {
    const lotId = await makeLot(1, lotOptions);
    const { user, cookie } = await driver(1_000);
    const res = await reserve(cookie, { lotId, start: inMinutes(60), ...body });
    expect(res.status).toBe(400);
    expect((await res.json<ApiErrorBody>()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('books a typed plate of a saved vehicle as that vehicle, which then cannot be deleted', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const car = await (
      await call('/api/user/vehicles', { method: 'POST', cookie, json: { plate: 'NAB 1234', make: 'Toyota', model: 'Vios' } })
    ).json<Vehicle>();
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), plate: 'nab1234' })).json<Booking>();
    expect(booking).toMatchObject({ vehicleId: car.id, vehiclePlate: 'NAB 1234' });
    expect((await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie })).status).toBe(409);
  });

  it('books a typed plate that is none of the driver’s vehicles as the vehicle type named (the one searched for), a car unless named', async () => {
    const lotId = await makeLot(1, { vehicleTypes: ['car', 'motorcycle'] });
    await db().insert(slots).values({ id: newId(), lotId, label: 'M-1', level: 'G', vehicleType: 'motorcycle' });
    const { cookie } = await driver(1_000);
    const motorcycle = await reserve(cookie, { lotId, start: inMinutes(60), plate: 'MC 12345', vehicleType: 'motorcycle' });
    expect(motorcycle.status).toBe(201);
    expect(await motorcycle.json<Booking>()).toMatchObject({ slotLabel: 'M-1', vehiclePlate: 'MC 12345' });
    const car = await reserve(cookie, { lotId, start: inMinutes(60), plate: 'NCR 1234' });
    expect(await car.json<Booking>()).toMatchObject({ slotLabel: 'A-1' });
  });

  it('answers 404 for an unknown lot and for a vehicle that is not yours', async () => {
    const { cookie } = await driver(1_000);
    expect((await reserve(cookie, { lotId: crypto.randomUUID(), start: inMinutes(60) })).status).toBe(404);
    const lotId = await makeLot(1);
    expect((await reserve(cookie, { lotId, start: inMinutes(60), plate: undefined, vehicleId: crypto.randomUUID() })).status).toBe(404);
  });
});
