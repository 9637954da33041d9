/** Entries at the gate: walk-ins and their slots, the walk-in horizon, twins, entry times (entry.service.ts). */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../core/time';
import { newId } from '../db/ids';
import { auditLogs, checkins, slots } from '../db/schema';
import { driver, inMinutes, makeLot, MINUTE, reserve } from '../test/booking-fixtures';
import { atTheGate, auditOf, countWhere, gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call, db, key, messageOf } from '../test/helpers';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
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

describe('entry times', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

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
});
