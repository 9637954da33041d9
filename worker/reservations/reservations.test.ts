import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../core/booking';
import { createSession } from '../auth/sessions';
import { lots, notifications, pricing, reservations, slots, users, wallets, walletTransactions } from '../db/schema';
import { newId } from '../db/ids';
import { lotObject, type LotDurableObject } from '../lot-object/lot-durable-object';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { call, db, seedOnce, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ALWAYS = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '00:00', close: '23:59' }]));
const MALL = Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '07:00', close: '23:00' }]));

let ownerId = '';
beforeAll(async () => {
  await seedOnce();
  [{ id: ownerId }] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'owner_admin')!.email));
});

/** A lot of its own per test: `count` car slots at ₱40/h, 24/7 unless told otherwise. */
async function makeLot(count: number, options: { hours?: object; maxDuration?: number; allowOvernight?: boolean; progressive?: boolean; accessibleSlots?: number; vehicleTypes?: string[] } = {}) {
  const id = newId();
  await db().insert(lots).values({
    id,
    ownerId,
    name: `Test Lot ${id.slice(0, 4)}`,
    address: 'Ayala Ave, Makati',
    geoLat: 14.55,
    geoLng: 121.02,
    amenitiesJson: JSON.stringify({ accessible: true }),
    hoursJson: JSON.stringify(options.hours ?? ALWAYS),
    rulesJson: JSON.stringify({ maxDuration: options.maxDuration ?? 24, allowOvernight: options.allowOvernight ?? true, vehicleTypes: options.vehicleTypes ?? ['car'] }),
    isApproved: true,
  });
  await db().insert(pricing).values({ lotId: id, strategy: options.progressive ? 'PROGRESSIVE' : 'STATIC', baseRate: 4000 });
  for (let i = 0; i < count; i++) {
    await db().insert(slots).values({ id: newId(), lotId: id, label: `A-${i + 1}`, level: 'G', accessible: i < (options.accessibleSlots ?? 0) });
  }
  return id;
}

/** A driver with `pesos` in the wallet (credited through a real sandbox top-up) and a session. */
async function driver(pesos = 2_000) {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  const cookie = `parkada_session=${await createSession(env.SESSIONS, user.id)}`;
  if (pesos > 0) {
    const { id } = await (await call('/api/wallet/topup', { method: 'POST', cookie, json: { amountCents: pesos * 100, method: 'gcash' }, headers: { 'Idempotency-Key': crypto.randomUUID() } })).json<any>();
    expect((await call(`/api/payments/sandbox/${id}/approve`, { method: 'POST', cookie })).status).toBe(200);
  }
  return { user, cookie };
}

const driverOf = async (cookie: string) => (await call('/api/auth/user', { cookie })).json<{ id: string }>();
/** Gate check-in belongs to the attendant screens; here the record is simply moved to ACTIVE. */
const checkIn = (reservationId: string) => db().update(reservations).set({ status: 'ACTIVE' }).where(eq(reservations.id, reservationId));
const balanceOf = async (userId: string) => (await db().select().from(wallets).where(eq(wallets.userId, userId)))[0].balanceCents;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

const cancelBooking = (cookie: string, id: string, key: string = crypto.randomUUID()) =>
  call(`/api/reservations/${id}/cancel`, { method: 'POST', cookie, headers: { 'Idempotency-Key': key } });

function reserve(cookie: string, body: Record<string, unknown>, key: string = crypto.randomUUID()) {
  return call('/api/reservations', { method: 'POST', cookie, json: { plate: 'NAB 1234', durationHours: 2, ...body }, headers: { 'Idempotency-Key': key } });
}

describe('POST /api/reservations', () => {
  it('books a slot, pays from the wallet, earns points and tells the driver', async () => {
    const lotId = await makeLot(3);
    const { user, cookie } = await driver(1_000);
    const res = await reserve(cookie, { lotId, start: inMinutes(60) });
    expect(res.status).toBe(201);
    const booking = await res.json<any>();
    expect(booking).toMatchObject({ status: 'CONFIRMED', lotId, vehiclePlate: 'NAB 1234', amountCents: 8_000, slotLabel: 'A-1', passId: booking.id.slice(0, 8).toUpperCase() });
    expect(booking.price).toMatchObject({ hours: 2, rateMultiplier: 1, totalCents: 8_000 });
    expect(await balanceOf(user.id)).toBe(92_000);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet.points).toBe(8);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(['BOOKING_CONFIRMED', 'PAYMENT_SUCCESS']));
    expect((await call(`/api/reservations/${booking.id}`, { cookie })).status).toBe(200);
    expect((await (await call('/api/reservations', { cookie })).json<any[]>()).map((r) => r.id)).toEqual([booking.id]);
  });

  it('replays the first booking for a repeated Idempotency-Key and never pays twice', async () => {
    const lotId = await makeLot(3);
    const { user, cookie } = await driver(1_000);
    const body = { lotId, start: inMinutes(60) };
    const first = await (await reserve(cookie, body, 'booking-key-0001')).json<any>();
    const again = await reserve(cookie, body, 'booking-key-0001');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<any>()).id).toBe(first.id);
    expect((await reserve(cookie, { ...body, durationHours: 3 }, 'booking-key-0001')).status).toBe(409);
    expect(await balanceOf(user.id)).toBe(92_000);
    expect(await db().select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(1);
  });

  it('200 concurrent attempts for 10 free slots: exactly 10 succeed, no slot is shared, the ledger matches', async () => {
    const lotId = await makeLot(10);
    const drivers = await Promise.all(Array.from({ length: 4 }, () => driver(2_000)));
    const start = inMinutes(120);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => reserve(drivers[i % 4].cookie, { lotId, start, durationHours: 1 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(await results.find((r) => r.status === 409)!.json<any>()).toEqual({ message: 'Lot is full for this time' });
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
    const availability = await (await call(`/api/lots/${lotId}/availability?start=${encodeURIComponent(start)}&durationHours=1`)).json<any>();
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
    const plain = await (await reserve(cookie, { lotId, start: inMinutes(60) })).json<any>();
    const needing = await (await reserve(cookie, { lotId, start: inMinutes(60), needs: { accessible: true } })).json<any>();
    expect(plain.slotLabel).not.toBe('A-1');
    expect(needing.slotLabel).toBe('A-1');
    expect((await reserve(cookie, { lotId, start: inMinutes(60), needs: { accessible: true } })).status).toBe(409);
  });

  it('answers 402 with the amount missing and holds nothing', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(50);
    const res = await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 2 });
    expect(res.status).toBe(402);
    expect(await res.json<any>()).toMatchObject({ message: 'Insufficient wallet balance', missingCents: 3_000, balanceCents: 5_000, amountCents: 8_000 });
    const [failed] = await db().select().from(notifications).where(and(eq(notifications.userId, (await driverOf(cookie)).id), eq(notifications.type, 'PAYMENT_FAILED')));
    expect(failed.message).toContain('Top up at least ₱30.00');
    const rich = await driver(1_000);
    expect((await reserve(rich.cookie, { lotId, start: inMinutes(60) })).status).toBe(201);
  });

  it.each([
    ['a start in the past', { start: new Date(Date.now() - HOUR).toISOString() }, {}, 'The start time is in the past.'],
    ['a stay beyond the maximum', { durationHours: 8 }, { maxDuration: 4 }, 'This lot allows stays of at most 4 hours.'],
    ['a window outside the hours', { start: '2026-12-02T03:00:00+08:00' }, { hours: MALL }, 'This lot is open 07:00–23:00 on Wednesday; choose a time inside its hours.'],
    ['an overnight stay where not allowed', { start: '2026-12-02T22:00:00+08:00', durationHours: 4 }, { allowOvernight: false }, 'Overnight parking is not allowed at this lot.'],
    ['a plate that is not Philippine', { plate: 'HELLO' }, {}, 'Enter a Philippine plate such as ABC 1234, ABC 123, AB 12345 or a conduction sticker such as A1B234.'],
    ['neither duration nor end', { durationHours: undefined }, {}, 'Give either durationHours or end.'],
    ['a car at a motorcycle-only lot', {}, { vehicleTypes: ['motorcycle'] }, 'This lot does not take cars.'],
  ])('refuses %s with 400 and charges nothing', async (_case, body, lotOptions, message) => {
    const lotId = await makeLot(1, lotOptions);
    const { user, cookie } = await driver(1_000);
    const res = await reserve(cookie, { lotId, start: inMinutes(60), ...body });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('books a typed plate of a saved vehicle as that vehicle, which then cannot be deleted', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const car = await (await call('/api/user/vehicles', { method: 'POST', cookie, json: { plate: 'NAB 1234', make: 'Toyota', model: 'Vios' } })).json<any>();
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), plate: 'nab1234' })).json<any>();
    expect(booking).toMatchObject({ vehicleId: car.id, vehiclePlate: 'NAB 1234' });
    expect((await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie })).status).toBe(409);
  });

  it('answers 404 for an unknown lot and for a vehicle that is not yours', async () => {
    const { cookie } = await driver(1_000);
    expect((await reserve(cookie, { lotId: crypto.randomUUID(), start: inMinutes(60) })).status).toBe(404);
    const lotId = await makeLot(1);
    expect((await reserve(cookie, { lotId, start: inMinutes(60), plate: undefined, vehicleId: crypto.randomUUID() })).status).toBe(404);
  });
});

describe('cancel, modify, extend', () => {
  it('refunds in full when cancelled 16 minutes before the start', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(16) })).json<any>();
    const res = await cancelBooking(cookie, booking.id);
    expect(res.status).toBe(200);
    expect(await res.json<any>()).toMatchObject({ refundCents: 8_000, reservation: { status: 'CANCELLED' } });
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await db().select().from(wallets).where(eq(wallets.userId, user.id)))[0].points).toBe(0);
    // The slot is free again.
    expect((await reserve(cookie, { lotId, start: inMinutes(16) })).status).toBe(201);
    expect((await cancelBooking(cookie, booking.id)).status).toBe(409);
  });

  it('answers a repeated cancel under the same Idempotency-Key with the first result, refunding once', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60) })).json<any>();
    const first = await cancelBooking(cookie, booking.id, 'cancel-key-0001');
    const again = await cancelBooking(cookie, booking.id, 'cancel-key-0001');
    expect(again.status).toBe(200);
    expect(await again.json<any>()).toEqual(await first.json<any>());
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await call(`/api/reservations/${booking.id}/cancel`, { method: 'POST', cookie })).status).toBe(400);
  });

  it('refunds nothing when cancelled 14 minutes before the start', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(14) })).json<any>();
    expect(await (await cancelBooking(cookie, booking.id)).json<any>()).toMatchObject({ refundCents: 0 });
    expect(await balanceOf(user.id)).toBe(92_000);
  });

  it("hides another driver's reservation (404) and lets them change nothing", async () => {
    const lotId = await makeLot(1);
    const owner = await driver(1_000);
    const other = await driver(1_000);
    const booking = await (await reserve(owner.cookie, { lotId, start: inMinutes(60) })).json<any>();
    for (const [path, method] of [[`/api/reservations/${booking.id}`, 'GET'], [`/api/reservations/${booking.id}/pass`, 'GET']] as const) {
      expect((await call(path, { method, cookie: other.cookie })).status).toBe(404);
    }
    expect((await cancelBooking(other.cookie, booking.id)).status).toBe(404);
    const extend = await call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie: other.cookie, json: { hours: 1 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(extend.status).toBe(404);
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('CONFIRMED');
  });

  it('extends on the same slot for the price difference, and refuses when the slot is taken next', async () => {
    const lotId = await makeLot(1, { progressive: true });
    const { user, cookie } = await driver(2_000);
    const start = Date.now() + HOUR;
    const booking = await (await reserve(cookie, { lotId, start: new Date(start).toISOString(), durationHours: 3 })).json<any>();
    expect(booking.amountCents).toBe(12_000);
    const extend = (hours: number) => call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie, json: { hours }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const res = await extend(1);
    expect(res.status).toBe(200);
    // 4 h progressive: 4 × ₱40 × 0.9 = ₱144; ₱24 more.
    expect(await res.json<any>()).toMatchObject({ amountCents: 14_400, slotLabel: 'A-1', endTs: new Date(start + 4 * HOUR).toISOString() });
    expect(await balanceOf(user.id)).toBe(200_000 - 14_400);
    expect((await reserve(cookie, { lotId, start: new Date(start + 4 * HOUR).toISOString(), durationHours: 1 })).status).toBe(201);
    const blocked = await extend(1);
    expect(blocked.status).toBe(409);
    expect((await blocked.json<any>()).message).toContain('cannot be extended');
    expect(await balanceOf(user.id)).toBe(200_000 - 14_400 - 4_000);
  });

  it('keeps money and receipt consistent when changes of one reservation arrive together', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<any>();
    const extend = () => call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie, json: { hours: 1 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const results = await Promise.all([extend(), extend(), cancelBooking(cookie, booking.id), extend()]);
    expect(results.map((r) => r.status).every((status) => status === 200 || status === 409)).toBe(true);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, booking.id));
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.reservationId, booking.id));
    const netPaid = 0 - ledger.reduce((sum, t) => sum + t.amountCents, 0) || 0;
    expect(netPaid).toBe(row.status === 'CANCELLED' ? 0 : row.amountCents);
    const [receipt] = await (await call('/api/receipts', { cookie })).json<any[]>();
    expect(receipt.amountCents).toBe(netPaid);
    expect(await balanceOf(user.id)).toBe(100_000 - netPaid);
  });

  it('refuses a change while another change of the same reservation is under way', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<any>();
    const stub = lotObject(env, lotId);
    expect(await stub.lockReservation(booking.id)).toBe(true); // as if a cancel were mid-way
    const extend = () => call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie, json: { hours: 1 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const refused = await extend();
    expect(refused.status).toBe(409);
    expect((await refused.json<any>()).message).toBe('Another change to this reservation is in progress. Try again in a moment.');
    expect((await cancelBooking(cookie, booking.id)).status).toBe(409);
    expect(await balanceOf(user.id)).toBe(96_000);
    await stub.unlockReservation(booking.id);
    expect((await extend()).status).toBe(200);
  });

  it('lets one change of a reservation run at a time, with a lease if its holder never finishes', async () => {
    const stub = lotObject(env, await makeLot(1));
    const id = crypto.randomUUID();
    expect(await stub.lockReservation(id)).toBe(true);
    expect(await stub.lockReservation(id)).toBe(false);
    expect(await stub.lockReservation(crypto.randomUUID())).toBe(true);
    expect(await stub.lockReservation(id, Date.now() + 61_000)).toBe(true);
    await stub.unlockReservation(id);
    expect(await stub.lockReservation(id)).toBe(true);
  });

  it('modifies a future reservation, charging or refunding the difference', async () => {
    const lotId = await makeLot(2);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).json<any>();
    const modify = (json: object) => call(`/api/reservations/${booking.id}`, { method: 'PATCH', cookie, json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const longer = await modify({ start: inMinutes(120), durationHours: 3 });
    expect(longer.status).toBe(200);
    expect(await longer.json<any>()).toMatchObject({ amountCents: 12_000, status: 'CONFIRMED' });
    expect(await balanceOf(user.id)).toBe(88_000);
    const shorter = await modify({ start: inMinutes(120), durationHours: 1 });
    expect(await shorter.json<any>()).toMatchObject({ amountCents: 4_000 });
    expect(await balanceOf(user.id)).toBe(96_000);
    expect((await modify({ start: new Date(Date.now() - 2 * HOUR).toISOString(), durationHours: 1 })).status).toBe(400);
  });
});

describe('the lot object drives time', () => {
  it('expires a no-show 15 minutes after the start and frees the slot', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<any>();
    const stub = lotObject(env, lotId);
    expect(await runInDurableObject(stub, (_instance: LotDurableObject, state) => state.storage.getAlarm())).not.toBeNull();
    await stub.runTimers(Date.now() + 10 * MINUTE);
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('CONFIRMED');
    await stub.runTimers(Date.now() + 17 * MINUTE);
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('EXPIRED');
    const notes = await db().select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'BOOKING_EXPIRED')));
    expect(notes).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(96_000); // no refund for a no-show
    expect((await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).status).toBe(201);
  });

  it('reminds the driver before the start, once', async () => {
    const lotId = await makeLot(1);
    const { user, cookie } = await driver(1_000);
    await reserve(cookie, { lotId, start: inMinutes(40) });
    const stub = lotObject(env, lotId);
    await stub.runTimers(Date.now() + 12 * MINUTE);
    await stub.runTimers(Date.now() + 13 * MINUTE);
    const reminders = await db().select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'BOOKING_REMINDER')));
    expect(reminders).toHaveLength(1);
  });

  it('keeps a checked-in car\'s slot past the no-show deadline and while it overstays', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<any>();
    await checkIn(booking.id);
    const stub = lotObject(env, lotId);
    const end = Date.parse(booking.endTs);
    await stub.runTimers(end - 40 * MINUTE);
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('ACTIVE');
    await stub.runTimers(end + 5 * MINUTE);
    // Ten minutes past the end the car is still inside: its slot is not free for someone else.
    expect(await stub.availability({ startMs: end + 10 * MINUTE, endMs: end + 70 * MINUTE }, 1)).toMatchObject({ free: 0 });
  });

  it('reminds a checked-in driver before the end, and extends instead when Auto Extend is on', async () => {
    const lotId = await makeLot(1);
    const plain = await driver(1_000);
    const first = await (await reserve(plain.cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<any>();
    await checkIn(first.id);
    const stub = lotObject(env, lotId);
    await stub.runTimers(Date.parse(first.endTs) - 20 * MINUTE);
    const endReminders = await db().select().from(notifications).where(and(eq(notifications.userId, plain.user.id), eq(notifications.type, 'BOOKING_REMINDER')));
    expect(endReminders.map((n) => n.title)).toContain('Your parking ends soon');

    const lot2 = await makeLot(1);
    const keen = await driver(1_000);
    await call('/api/user/preferences', { method: 'PATCH', cookie: keen.cookie, json: { autoExtend: true } });
    const second = await (await reserve(keen.cookie, { lotId: lot2, start: inMinutes(1), durationHours: 1 })).json<any>();
    await checkIn(second.id);
    const stub2 = lotObject(env, lot2);
    await stub2.runTimers(Date.parse(second.endTs) - 20 * MINUTE);
    await stub2.runTimers(Date.parse(second.endTs) - 15 * MINUTE);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, second.id));
    expect(row.endTs).toBe(new Date(Date.parse(second.endTs) + HOUR).toISOString());
    expect(await balanceOf(keen.user.id)).toBe(100_000 - 4_000 - 4_000); // once, not twice
    const notes = await db().select().from(notifications).where(eq(notifications.userId, keen.user.id));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(['BOOKING_EXTENDED', 'PAYMENT_SUCCESS']));
    expect(notes.some((n) => n.title === 'Your parking ends soon')).toBe(false);
    // The extended stay still holds the slot for its new last hour.
    expect(await stub2.availability({ startMs: Date.parse(row.endTs) - 30 * MINUTE, endMs: Date.parse(row.endTs) }, 1)).toMatchObject({ free: 0 });
  });

  it('tells the driver when Auto Extend cannot get the slot', async () => {
    const lotId = await makeLot(1);
    const keen = await driver(1_000);
    await call('/api/user/preferences', { method: 'PATCH', cookie: keen.cookie, json: { autoExtend: true } });
    const booking = await (await reserve(keen.cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<any>();
    const next = await driver(1_000);
    expect((await reserve(next.cookie, { lotId, start: booking.endTs, durationHours: 1 })).status).toBe(201);
    await checkIn(booking.id);
    await lotObject(env, lotId).runTimers(Date.parse(booking.endTs) - 20 * MINUTE);
    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, keen.user.id), eq(notifications.title, 'Could not extend automatically')));
    expect(note.message).toContain('cannot be extended');
    expect(note.type).toBe('AUTO_EXTEND_FAILED');
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].endTs).toBe(booking.endTs);
  });

  it('lets a checked-in driver extend from the app', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(1), durationHours: 1 })).json<any>();
    await checkIn(booking.id);
    const res = await call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie, json: { hours: 2 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(res.status).toBe(200);
    expect(await res.json<any>()).toMatchObject({ status: 'ACTIVE', amountCents: 12_000 });
  });

  it('lets a hold whose booking never committed lapse', async () => {
    const lotId = await makeLot(1);
    const stub = lotObject(env, lotId);
    const slotRows = await db().select().from(slots).where(eq(slots.lotId, lotId));
    const window = { startMs: Date.now() + HOUR, endMs: Date.now() + 2 * HOUR };
    const held = await stub.hold({ holdId: 'orphan', reservationId: crypto.randomUUID(), ...window, slots: slotRows, needs: { vehicleType: 'car' } });
    expect(held.ok).toBe(true);
    expect(await stub.availability(window, 1)).toMatchObject({ free: 0 });
    await stub.runTimers(Date.now() + 2 * MINUTE);
    expect(await stub.availability(window, 1)).toMatchObject({ free: 1 });
  });
});

describe('lot search with a window and filters', () => {
  it('filters by Open Now at the chosen time, price and accessibility, and sorts by distance', async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const open = await (await call(`/api/lots?openNow=true&start=${at3am}&durationHours=1`)).json<any[]>();
    expect(open.map((l) => l.name)).toContain('NAIA Terminal 3 Parking');
    expect(open.map((l) => l.name)).not.toContain('Greenbelt 3 Parking');
    const cheap = await (await call('/api/lots?maxPriceCents=10000')).json<any[]>();
    expect(cheap.map((l) => l.name)).not.toContain('NAIA Terminal 3 Parking');
    const near = await (await call('/api/lots?near=14.5352,120.9822&radiusKm=3')).json<any[]>();
    expect(near[0].name).toBe('SM Mall of Asia North Parking');
    expect(near.every((l) => l.distanceKm <= 3)).toBe(true);
    expect((await call('/api/lots?near=manila')).status).toBe(400);
  });

  it('says why a window cannot be booked at a lot, in the booking rules\' words', async () => {
    const at3am = encodeURIComponent('2026-12-02T03:00:00+08:00');
    const all = await (await call(`/api/lots?start=${at3am}&durationHours=2`)).json<any[]>();
    const byName = (name: string) => all.find((l) => l.name === name).availability.problem;
    expect(byName('Greenbelt 3 Parking')).toMatch(/^This lot is open \d\d:\d\d–\d\d:\d\d on Wednesday; choose a time inside its hours\.$/);
    expect(byName('NAIA Terminal 3 Parking')).toBeNull();
  });

  it('prices the window and counts bookings in it', async () => {
    const lotId = await makeLot(2, { progressive: true });
    const { cookie } = await driver(1_000);
    const start = inMinutes(180);
    await reserve(cookie, { lotId, start, durationHours: 4 });
    const lot = await (await call(`/api/lots/${lotId}?start=${encodeURIComponent(start)}&durationHours=4`)).json<any>();
    expect(lot.availability).toMatchObject({ total: 2, free: 1, reserved: 1, quote: { hours: 4, totalCents: 14_400 } });
  });
});

describe('receipts', () => {
  it('issues one receipt per booking and keeps it equal to the net amount paid', async () => {
    const lotId = await makeLot(1, { progressive: true });
    const { cookie } = await driver(2_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 3 })).json<any>();
    const list = await (await call('/api/receipts', { cookie })).json<any[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reservationId: booking.id, amountCents: 12_000, currency: 'PHP', lot: { name: booking.lotName } });
    expect(list[0].number).toBe(`PKD-${list[0].id.slice(0, 8).toUpperCase()}`);

    await call(`/api/reservations/${booking.id}/extend`, { method: 'POST', cookie, json: { hours: 1 }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    const receipt = await (await call(`/api/receipts/${list[0].id}`, { cookie })).json<any>();
    // 4 h progressive: ₱144 in all, of which 12/112 is VAT.
    expect(receipt).toMatchObject({ amountCents: 14_400, vatCents: 1_543, netOfVatCents: 12_857, vehiclePlate: 'NAB 1234', slotLabel: 'A-1', paymentMethod: 'Parkada Wallet' });
    expect(receipt.lines.map((l: any) => [l.label, l.amountCents])).toEqual([['Parking', 12_000], ['Extension', 2_400]]);
    expect(receipt.lines.reduce((sum: number, l: any) => sum + l.amountCents, 0)).toBe(receipt.amountCents);
    expect(receipt.paymentReference).toMatch(/^[0-9A-F-]{13}$/);

    await cancelBooking(cookie, booking.id);
    const cancelled = await (await call(`/api/receipts/${list[0].id}`, { cookie })).json<any>();
    expect(cancelled).toMatchObject({ amountCents: 0, vatCents: 0, status: 'CANCELLED' });
    expect(cancelled.lines.at(-1)).toMatchObject({ label: 'Refund to wallet', amountCents: -14_400 });
  });

  it("hides another driver's receipt (404) and refuses a malformed id (400)", async () => {
    const lotId = await makeLot(1);
    const owner = await driver(1_000);
    const other = await driver(0);
    await reserve(owner.cookie, { lotId, start: inMinutes(60) });
    const [receipt] = await (await call('/api/receipts', { cookie: owner.cookie })).json<any[]>();
    expect((await call(`/api/receipts/${receipt.id}`, { cookie: other.cookie })).status).toBe(404);
    expect(await (await call('/api/receipts', { cookie: other.cookie })).json<any[]>()).toEqual([]);
    const bad = await call('/api/receipts/not-an-id', { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).message).toBe('Unknown receipt id');
  });
});

describe('the lot object alarm', () => {
  it('fires on its own schedule and expires a no-show once its time has come', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    // Booked a little in the past (inside the start slack), so the no-show deadline is near.
    const booking = await (await reserve(cookie, { lotId, start: new Date(Date.now() - 4 * MINUTE).toISOString(), durationHours: 1 })).json<any>();
    const stub = lotObject(env, lotId);
    const alarmAt = await runInDurableObject(stub, (_instance: LotDurableObject, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    // The alarm is set no later than the no-show deadline (start + 15 min).
    expect(alarmAt!).toBeLessThanOrEqual(Date.parse(booking.startTs) + 15 * MINUTE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Fired before the deadline: nothing expires yet, and the next alarm is armed.
    expect((await db().select().from(reservations).where(eq(reservations.id, booking.id)))[0].status).toBe('CONFIRMED');
    expect(await runInDurableObject(stub, (_instance: LotDurableObject, state) => state.storage.getAlarm())).not.toBeNull();
  });
});
