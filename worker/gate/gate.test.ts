import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_THE_CAR } from '../../core/gate';
import { formatTime } from '../../core/time';
import { PRICE_BANDS } from '../../core/price-bands';
import {
  attendantAssignments,
  auditLogs,
  checkins,
  lots,
  pricing,
  reservations,
  slots,
  users,
  wallets,
  walletTransactions,
} from '../db/schema';
import { newId } from '../db/ids';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { balanceOf, driver, HOUR, inMinutes, makeLot, MINUTE, objectBooking, reservationRow, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, key, messageOf, seedOnce } from '../test/helpers';
import { lotObject } from '../lot-object/stub';
import { moneyTotal } from '../owner/figures.data';
import { signPayCode } from '../wallet/pay-code';
import { enter, PAY_CODE_USED } from './checkins.service';
import { findCheckin } from './checkins.data';
import { refusalResponse } from '../http/errors';
import { runLotTimers } from '../test/lot-timers';

type Checkin = {
  id: string;
  plate: string;
  slot: string | null;
  reservationId: string | null;
  entryTs: string;
  exitTs: string | null;
  amountCents: number | null;
  paidBy: string | null;
  receiptId: string | null;
  walkIn: boolean;
};

let owner = '';
let attendant = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
  attendant = await cookieFor('attendant');
});

const gateEnter = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/checkins/enter', { method: 'POST', cookie, json, headers });
const gateExit = (cookie: string, id: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call(`/api/checkins/${id}/exit`, { method: 'POST', cookie, json, headers });
const countWhere = async (lotId: string) => (await db().select().from(checkins).where(eq(checkins.lotId, lotId))).length;

/** A driver with a reservation at `lotId` starting in a minute (or at `start`), and its signed pass. */
async function reservedCar(lotId: string, options: { hours?: number; plate?: string; start?: string; pesos?: number } = {}) {
  const { user, cookie } = await driver(options.pesos ?? 1_000);
  const booking = await (
    await reserve(cookie, {
      lotId,
      start: options.start ?? inMinutes(1),
      durationHours: options.hours ?? 1,
      plate: options.plate ?? 'NAB 1234',
    })
  ).json<{ id: string; endTs: string; vehiclePlate: string }>();
  const { token } = await (await call(`/api/reservations/${booking.id}/pass`, { cookie })).json<{ token: string }>();
  return { user, cookie, booking, token };
}

/** A walk-in let in now, whose entry the records then place `minutesAgo` back (a long stay, without waiting for it). */
async function walkIn(lotId: string, plate: string, minutesAgo: number) {
  const checkin = await (await gateEnter(owner, { lotId, plate })).json<Checkin>();
  const entryTs = new Date(Date.now() - minutesAgo * MINUTE).toISOString();
  await db().update(checkins).set({ entryTs }).where(eq(checkins.id, checkin.id));
  return { ...checkin, entryTs };
}

/** A driver's pay code for `lotId`, paying up to `limitCents`. */
async function payCodeFor(cookie: string, lotId: string, limitCents = 100_000) {
  const res = await call('/api/wallet/pay-code', { method: 'POST', cookie, json: { lotId, limitCents } });
  expect(res.status).toBe(201);
  return (await res.json<{ token: string; expiresAt: string }>()).token;
}

/**
 * A one-hour reservation whose car checked in and left 61 minutes after its end (₱80 over, from the
 * wallet, or with what `pay` adds to the exit: a pay code).
 */
async function overstayedOneHour(pay: (lotId: string) => Promise<Record<string, unknown>> = async () => ({})) {
  const lotId = await makeLot(1);
  const { user, cookie, booking, token } = await reservedCar(lotId);
  const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
  const end = Date.now() - 61 * MINUTE;
  await db()
    .update(reservations)
    .set({ startTs: new Date(end - HOUR).toISOString(), endTs: new Date(end).toISOString() })
    .where(eq(reservations.id, booking.id));
  const closed = await (await gateExit(owner, id, { lotId, plate: 'NAB 1234', ...(await pay(lotId)) })).json<Checkin>();
  return { user, cookie, booking, closed };
}

describe('entry with a pass', () => {
  it('checks a reserved car in: CONFIRMED → ACTIVE, the slot shown, the driver sees it active', async () => {
    const lotId = await makeLot(2);
    const { cookie, booking, token } = await reservedCar(lotId);
    const res = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token });
    expect(res.status).toBe(201);
    expect(await res.json<Checkin>()).toMatchObject({
      plate: 'NAB 1234',
      slot: 'A-1',
      reservationId: booking.id,
      walkIn: false,
      exitTs: null,
    });
    expect((await reservationRow(booking.id)).status).toBe('ACTIVE');
    const active = await (await call('/api/reservations?tab=active', { cookie })).json<{ items: { id: string; status: string }[] }>();
    expect(active.items).toMatchObject([{ id: booking.id, status: 'ACTIVE' }]);
  });

  it.each([
    ['forged', 400, (t: string) => `${t.slice(0, -4)}AAAA`, /not genuine/],
    ['for another lot', 409, (t: string) => t, /^This pass is for Test Lot .+, not this lot\.$/],
  ] as const)('refuses a pass that is %s', async (_case, status, tamper, message) => {
    const lotId = await makeLot(1);
    const { token } = await reservedCar(lotId);
    const otherLot = _case === 'for another lot' ? await makeLot(1) : lotId;
    const res = await gateEnter(owner, { lotId: otherLot, plate: 'NAB 1234', passToken: tamper(token) });
    expect(res.status).toBe(status);
    expect(await messageOf(res)).toMatch(message);
  });

  it('refuses an expired pass, a cancelled reservation and a second check-in, each saying which', async () => {
    const lotId = await makeLot(3);
    const late = await reservedCar(lotId);
    const { id: ownerId } = (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'owner_admin')!.email))
    )[0];
    const [ownerUser] = await db().select().from(users).where(eq(users.id, ownerId));
    const afterEnd = new Date(Date.parse(late.booking.endTs) + MINUTE);
    const expired = await enter(
      { env, db: db(), user: ownerUser },
      { lotId, plate: 'NAB 1234', action: 'checkin', passToken: late.token },
      { userId: ownerId, key: crypto.randomUUID(), scope: 's', requestHash: 'h' },
      afterEnd,
    ).then(
      () => ({ message: 'entered' }),
      (error) => refusalResponse(error).json<{ message: string }>(),
    );
    expect(expired.message).toMatch(/^This pass expired at /);

    const cancelled = await reservedCar(lotId);
    await call(`/api/reservations/${cancelled.booking.id}/cancel`, { method: 'POST', cookie: cancelled.cookie, headers: key() });
    const refused = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: cancelled.token });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe('This reservation was cancelled.');

    const twice = await reservedCar(lotId);
    expect((await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: twice.token })).status).toBe(201);
    const again = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: twice.token });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/^This reservation is already checked in \(slot A-\d\)\.$/);
  });

  it('refuses another car on a reservation, by pass or by id, naming both plates; an override with a reason lets it in, audited with both', async () => {
    const lotId = await makeLot(2);
    const { booking, token } = await reservedCar(lotId);
    for (const by of [{ passToken: token }, { reservationId: booking.id }]) {
      const refused = await gateEnter(owner, { lotId, plate: 'ABC 5678', ...by });
      expect(refused.status).toBe(409);
      expect(await messageOf(refused)).toBe('This reservation is for NAB 1234, not ABC 5678.');
    }
    expect(await countWhere(lotId)).toBe(0);
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
    const override = { action: 'override', overrideReason: 'customer_service' };
    const forced = await gateEnter(owner, { lotId, plate: 'ABC 5678', reservationId: booking.id, ...override });
    expect(forced.status).toBe(201);
    const { id } = await forced.json<Checkin>();
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'OVERRIDE_ENTRY'), eq(auditLogs.subject, `checkin:${id}`)));
    expect(JSON.parse(audit.contextJson)).toMatchObject({
      plate: 'ABC 5678',
      bookedPlate: 'NAB 1234',
      reason: 'customer_service',
      reservationId: booking.id,
    });
  });

  it('finds a reservation by plate when the car has no pass at hand', async () => {
    const lotId = await makeLot(1);
    const { booking } = await reservedCar(lotId, { plate: 'NCR 4321' });
    const res = await gateEnter(owner, { lotId, plate: 'ncr4321' });
    expect(await res.json<Checkin>()).toMatchObject({ reservationId: booking.id, walkIn: false });
  });

  it('answers 400 without a plate and without an override reason', async () => {
    const lotId = await makeLot(1);
    const noPlate = await gateEnter(owner, { lotId });
    expect(noPlate.status).toBe(400);
    expect(await messageOf(noPlate)).toBe('Please enter the vehicle plate number');
    const noReason = await gateEnter(owner, { lotId, plate: 'ABC 123', action: 'override' });
    expect(noReason.status).toBe(400);
    expect(await messageOf(noReason)).toBe('Please provide a reason for the override');
  });
});

describe('walk-ins', () => {
  it('gives a walk-in a free slot, refuses one into a full lot, and lets an audited override in', async () => {
    const lotId = await makeLot(1);
    const first = await gateEnter(owner, { lotId, plate: 'WLK 100' });
    expect(await first.json<Checkin>()).toMatchObject({ walkIn: true, slot: 'A-1', reservationId: null });
    const full = await gateEnter(owner, { lotId, plate: 'WLK 101' });
    expect(full.status).toBe(409);
    expect(await messageOf(full)).toBe('Lot is full');
    const forced = await gateEnter(owner, { lotId, plate: 'WLK 101', action: 'override', overrideReason: 'emergency' });
    expect(forced.status).toBe(201);
    const { id } = await forced.json<Checkin>();
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `checkin:${id}`));
    expect(entry).toMatchObject({ action: 'OVERRIDE_ENTRY', actor: expect.stringContaining('owner@parkada.ph') });
    expect(JSON.parse(entry.contextJson)).toMatchObject({ reason: 'emergency', plate: 'WLK 101', lotId });
  });

  it('puts a walk-in on a slot of its vehicle type, and says full when only the other type is free', async () => {
    const lotId = await makeLot(1); // A-1, a car slot
    await db().insert(slots).values({ id: newId(), lotId, label: 'M-1', level: 'G', vehicleType: 'motorcycle' });
    const motorcycle = await gateEnter(owner, { lotId, plate: 'MC 12345', vehicleType: 'motorcycle' });
    expect(await motorcycle.json<Checkin>()).toMatchObject({ walkIn: true, slot: 'M-1' });
    const secondMotorcycle = await gateEnter(owner, { lotId, plate: 'MC 12346', vehicleType: 'motorcycle' });
    expect(secondMotorcycle.status).toBe(409);
    expect(await messageOf(secondMotorcycle)).toBe('Lot is full');
    const car = await gateEnter(owner, { lotId, plate: 'CAR 1001', vehicleType: 'car' });
    expect(await car.json<Checkin>()).toMatchObject({ walkIn: true, slot: 'A-1' });
    const bad = await gateEnter(owner, { lotId, plate: 'TRK 1001', vehicleType: 'truck' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('Vehicle type must be car or motorcycle.');
  });

  it('applies a replayed offline entry once', async () => {
    const lotId = await makeLot(3);
    const headers = key();
    const body = { id: crypto.randomUUID(), lotId, plate: 'OFF 123', entryTs: new Date(Date.now() - 10 * MINUTE).toISOString() };
    const first = await gateEnter(owner, body, headers);
    const again = await gateEnter(owner, body, headers);
    expect(first.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json<Checkin>()).id).toBe(body.id);
    // Sent again under a new key (the queue lost its record of the first send): still one entry.
    expect((await (await gateEnter(owner, body)).json<Checkin>()).id).toBe(body.id);
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
      occupancy: { current: number };
    }>();
    expect(status.occupancy.current).toBe(1);
  });
});

describe('walk-in horizon', () => {
  type Status = { occupancy: { current: number; free: number; total: number }; alerts: { message: string }[] };
  const statusOf = async (lotId: string) => (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<Status>();

  it('keeps walk-ins off a slot booked within the horizon, saying until when; an override lets the car in and the lot status warns', async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    const booking = await (await reserve(cookie, { lotId, start: inMinutes(10), durationHours: 2, plate: 'BKD 100' })).json<{
      startTs: string;
      endTs: string;
    }>();
    expect((await statusOf(lotId)).occupancy).toMatchObject({ current: 0, free: 0, total: 1 });
    const refused = await gateEnter(owner, { lotId, plate: 'HRZ 100' });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toMatch(
      new RegExp(`^Sold out for walk-ins until ${formatTime(booking.endTs)}: every free slot is booked before \\d{1,2}:\\d{2}`),
    );
    expect(await countWhere(lotId)).toBe(0);
    const forced = await gateEnter(owner, { lotId, plate: 'HRZ 100', action: 'override', overrideReason: 'customer_service' });
    expect(await forced.json<Checkin>()).toMatchObject({ slot: 'A-1', walkIn: true });
    const status = await statusOf(lotId);
    expect(status.occupancy).toMatchObject({ current: 1, free: 0 });
    expect(status.alerts.map((alert) => alert.message)).toContain(
      `A walk-in let in by override is on slot A-1, booked from ${formatTime(booking.startTs)}: the booked car needs another slot.`,
    );
  });

  it("admits a walk-in when the booking starts after the lot's own horizon, or after it closes", async () => {
    const lotId = await makeLot(1);
    const { cookie } = await driver(1_000);
    expect((await reserve(cookie, { lotId, start: inMinutes(45), durationHours: 1, plate: 'BKD 200' })).status).toBe(201);
    expect((await gateEnter(owner, { lotId, plate: 'HRZ 200' })).status).toBe(409);
    const rules = { maxDuration: 24, allowOvernight: true, vehicleTypes: ['car'], walkInHorizonMinutes: 30 };
    expect((await call(`/api/owner/lots/${lotId}`, { method: 'PATCH', cookie: owner, json: { rulesJson: rules } })).status).toBe(200);
    expect((await gateEnter(owner, { lotId, plate: 'HRZ 200' })).status).toBe(201);
    const tooShort = await call(`/api/owner/lots/${lotId}`, {
      method: 'PATCH',
      cookie: owner,
      json: { rulesJson: { ...rules, walkInHorizonMinutes: 5 } },
    });
    expect(tooShort.status).toBe(400);
  });

  it('counts the cars inside as current, a reserved car come early included, and the free slots apart', async () => {
    const lotId = await makeLot(3);
    const { token } = await reservedCar(lotId, { start: inMinutes(5) });
    expect((await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).status).toBe(201);
    expect((await gateEnter(owner, { lotId, plate: 'CNT 100' })).status).toBe(201);
    expect((await statusOf(lotId)).occupancy).toMatchObject({ current: 2, free: 1, total: 3 });
  });
});

describe('an entry captured offline is judged at its time', () => {
  /** A reservation starting in a minute that the lot object's alarm has expired as a no-show (its clock run 17 minutes on). */
  async function expiredNoShow(lotId: string) {
    const car = await reservedCar(lotId);
    await runLotTimers(lotObject(env, lotId), Date.now() + 17 * MINUTE);
    expect((await reservationRow(car.booking.id)).status).toBe('EXPIRED');
    expect(await objectBooking(lotId, car.booking.id)).toBeNull();
    return car;
  }

  it('revives an expired reservation whose car was let in before the deadline: ACTIVE in D1 and the lot object, no walk-in charge, audited', async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await expiredNoShow(lotId);
    const paid = await balanceOf(user.id);
    const res = await gateEnter(owner, { id: crypto.randomUUID(), lotId, plate: 'NAB 1234', passToken: token, entryTs: inMinutes(-1) });
    expect(res.status).toBe(201);
    const checkin = await res.json<Checkin & { revived: boolean }>();
    expect(checkin).toMatchObject({ reservationId: booking.id, walkIn: false, slot: 'A-1', revived: true });
    expect(await reservationRow(booking.id)).toMatchObject({ status: 'ACTIVE' });
    expect(await objectBooking(lotId, booking.id)).toMatchObject({ slotId: expect.any(String) });
    const [revival] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REVIVE_RESERVATION'), eq(auditLogs.subject, `reservation:${booking.id}`)));
    expect(JSON.parse(revival.contextJson)).toMatchObject({ checkinId: checkin.id, plate: 'NAB 1234' });
    // The slot is the driver's again: no walk-in gets it, and the on-time exit costs nothing.
    expect(await messageOf(await gateEnter(owner, { lotId, plate: 'WLK 900' }))).toBe('Lot is full');
    expect(await (await gateExit(owner, checkin.id, { lotId, plate: 'NAB 1234' })).json<Checkin>()).toMatchObject({ amountCents: 0 });
    expect(await balanceOf(user.id)).toBe(paid);
  });

  it('finds the expired reservation by plate too, and moves it to a free slot when its own went to another car', async () => {
    const lotId = await makeLot(2);
    const { booking } = await expiredNoShow(lotId);
    const bookedSlot = (await reservationRow(booking.id)).slotId;
    // The released slot A-1 (the booked one) goes to a walk-in meanwhile.
    expect(await (await gateEnter(owner, { lotId, plate: 'WLK 901' })).json<Checkin>()).toMatchObject({ slot: 'A-1' });
    const res = await gateEnter(owner, { lotId, plate: 'NAB 1234', entryTs: inMinutes(-2) });
    expect(await res.json<Checkin>()).toMatchObject({ reservationId: booking.id, walkIn: false, slot: 'A-2' });
    const revived = await reservationRow(booking.id);
    expect(revived.status).toBe('ACTIVE');
    expect(revived.slotId).not.toBe(bookedSlot);
    expect(await objectBooking(lotId, booking.id)).toMatchObject({ slotId: revived.slotId });
  });

  it('still refuses an entry captured after the no-show deadline: the reservation stays expired', async () => {
    const lotId = await makeLot(1);
    const { booking, token } = await expiredNoShow(lotId);
    await db()
      .update(reservations)
      .set({ startTs: inMinutes(-20) })
      .where(eq(reservations.id, booking.id));
    const late = await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token });
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toMatch(/^This reservation expired/);
    expect((await reservationRow(booking.id)).status).toBe('EXPIRED');
  });
});

describe('twin entries', () => {
  const countOf = async (lotId: string, plate: string) =>
    (
      await db()
        .select()
        .from(checkins)
        .where(and(eq(checkins.lotId, lotId), eq(checkins.plate, plate)))
    ).length;

  it.each([
    ['under new keys', () => [key(), key()]],
    ['under one key', () => [key(), key()].fill(key())],
  ])('records twin walk-ins sent at once with one client id %s as one check-in, and keeps its slot taken', async (_, keys) => {
    const lotId = await makeLot(1);
    const body = { id: crypto.randomUUID(), lotId, plate: 'TWN 100' };
    const [a, b] = keys();
    const answers = await Promise.all([gateEnter(owner, body, a), gateEnter(owner, body, b)]);
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      expect((await res.json<Checkin>()).id).toBe(body.id);
    }
    expect(await countOf(lotId, 'TWN 100')).toBe(1);
    // The loser did not free the winner's slot: the one slot is the twin's, and the next car is refused.
    const next = await gateEnter(owner, { lotId, plate: 'TWN 101' });
    expect(next.status).toBe(409);
    expect(await messageOf(next)).toBe('Lot is full');
  });

  it('records twin entries on one pass sent at once as one check-in', async () => {
    const lotId = await makeLot(2);
    const { booking, token } = await reservedCar(lotId);
    const body = { id: crypto.randomUUID(), lotId, plate: 'NAB 1234', passToken: token };
    const answers = await Promise.all([gateEnter(owner, body), gateEnter(owner, body)]);
    for (const res of answers) expect((await res.json<Checkin>()).reservationId).toBe(booking.id);
    expect(await countOf(lotId, 'NAB 1234')).toBe(1);
  });
});

describe('reconciliation', () => {
  it("makes the lot object's walk-ins D1's open check-ins when a shift ends", async () => {
    const lotId = await makeLot(2);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
    const inside = await (await gateEnter(owner, { lotId, plate: 'REC 100' })).json<Checkin>();
    // Drift: the object forgets the car inside and counts a car D1 never recorded.
    const stub = lotObject(env, lotId);
    const longAgo = Date.now() - 10 * MINUTE;
    await stub.releaseWalkIn(inside.id, longAgo);
    const slots = [{ id: crypto.randomUUID(), label: 'X-1', accessible: false, evCharging: false, vehicleType: 'car' as const }];
    await stub.admitWalkIn({ untilMs: Date.now() + HOUR / 2, checkinId: crypto.randomUUID(), slots, force: true }, longAgo);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } })).status).toBe(200);
    // Two slots, one car inside: one more is let in, the next is not.
    expect((await gateEnter(owner, { lotId, plate: 'REC 101' })).status).toBe(201);
    expect(await messageOf(await gateEnter(owner, { lotId, plate: 'REC 102' }))).toBe('Lot is full');
  });
});

describe('exit and charges', () => {
  it('an on-time exit costs nothing more and completes the reservation, freeing the slot', async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const res = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(res.status).toBe(200);
    expect(await res.json<Checkin>()).toMatchObject({ amountCents: 0, paidBy: null, receiptId: expect.any(String) });
    expect((await reservationRow(booking.id)).status).toBe('COMPLETED');
    expect(await balanceOf(user.id)).toBe(96_000);
    const second = await gateExit(owner, id, { lotId, plate: 'NAB 1234' });
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toMatch(/^This stay was already checked out at /);
    expect((await reserve((await driver(1_000)).cookie, { lotId, start: inMinutes(5), durationHours: 1 })).status).toBe(201);
  });

  it('charges 61 minutes over as two started hours from the wallet, reissuing the receipt and earning points', async () => {
    const { user, cookie, closed } = await overstayedOneHour();
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(user.id)).toBe(100_000 - 4_000 - 8_000);
    const receipt = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{
      amountCents: number;
      number: string;
      replaces: { number: string } | null;
      lines: { label: string; amountCents: number }[];
    }>();
    expect(receipt.amountCents).toBe(12_000);
    // The booking's receipt (1) was voided (2) and this one (3) replaces it, all in the lot's series.
    expect(receipt.number.endsWith('-000003')).toBe(true);
    expect(receipt.replaces?.number.endsWith('-000001')).toBe(true);
    expect(receipt.lines.map((line) => line.label)).toEqual(['Parking', 'Overstay']);
    expect((await db().select().from(wallets).where(eq(wallets.userId, user.id)))[0].points).toBe(12);
  });

  it("records cash when the driver's wallet cannot cover the overstay, and the receipt names each line's method as the ledger does", async () => {
    const lotId = await makeLot(1);
    const { user, cookie, booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    await db()
      .update(reservations)
      .set({ startTs: new Date(Date.now() - 50 * HOUR).toISOString(), endTs: new Date(Date.now() - 49 * HOUR).toISOString() })
      .where(eq(reservations.id, booking.id));
    const closed = await (await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).json<Checkin>();
    expect(closed).toMatchObject({ amountCents: 49 * 4_000, paidBy: 'cash' });
    expect(await balanceOf(user.id)).toBe(96_000);
    const receipt = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<{
      paymentMethod: string;
      lines: { label: string; amountCents: number; method: string }[];
    }>();
    expect(receipt.paymentMethod).toBe('Parkada Wallet and cash at the gate');
    expect(receipt.lines.map(({ label, amountCents, method }) => ({ label, amountCents, method }))).toEqual([
      { label: 'Parking', amountCents: 4_000, method: 'Parkada Wallet' },
      { label: 'Overstay', amountCents: 49 * 4_000, method: 'cash at the gate' },
    ]);
    // The wallet's ledger holds what the receipt says the wallet paid, and nothing of the cash.
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.reservationId, booking.id));
    expect(ledger.map((row) => row.amountCents)).toEqual([-4_000]);
  });

  it('charges a walk-in of 3 h 5 min four hours in cash: a saved plate alone moves no money and puts the stay in no History', async () => {
    const lotId = await makeLot(2);
    const known = await driver(1_000);
    await call('/api/user/vehicles', { method: 'POST', cookie: known.cookie, json: { plate: 'KNW 555', make: 'Toyota', model: 'Vios' } });
    const stranger = await walkIn(lotId, 'STR 777', 3 * 60 + 5);
    const regular = await walkIn(lotId, 'KNW 555', 3 * 60 + 5);
    const cash = await (await gateExit(owner, stranger.id, { lotId, plate: 'STR 777' })).json<Checkin>();
    expect(cash).toMatchObject({ amountCents: 16_000, paidBy: 'cash', receiptId: null });
    const plateOnly = await (await gateExit(owner, regular.id, { lotId, plate: 'KNW 555' })).json<Checkin>();
    expect(plateOnly).toMatchObject({ amountCents: 16_000, paidBy: 'cash', receiptId: null, reservationId: null });
    expect(await balanceOf(known.user.id)).toBe(100_000);
    const past = await (await call('/api/reservations?tab=past', { cookie: known.cookie })).json<{ items: unknown[] }>();
    expect(past.items).toEqual([]);
  });

  it('pays a walk-in from the wallet of the driver who shows a pay code, once; refuses an expired, forged or spent code and a short wallet, changing nothing', async () => {
    const lotId = await makeLot(4);
    const payer = await driver(1_000);
    const payCode = (cookie = payer.cookie) => payCodeFor(cookie, lotId);
    const code = await payCode();
    const stay = await walkIn(lotId, 'PAY 888', 3 * 60 + 5);
    const paid = await (await gateExit(owner, stay.id, { lotId, plate: 'PAY 888', payCode: code })).json<Checkin>();
    expect(paid).toMatchObject({ amountCents: 16_000, paidBy: 'wallet', receiptId: expect.any(String) });
    expect(await balanceOf(payer.user.id)).toBe(84_000);
    const past = await (await call('/api/reservations?tab=past', { cookie: payer.cookie })).json<{
      items: { status: string; amountCents: number }[];
    }>();
    expect(past.items).toMatchObject([{ status: 'COMPLETED', amountCents: 16_000 }]);
    const notices = await (await call('/api/notifications', { cookie: payer.cookie })).json<{ items: { message: string }[] }>();
    expect(notices.items.map((notice) => notice.message)).toContainEqual(expect.stringContaining('₱160.00'));

    // Each refusal leaves the stay open and the wallet as it was.
    const next = await walkIn(lotId, 'PAY 889', 60);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ payCode: code }, 409, PAY_CODE_USED],
      [{ payCode: (await reservedCar(lotId)).token }, 409, 'This pay code is not genuine.'],
      [{ payCode: `${code.slice(0, -4)}AAAA` }, 409, 'This pay code is not genuine.'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', ...body });
      expect(res.status, message).toBe(status);
      expect(await messageOf(res)).toBe(message);
    }
    const consent = { lotId, lotName: 'Test Lot', limitCents: 100_000 };
    const expired = await signPayCode(env, payer.user.id, consent, new Date(Date.now() - 6 * MINUTE));
    const late = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', payCode: expired.token });
    expect(await messageOf(late)).toBe('This pay code expired: ask the driver to show a new one.');
    const poor = await driver(10);
    const short = await gateExit(owner, next.id, { lotId, plate: 'PAY 889', payCode: await payCode(poor.cookie) });
    expect(short.status).toBe(409);
    expect(await messageOf(short)).toBe(
      "The driver's wallet holds ₱10.00, short of ₱40.00: collect cash, or ask them to top up and show a new code.",
    );
    expect(await balanceOf(payer.user.id)).toBe(84_000);
    expect(await balanceOf(poor.user.id)).toBe(1_000);
    const [open] = await db().select().from(checkins).where(eq(checkins.id, next.id));
    expect(open.exitTs).toBeNull();
  });

  it('spends a pay code only at its lot and up to its limit, moving no money otherwise; it still pays where it belongs, and its driver is told at once', async () => {
    const lotId = await makeLot(2);
    const elsewhere = await makeLot(1);
    const [{ name }] = await db().select({ name: lots.name }).from(lots).where(eq(lots.id, lotId));
    const payer = await driver(1_000);
    const code = await payCodeFor(payer.cookie, lotId, 20_000);
    const away = await walkIn(elsewhere, 'FRT 100', 65);
    const long = await walkIn(lotId, 'GRN 300', 5 * 60 + 5);
    const refusals: [string, string, string][] = [
      [elsewhere, away.id, `This pay code is for ${name}, not this lot.`],
      [lotId, long.id, "This stay costs ₱240.00, above the pay code's limit of ₱200.00."],
    ];
    for (const [lot, stayId, message] of refusals) {
      const res = await gateExit(owner, stayId, { lotId: lot, plate: stayId === away.id ? 'FRT 100' : 'GRN 300', payCode: code });
      expect(res.status, message).toBe(409);
      expect(await messageOf(res)).toBe(message);
      expect((await findCheckin(db(), stayId))?.exitTs).toBeNull();
    }
    expect(await balanceOf(payer.user.id)).toBe(100_000);
    const short = await walkIn(lotId, 'GRN 301', 65);
    const paid = await gateExit(owner, short.id, { lotId, plate: 'GRN 301', payCode: code });
    expect(await paid.json<Checkin>()).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(payer.user.id)).toBe(92_000);
    const notices = await (await call('/api/notifications', { cookie: payer.cookie })).json<{
      items: { title: string; message: string }[];
    }>();
    expect(notices.items).toContainEqual(
      expect.objectContaining({
        title: 'Pay code used',
        message: `Your pay code paid ₱80.00 from your wallet at ${name}, for the stay of GRN 301.`,
      }),
    );
  });

  it("takes an overstay from the reservation's wallet only up to a day's price: above it the gate collects it all, in cash or with a pay code", async () => {
    const lotId = await makeLot(2);
    /** A car in on its reservation, which ended a day and a minute ago: 25 started hours at ₱40, above the day's ₱960. */
    const overstayedADay = async (plate: string) => {
      const car = await reservedCar(lotId, { plate, pesos: 3_000 });
      const { id } = await (await gateEnter(owner, { lotId, plate, passToken: car.token })).json<Checkin>();
      const end = Date.now() - 24 * HOUR - MINUTE;
      await db()
        .update(reservations)
        .set({ startTs: new Date(end - HOUR).toISOString(), endTs: new Date(end).toISOString() })
        .where(eq(reservations.id, car.booking.id));
      return { ...car, id };
    };
    const capped = await overstayedADay('CAP 100');
    const cash = await gateExit(owner, capped.id, { lotId, plate: 'CAP 100' });
    expect(await cash.json<Checkin>()).toMatchObject({ amountCents: 100_000, paidBy: 'cash', walletCapCents: 96_000 });
    expect(await balanceOf(capped.user.id)).toBe(300_000 - 4_000);
    const consented = await overstayedADay('CAP 200');
    const payCode = await payCodeFor(consented.cookie, lotId, 100_000);
    const paid = await gateExit(owner, consented.id, { lotId, plate: 'CAP 200', payCode });
    expect(await paid.json<Checkin>()).toMatchObject({ amountCents: 100_000, paidBy: 'wallet', walletCapCents: null });
    expect(await balanceOf(consented.user.id)).toBe(300_000 - 4_000 - 100_000);
  });

  it('prices gate hours at the applied dynamic rates: an overstay hour by hour, a walk-in as a booking with its tier discount', async () => {
    const lotId = await makeLot(2, { progressive: true });
    const applied = Object.fromEntries(
      PRICE_BANDS.map((band) => [band, { rateCents: 6_000, appliedAt: new Date(Date.now() - 30 * 24 * HOUR).toISOString() }]),
    );
    await db()
      .update(pricing)
      .set({ dynamicEnabled: true, bandRatesJson: JSON.stringify(applied) })
      .where(eq(pricing.lotId, lotId));

    // 3 h 5 min is four started hours at ₱60; four hours reach the ×0.9 tier.
    const stay = await walkIn(lotId, 'STR 778', 3 * 60 + 5);
    expect(await (await gateExit(owner, stay.id, { lotId, plate: 'STR 778' })).json<Checkin>()).toMatchObject({ amountCents: 21_600 });

    // 61 minutes late is two hours at ₱60, with no discount.
    const { booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const end = Date.now() - 61 * MINUTE;
    await db()
      .update(reservations)
      .set({ startTs: new Date(end - HOUR).toISOString(), endTs: new Date(end).toISOString() })
      .where(eq(reservations.id, booking.id));
    expect(await (await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).json<Checkin>()).toMatchObject({ amountCents: 12_000 });
  });

  it('refuses a plate that is not the car checked in, unless overridden', async () => {
    const lotId = await makeLot(1);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'WLK 200' })).json<Checkin>();
    const wrong = await gateExit(owner, id, { lotId, plate: 'WLK 201' });
    expect(wrong.status).toBe(409);
    expect((await gateExit(owner, id, { lotId, plate: 'WLK 201', action: 'override', overrideReason: 'customer_service' })).status).toBe(
      200,
    );
  });
});

describe('refunds of gate charges', () => {
  const refund = (cookie: string, checkinId: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
    call(`/api/owner/checkins/${checkinId}/refund`, { method: 'POST', cookie, json, headers });

  it('pays part of a wallet overstay back to the wallet, once per key, never beyond the charge: ledger row, audit, receipt voided and reissued', async () => {
    const { user, cookie, booking, closed } = await overstayedOneHour();
    const { id } = closed;
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    const before = await balanceOf(user.id);

    const headers = key();
    const body = { amountCents: 3_000, reason: 'Barrier stuck at the exit' };
    const first = await refund(owner, id, body, headers);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ checkinId: id, amountCents: 3_000, method: 'wallet', refundedCents: 3_000 });
    expect((await refund(owner, id, body, headers)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await balanceOf(user.id)).toBe(before + 3_000);
    const [credit] = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.reservationId, booking.id), eq(walletTransactions.type, 'REFUND')));
    expect(credit).toMatchObject({ amountCents: 3_000, description: expect.stringContaining('Barrier stuck at the exit') });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `checkin:${id}`)));
    expect(audit.actor).toContain('owner@parkada.ph');
    expect(JSON.parse(audit.contextJson)).toMatchObject({ amountCents: 3_000, reason: 'Barrier stuck at the exit', to: 'wallet' });
    // The receipt of the check-out is voided by a new numbered document; a new receipt for the rest replaces it.
    type Document = {
      number: string;
      amountCents: number;
      lines: { label: string; amountCents: number; method: string }[];
      id: string;
      voidedBy: { number: string } | null;
      replacedBy: { id: string; number: string } | null;
      replaces: { id: string; number: string } | null;
    };
    const voided = await (await call(`/api/receipts/${closed.receiptId}`, { cookie })).json<Document>();
    expect(voided).toMatchObject({ amountCents: 12_000, voidedBy: { number: expect.any(String) }, replacedBy: { id: expect.any(String) } });
    const receipt = await (await call(`/api/receipts/${voided.replacedBy!.id}`, { cookie })).json<Document>();
    expect(receipt).toMatchObject({
      amountCents: 12_000 - 3_000,
      voidedBy: null,
      replaces: { id: closed.receiptId, number: voided.number },
    });
    expect(receipt.lines.at(-1)).toMatchObject({ label: 'Refund by the lot', amountCents: -3_000, method: 'Parkada Wallet' });
    expect(voided.lines.map((line) => line.label)).toEqual(['Parking', 'Overstay']);
    // The gate's records open the current receipt.
    expect((await findCheckin(db(), id))?.receiptId).toBe(receipt.id);

    const tooMuch = await refund(owner, id, { amountCents: 5_001, reason: 'Goodwill' });
    expect(tooMuch.status).toBe(409);
    expect(await messageOf(tooMuch)).toBe('At most ₱50.00 of this ₱80.00 charge is left to refund.');
    // Two refunds of the rest at once: one is paid, the other refused; the wallet gets the charge back once.
    const race = await Promise.all([
      refund(owner, id, { amountCents: 5_000, reason: 'Goodwill' }),
      refund(owner, id, { amountCents: 5_000, reason: 'Goodwill' }),
    ]);
    expect(race.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await balanceOf(user.id)).toBe(before + 8_000);
  });

  it("pays a charge back to the wallet of the pay code's driver who paid it, not the reservation's", async () => {
    const friend = await driver(1_000);
    const { user, closed } = await overstayedOneHour(async (lotId) => ({ payCode: await payCodeFor(friend.cookie, lotId) }));
    expect(closed).toMatchObject({ amountCents: 8_000, paidBy: 'wallet' });
    expect(await balanceOf(friend.user.id)).toBe(100_000 - 8_000);
    const holder = await balanceOf(user.id);
    const res = await refund(owner, closed.id, { amountCents: 3_000, reason: 'Barrier stuck at the exit' });
    expect(await res.json()).toMatchObject({ method: 'wallet', refundedCents: 3_000 });
    expect(await balanceOf(friend.user.id)).toBe(100_000 - 5_000);
    expect(await balanceOf(user.id)).toBe(holder);
  });

  it("pays a cash walk-in back in cash: the lot's revenue drops, no wallet moves; a driver, an attendant or another owner cannot refund", async () => {
    const lotId = await makeLot(1);
    const stay = await walkIn(lotId, 'CSH 100', 65);
    expect(await (await gateExit(owner, stay.id, { lotId, plate: 'CSH 100' })).json<Checkin>()).toMatchObject({
      amountCents: 8_000,
      paidBy: 'cash',
    });
    const { cookie: driverCookie } = await driver(10);
    for (const cookie of [driverCookie, attendant])
      expect((await refund(cookie, stay.id, { amountCents: 100, reason: 'Mine' })).status).toBe(403);
    const revenue = () => moneyTotal(db(), { ownerId: null, lotId }, { from: new Date(0), to: new Date(Date.now() + HOUR) });
    expect(await revenue()).toBe(8_000);
    const res = await refund(owner, stay.id, { amountCents: 8_000, reason: 'Charged the wrong car' });
    expect(await revenue()).toBe(0);
    expect(await res.json()).toMatchObject({ method: 'cash', refundedCents: 8_000 });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'REFUND'), eq(auditLogs.subject, `checkin:${stay.id}`)));
    expect(JSON.parse(audit.contextJson)).toMatchObject({ to: 'cash', reason: 'Charged the wrong car', plate: 'CSH 100' });
    const bad = await refund(owner, stay.id, { amountCents: 0, reason: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('times and cars at the gate', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
  const auditOf = async (action: (typeof auditLogs.$inferSelect)['action'], checkinId: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.subject, `checkin:${checkinId}`)));

  it('takes an entry time at most 15 minutes back and not before the shift began; earlier needs an audited override', async () => {
    const lotId = await makeLot(4);
    expect((await gateEnter(owner, { lotId, plate: 'OFF 010', entryTs: minutesAgo(10) })).status).toBe(201);
    const old = await gateEnter(owner, { lotId, plate: 'OFF 020', entryTs: minutesAgo(20) });
    expect(old.status).toBe(409);
    expect(await messageOf(old)).toBe(
      'An entry time more than 15 minutes back, or before your shift began, needs an override with a reason.',
    );
    const overridden = await (
      await gateEnter(owner, { lotId, plate: 'OFF 020', entryTs: minutesAgo(20), action: 'override', overrideReason: 'system_error' })
    ).json<Checkin>();
    expect(Date.parse(overridden.entryTs)).toBeLessThan(Date.now() - 19 * MINUTE);
    const [entry] = await auditOf('OVERRIDE_ENTRY', overridden.id);
    expect(JSON.parse(entry.contextJson)).toMatchObject({ reason: 'system_error', entryTs: overridden.entryTs });
    expect((await gateEnter(owner, { lotId, plate: 'OFF 030', entryTs: minutesAgo(25 * 60) })).status).toBe(400);

    // A shift that began now: five minutes back is before it.
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
    expect((await gateEnter(owner, { lotId, plate: 'OFF 040', entryTs: minutesAgo(5) })).status).toBe(409);
    await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } });
  });

  it('prices an exit at the server’s time: an exit time one minute after a ten-hour-old entry is refused, unless overridden and audited', async () => {
    const lotId = await makeLot(2);
    const long = await walkIn(lotId, 'SKM 100', 10 * 60);
    const skimmed = await gateExit(owner, long.id, {
      lotId,
      plate: 'SKM 100',
      exitTs: new Date(Date.parse(long.entryTs) + MINUTE).toISOString(),
    });
    expect(skimmed.status).toBe(409);
    const [row] = await db().select().from(checkins).where(eq(checkins.id, long.id));
    expect(row.exitTs).toBeNull();
    expect(await (await gateExit(owner, long.id, { lotId, plate: 'SKM 100' })).json<Checkin>()).toMatchObject({ amountCents: 40_000 });

    const other = await walkIn(lotId, 'SKM 200', 10 * 60);
    const exitTs = new Date(Date.now() - 9 * 60 * MINUTE).toISOString();
    const overridden = await gateExit(owner, other.id, {
      lotId,
      plate: 'SKM 200',
      exitTs,
      action: 'override',
      overrideReason: 'system_error',
    });
    expect(await overridden.json()).toMatchObject({ amountCents: 4_000, exitTs });
    const [entry] = await auditOf('OVERRIDE_EXIT', other.id);
    expect(JSON.parse(entry.contextJson)).toMatchObject({ reason: 'system_error', exitTs, amountCents: 4_000 });
  });

  it('lets a car out only when the exit names it, by plate or by the pass it entered on', async () => {
    const lotId = await makeLot(3);
    const mine = await reservedCar(lotId, { plate: 'PSS 100' });
    const theirs = await reservedCar(lotId, { plate: 'PSS 200' });
    const { id } = await (await gateEnter(owner, { lotId, plate: 'PSS 100', passToken: mine.token })).json<Checkin>();
    const unnamed = await gateExit(owner, id, { lotId });
    expect(unnamed.status).toBe(400);
    expect(await messageOf(unnamed)).toBe(NAME_THE_CAR);
    const wrongPass = await gateExit(owner, id, { lotId, passToken: theirs.token });
    expect(wrongPass.status).toBe(409);
    expect(await messageOf(wrongPass)).toBe('This pass is not the one the car checked in as PSS 100 entered on.');
    expect((await gateExit(owner, id, { lotId, passToken: mine.token })).status).toBe(200);
  });
});

describe('who works where', () => {
  it('an attendant of lot A acting on lot B gets 403 and changes nothing', async () => {
    const lotA = await makeLot(1);
    const lotB = await makeLot(1);
    const [{ id: attendantId }] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.role === 'attendant')!.email));
    await db().insert(attendantAssignments).values({ id: newId(), attendantId, lotId: lotA });
    expect((await gateEnter(attendant, { lotId: lotA, plate: 'ABC 100' })).status).toBe(201);
    const refused = await gateEnter(attendant, { lotId: lotB, plate: 'ABC 101' });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('You do not work at this parking lot.');
    for (const path of [
      `/api/attendant/lot-status?lotId=${lotB}`,
      `/api/attendant/activity?lotId=${lotB}`,
      `/api/attendant/shift?lotId=${lotB}`,
      `/api/passes/revoked?lotId=${lotB}`,
    ]) {
      expect((await call(path, { cookie: attendant })).status).toBe(403);
    }
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotB}`, { cookie: owner })).json<{
      occupancy: { current: number };
    }>();
    expect(status.occupancy.current).toBe(0);
  });

  it('counts the cars expected within the no-show grace in force, and says which window it counted', async () => {
    const admin = await cookieFor('super_admin');
    const lotId = await makeLot(3);
    const { booking } = await reservedCar(lotId);
    const statusOf = async () =>
      (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
        waitingQueue: number;
        arrivingWithinMinutes: number;
      }>();
    expect(await statusOf()).toMatchObject({ waitingQueue: 1, arrivingWithinMinutes: 15 });
    expect((await call('/api/admin/settings', { method: 'PATCH', cookie: admin, json: { noShowGraceMinutes: 30 } })).status).toBe(200);
    try {
      // 20 minutes away: outside a 15-minute window, inside a 30-minute one.
      await db()
        .update(reservations)
        .set({ startTs: inMinutes(20), endTs: inMinutes(80) })
        .where(eq(reservations.id, booking.id));
      expect(await statusOf()).toMatchObject({ waitingQueue: 1, arrivingWithinMinutes: 30 });
    } finally {
      await call('/api/admin/settings', { method: 'PATCH', cookie: admin, json: { noShowGraceMinutes: 15 } });
    }
  });

  it('answers the super admin 404 for a lot that does not exist, at every gate call, and records nothing', async () => {
    const admin = await cookieFor('super_admin');
    const lotId = crypto.randomUUID();
    const answers = await Promise.all([
      call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: admin }),
      call(`/api/attendant/activity?lotId=${lotId}`, { cookie: admin }),
      call(`/api/attendant/shift?lotId=${lotId}`, { cookie: admin }),
      call('/api/attendant/shift', { method: 'POST', cookie: admin, json: { lotId, action: 'start' } }),
      call('/api/attendant/issues', { method: 'POST', cookie: admin, json: { lotId, text: 'Barrier stuck' } }),
      gateEnter(admin, { lotId, plate: 'ABC 404' }),
    ]);
    for (const res of answers) {
      expect(res.status, res.url).toBe(404);
      expect(await messageOf(res)).toBe('Parking lot not found');
    }
  });
});

describe('undo, shift and portal figures', () => {
  it('undoes a check-in within 5 minutes (audited) and puts the reservation back', async () => {
    const lotId = await makeLot(1);
    const { booking, token } = await reservedCar(lotId);
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    const res = await call(`/api/checkins/${id}/undo`, { method: 'POST', cookie: owner, json: { lotId }, headers: key() });
    expect(res.status).toBe(200);
    expect((await reservationRow(booking.id)).status).toBe('CONFIRMED');
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'UNDO_CHECKIN'), eq(auditLogs.subject, `checkin:${id}`))),
    ).toHaveLength(1);
    // The pass works again.
    expect((await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).status).toBe(201);
  });

  it("counts a shift's entries, exits, money and issues from the records", async () => {
    const lotId = await makeLot(3);
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'start' } })).status).toBe(201);
    const { token } = await reservedCar(lotId);
    await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token });
    const stay = await walkIn(lotId, 'WLK 300', 90);
    await gateExit(owner, stay.id, { lotId, plate: 'WLK 300' });
    const issue = await (
      await call('/api/attendant/issues', { method: 'POST', cookie: owner, json: { lotId, text: 'Ticket printer jammed' } })
    ).json<{ id: string }>();
    const shift = await (await call(`/api/attendant/shift?lotId=${lotId}`, { cookie: owner })).json<Record<string, number>>();
    expect(shift).toMatchObject({ checkins: 2, checkouts: 1, collected: 8_000, collectedCash: 8_000, collectedWallet: 0, issues: 1 });
    const activity = await (await call(`/api/attendant/activity?lotId=${lotId}`, { cookie: owner })).json<
      { type: string; plate: string | null; amount: number | null; undoable: boolean }[]
    >();
    expect(activity.map((item) => item.type).sort()).toEqual(['checkin', 'checkin', 'checkout', 'issue']);
    expect(activity.find((item) => item.type === 'checkout')).toMatchObject({ plate: 'WLK 300', amount: 8_000 });
    expect((await call(`/api/attendant/issues/${issue.id}/resolve`, { method: 'POST', cookie: owner, json: { lotId } })).status).toBe(200);
    const status = await (await call(`/api/attendant/lot-status?lotId=${lotId}`, { cookie: owner })).json<{
      occupancy: { current: number; total: number };
      stats: Record<string, unknown>;
    }>();
    expect(status.occupancy).toMatchObject({ current: 1, total: 3 });
    expect(status.stats).toMatchObject({ averageStayMinutes: 90, issuesToday: 1 });
    const ended = await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } });
    expect(await ended.json()).toMatchObject({ checkins: 2, endTime: expect.any(String) });
    expect((await call('/api/attendant/shift', { method: 'POST', cookie: owner, json: { lotId, action: 'end' } })).status).toBe(409);
  });

  it('lists the passes of a lot that must not enter any more', async () => {
    const lotId = await makeLot(2);
    const cancelled = await reservedCar(lotId);
    await call(`/api/reservations/${cancelled.booking.id}/cancel`, { method: 'POST', cookie: cancelled.cookie, headers: key() });
    const fine = await reservedCar(lotId);
    const { reservationIds } = await (await call(`/api/passes/revoked?lotId=${lotId}`, { cookie: owner })).json<{
      reservationIds: string[];
    }>();
    expect(reservationIds).toContain(cancelled.booking.id);
    expect(reservationIds).not.toContain(fine.booking.id);
  });
});
