/** What a car enters on: its reservation, from its pass, its id or its plate (entry-booking.service.ts). */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../db/schema';
import { refusalResponse } from '../http/errors';
import { DEMO_ACCOUNTS } from '../seed/seed';
import { HOUR, makeLot, MINUTE, reservationRow } from '../test/booking-fixtures';
import { atTheGate, countWhere, gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { call, db, key, messageOf } from '../test/helpers';
import type { GateReservation } from './checkins.data';
import { enteringOn } from './entry-booking.service';
import { enter } from './entry.service';

let owner = '';
beforeAll(async () => {
  ({ owner } = await atTheGate());
});

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

describe('whether a car enters on the reservation it names, judged at its time', () => {
  const start = Date.parse('2026-03-02T02:00:00.000Z');
  const booked = (status: GateReservation['status'] = 'CONFIRMED'): GateReservation => ({
    id: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    lotId: 'lot-a',
    lotName: 'Ayala Lot',
    status,
    version: 1,
    slotId: 'slot-1',
    slotLabel: 'A-1',
    startTs: new Date(start).toISOString(),
    endTs: new Date(start + HOUR).toISOString(),
    amountCents: 4_000,
    vehiclePlate: 'NAB 1234',
  });
  const judged = (
    reservation: GateReservation,
    atMs: number,
    by: { override?: boolean; passToken?: string; plate?: string; lotId?: string } = {},
  ) =>
    enteringOn(
      reservation,
      { lotId: by.lotId ?? 'lot-a', plate: by.plate ?? 'NAB 1234', passToken: by.passToken },
      { at: new Date(atMs), override: by.override ?? false, graceMinutes: 15 },
    );

  it('lets the booked car in from 15 minutes before its start until its end; without a pass, not outside those times', () => {
    const reservation = booked();
    expect(judged(reservation, start - 15 * MINUTE)).toBe(reservation);
    expect(judged(reservation, start + HOUR - MINUTE)).toBe(reservation);
    expect(() => judged(reservation, start - 16 * MINUTE)).toThrow(/^This reservation starts at .+; come back from .+\.$/);
    expect(() => judged(reservation, start + HOUR)).toThrow(/^This reservation ended at /);
    // A pass carries its own times (checked when it was verified), and an override lets the car in.
    expect(judged(reservation, start - HOUR, { passToken: 'a verified pass' })).toBe(reservation);
    expect(judged(reservation, start + 2 * HOUR, { override: true })).toBe(reservation);
  });

  it('refuses another lot, even under an override, and another car unless overridden', () => {
    const reservation = booked();
    expect(() => judged(reservation, start, { lotId: 'lot-b', override: true })).toThrow('This pass is for Ayala Lot, not this lot.');
    expect(() => judged(reservation, start, { plate: 'ABC 5678' })).toThrow('This reservation is for NAB 1234, not ABC 5678.');
    expect(judged(reservation, start, { plate: 'ABC 5678', override: true })).toBe(reservation);
  });

  it('answers a no-show captured before its deadline; after it, an override lets the car in as a walk-in, nothing else does', () => {
    const expired = booked('EXPIRED');
    expect(judged(expired, start + 14 * MINUTE)).toBe(expired);
    expect(() => judged(expired, start + 15 * MINUTE)).toThrow(/^This reservation expired: nobody arrived in time/);
    expect(judged(expired, start + 15 * MINUTE, { override: true })).toBeNull();
    for (const status of ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const)
      expect(() => judged(booked(status), start, { override: true }), status).toThrow(
        /^This reservation (is already checked in \(slot A-1\)|was already used|was cancelled)/,
      );
  });
});
