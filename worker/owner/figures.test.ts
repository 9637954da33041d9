import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../core/booking';
import { app } from '../app';
import { newId } from '../db/ids';
import { charges, checkins, lots, reservations, slots, users } from '../db/schema';
import { ALWAYS } from '../test/booking-fixtures';
import { db, seedOnce, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';
import { lotPerformance, ownerKpis, ownerReport } from './figures.service';

/**
 * A small hand-built history, in Manila time, over two days (Mon 2 and Tue 3 March 2026) and the two
 * days before them (the previous period). Lot A has 2 slots open 08:00–18:00 (10 open hours a day,
 * 20 slot-hours); lot B has 1 slot open all day (24 slot-hours). Each day offers 44 slot-hours.
 */
const at = (day: string, time: string) => new Date(`2026-03-${day}T${time}:00+08:00`).toISOString();

async function person(role: 'owner_admin' | 'parking_user', email?: string) {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody(email ? { email } : {});
  const user = await createAccount(db(), {
    ...fields,
    phone,
    passwordHash: 'x',
    signupRole: role === 'owner_admin' ? 'space_owner' : 'parking_user',
  });
  if (role === 'owner_admin') await db().update(users).set({ role }).where(eq(users.id, user.id));
  return { user, api: testClient(app, env, undefined, { headers: { Cookie: await signedInAs(user.id) } }).api };
}

async function lot(ownerId: string, name: string, slotCount: number, hours: object) {
  const id = newId();
  await db()
    .insert(lots)
    .values({ id, ownerId, name, geoLat: 14.55, geoLng: 121.02, hoursJson: JSON.stringify(hours), isApproved: true });
  for (let i = 1; i <= slotCount; i++)
    await db()
      .insert(slots)
      .values({ id: newId(), lotId: id, label: `A-${i}` });
  return id;
}

type Stay = {
  lotId: string;
  userId: string;
  start: string;
  end: string;
  status?: 'COMPLETED' | 'CANCELLED';
  charges: [kind: (typeof charges.$inferInsert)['kind'], cents: number, at: string][];
};
async function booking({ lotId, userId, start, end, status = 'COMPLETED', charges: money }: Stay) {
  const id = newId();
  await db().insert(reservations).values({ id, lotId, userId, status, startTs: start, endTs: end, amountCents: 0 });
  for (const [kind, amountCents, createdAt] of money)
    await db().insert(charges).values({ id: newId(), reservationId: id, kind, amountCents, createdAt });
  return id;
}

const owner = { id: '', api: null as unknown as Awaited<ReturnType<typeof person>>['api'] };
let lotA = '';
let lotB = '';
let elsewhere = '';

beforeAll(async () => {
  await seedOnce();
  const me = await person('owner_admin');
  Object.assign(owner, { id: me.user.id, api: me.api });
  const [u1, u2, u3] = await Promise.all([
    person('parking_user', 'maria.santos@example.ph'),
    person('parking_user', 'jose.rizal@example.ph'),
    person('parking_user', 'ana@example.ph'),
  ]);
  lotA = await lot(owner.id, 'Lot A', 2, Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '08:00', close: '18:00' }])));
  lotB = await lot(owner.id, 'Lot B', 1, ALWAYS);

  // Previous period: Sunday 1 March, 10:00–12:00 at lot A.
  await booking({
    lotId: lotA,
    userId: u1.user.id,
    start: at('01', '10:00'),
    end: at('01', '12:00'),
    charges: [['BOOKING', 8000, at('01', '09:00')]],
  });
  // Monday.
  await booking({
    lotId: lotA,
    userId: u1.user.id,
    start: at('02', '09:00'),
    end: at('02', '12:00'),
    charges: [
      ['BOOKING', 8000, at('02', '08:30')],
      ['EXTENSION', 4000, at('02', '10:30')],
    ],
  });
  await booking({
    lotId: lotA,
    userId: u2.user.id,
    start: at('02', '10:00'),
    end: at('02', '11:30'),
    charges: [
      ['BOOKING', 6000, at('02', '09:00')],
      ['OVERSTAY', 2000, at('02', '12:00')],
    ],
  });
  await booking({
    lotId: lotA,
    userId: u3.user.id,
    start: at('03', '09:00'),
    end: at('03', '10:00'),
    status: 'CANCELLED',
    charges: [
      ['BOOKING', 4000, at('02', '20:00')],
      ['REFUND', -4000, at('03', '08:00')],
    ],
  });
  await booking({
    lotId: lotB,
    userId: u2.user.id,
    start: at('02', '23:00'),
    end: at('03', '07:00'),
    charges: [['BOOKING', 20000, at('02', '22:00')]],
  });
  // Tuesday: a stay running past closing, a known driver's walk-in (a completed reservation) and a walk-in nobody booked.
  await booking({
    lotId: lotA,
    userId: u1.user.id,
    start: at('03', '17:00'),
    end: at('03', '20:00'),
    charges: [['BOOKING', 12000, at('03', '16:00')]],
  });
  const known = await booking({
    lotId: lotA,
    userId: u3.user.id,
    start: at('03', '08:00'),
    end: at('03', '08:30'),
    charges: [['WALK_IN', 2000, at('03', '08:30')]],
  });
  await db()
    .insert(checkins)
    .values({
      id: newId(),
      lotId: lotA,
      reservationId: known,
      plate: 'KNW 100',
      walkIn: true,
      entryTs: at('03', '08:00'),
      exitTs: at('03', '08:30'),
      amountCents: 2000,
    });
  await db()
    .insert(checkins)
    .values({
      id: newId(),
      lotId: lotB,
      plate: 'ANN 200',
      walkIn: true,
      entryTs: at('03', '12:00'),
      exitTs: at('03', '13:30'),
      amountCents: 6000,
      paidBy: 'cash',
    });
  // An undone walk-in never counts.
  await db()
    .insert(checkins)
    .values({
      id: newId(),
      lotId: lotB,
      plate: 'UND 300',
      walkIn: true,
      entryTs: at('03', '14:00'),
      exitTs: at('03', '15:00'),
      amountCents: 9900,
      undoneAt: at('03', '14:05'),
    });

  // Another owner's lot, busy the same Monday: none of it is ours.
  const other = await person('owner_admin');
  elsewhere = await lot(other.user.id, 'Elsewhere', 1, ALWAYS);
  await booking({
    lotId: elsewhere,
    userId: u1.user.id,
    start: at('02', '09:00'),
    end: at('02', '17:00'),
    charges: [['BOOKING', 99900, at('02', '08:00')]],
  });
});

const report = (query: Record<string, string>) => owner.api.owner.reports.$get({ query: query as never });
const customers = (query: Record<string, string>) => owner.api.owner.reports.customers.$get({ query: query as never });

describe('GET /api/owner/reports', () => {
  it('equals the figures worked out by hand', async () => {
    const res = await report({ from: '2026-03-02', to: '2026-03-03' });
    expect(res.status).toBe(200);
    const body = await res.json();

    expect(body.filter).toEqual({
      lotId: null,
      from: '2026-03-02',
      to: '2026-03-03',
      previousFrom: '2026-02-28',
      previousTo: '2026-03-01',
    });
    // Revenue Mon: 8000 + 4000 + 6000 + 2000 + 4000 (r4's booking) + 20000 = 44000.
    // Revenue Tue: 12000 − 4000 (r4's refund) + 2000 (known walk-in) + 6000 (anonymous walk-in) = 16000.
    // Bookings Mon: 3 h, 1.5 h, 8 h → 3, avg 12.5 / 3 = 4.17 → 4.2; Tue: 3 h, 0.5 h → 2, avg 1.75 → 1.8.
    // Booked slot-hours in open hours, Mon: A 3 + 1.5, B 1 (23:00–24:00) = 5.5 of 44 = 12.5%;
    // Tue: A 1 (17–18; 18–20 is closed) + 0.5, B 7 (00–07) + 1.5 = 10 of 44 = 22.7%.
    expect(body.daily).toEqual([
      { date: '2026-03-02', revenue: 44000, occupancy: 12.5, bookings: 3, avgDuration: 4.2 },
      { date: '2026-03-03', revenue: 16000, occupancy: 22.7, bookings: 2, avgDuration: 1.8 },
    ]);
    // Period: 60000; 5 bookings of 16 h → 3.2 h; 15.5 of 88 slot-hours = 17.6%.
    // Before: 8000; 1 booking of 2 h; 2 of 88 = 2.3%. Changes: +650%, (17.6 − 2.3) / 2.3 = +665.2%, +400%, +60%.
    expect(body.kpis).toEqual({
      totalRevenue: 60000,
      avgOccupancy: 17.6,
      totalBookings: 5,
      avgDuration: 3.2,
      previous: { totalRevenue: 8000, avgOccupancy: 2.3, totalBookings: 1, avgDuration: 2 },
      change: { totalRevenue: 650, avgOccupancy: 665.2, totalBookings: 400, avgDuration: 60 },
    });

    // Bookings and changes 8000 + 6000 + 4000 + 20000 + 12000; walk-ins 2000 + 6000.
    expect(body.revenue.breakdown).toEqual([
      { source: 'reservations', label: 'Reservations', amount: 50000 },
      { source: 'extensions', label: 'Extensions', amount: 4000 },
      { source: 'overstays', label: 'Overstays', amount: 2000 },
      { source: 'walkIns', label: 'Walk-ins', amount: 8000 },
      { source: 'monthlyPasses', label: 'Monthly passes', amount: 0 },
      { source: 'refunds', label: 'Refunds', amount: -4000 },
    ]);
    // By Manila hour charged: 22h 20000, 16h 12000, 8h 8000 − 4000 + 2000, 9h 6000, 13h 6000, 10h 4000, 20h 4000, 12h 2000.
    expect(body.revenue.topHours).toEqual([
      { hour: 22, amount: 20000 },
      { hour: 16, amount: 12000 },
      { hour: 8, amount: 6000 },
      { hour: 9, amount: 6000 },
      { hour: 13, amount: 6000 },
    ]);

    const monday = body.occupancy.heatmap.find((row) => row.weekday === 'monday')!;
    const tuesday = body.occupancy.heatmap.find((row) => row.weekday === 'tuesday')!;
    // Mon 10:00: r1 + r2 = 2 of 3 slot-hours; 11:00: 1 + 0.5 of 3; 23:00: only B is open, r5 fills it; 07:00: only B, empty.
    expect([monday.hours[9], monday.hours[10], monday.hours[11], monday.hours[23], monday.hours[7]]).toEqual([33.3, 66.7, 50, 100, 0]);
    // Tue 00–06: r5 fills B; 08:00 the known walk-in's half hour of 3; 18:00 only B is open (A closed) and empty.
    expect([tuesday.hours[0], tuesday.hours[6], tuesday.hours[8], tuesday.hours[13], tuesday.hours[18]]).toEqual([100, 100, 16.7, 16.7, 0]);
    expect(body.occupancy.heatmap.find((row) => row.weekday === 'sunday')!.hours.every((cell) => cell === null)).toBe(true);
    // Weekday hour 0 (and 1–6, 23): 1 of 2 slot-hours (Mon empty, Tue full): the earliest wins the tie.
    expect(body.occupancy.peakHours).toEqual({ weekdays: { hour: 0, occupancy: 50 }, saturday: null, sunday: null });
    expect(body.occupancy.utilisation).toEqual({ weekdays: 17.6, weekends: null, overall: 17.6 });
    // Under 2 h: 1.5 h and 0.5 h; 2–6 h: 3 h twice; over 6 h: 8 h.
    expect(body.occupancy.stayLengths).toEqual([
      { label: 'Under 2 h', bookings: 2, share: 40 },
      { label: '2–6 h', bookings: 2, share: 40 },
      { label: 'Over 6 h', bookings: 1, share: 20 },
    ]);
  });

  it('counts the customers of the days in a request of their own', async () => {
    // Maria booked before the period (Sunday); José and Ana first booked in it (Ana's cancelled booking does not count).
    // Spend in the period: José 6000 + 2000 + 20000, Maria 8000 + 4000 + 12000, Ana 4000 − 4000 + 2000.
    expect(await (await customers({ from: '2026-03-02', to: '2026-03-03' })).json()).toEqual({
      customers: 3,
      new: 2,
      repeat: 1,
      top: [
        { email: 'jo•••@example.ph', bookings: 2, spend: 28000 },
        { email: 'ma•••@example.ph', bookings: 2, spend: 24000 },
        { email: 'an•••@example.ph', bookings: 1, spend: 2000 },
      ],
    });
  });

  it('answers a three-year range with the same figures for its days', async () => {
    const res = await report({ from: '2023-03-04', to: '2026-03-03' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.daily).toHaveLength(1096);
    const short = await (await report({ from: '2026-03-02', to: '2026-03-03' })).json();
    expect(body.daily.slice(-2)).toEqual(short.daily);
    expect((await customers({ from: '2023-03-04', to: '2026-03-03' })).status).toBe(200);
  });

  it('counts a walk-in still inside since before the report’s days in both periods, never negatively', async () => {
    const { user: someone } = await person('owner_admin');
    const lotId = await lot(someone.id, 'Inside Since Yesterday', 1, ALWAYS);
    // In since 20:00 Manila on 3 March; the report of 4 March is read at 06:00 on 4 March.
    await db()
      .insert(checkins)
      .values({ id: newId(), lotId, plate: 'NIT 2000', walkIn: true, entryTs: at('03', '20:00') });
    const now = new Date(at('04', '06:00'));
    const report = await ownerReport(db(), { ownerId: someone.id, lotId }, { lotId, from: '2026-03-04', to: '2026-03-04' }, now);
    // 6 of the day's 24 slot-hours so far; the day before, 4 of 24.
    expect(report.daily[0].occupancy).toBe(25);
    expect(report.kpis.previous.avgOccupancy).toBe(16.7);
    expect(report.occupancy.heatmap.flatMap((row) => row.hours).every((cell) => cell === null || cell >= 0)).toBe(true);
  });

  it('narrows every figure to one lot', async () => {
    const body = await (await report({ lotId: lotB, from: '2026-03-02', to: '2026-03-03' })).json();
    // Lot B: Mon 20000, 1 of 24 slot-hours; Tue 6000, 8.5 of 24.
    expect(body.daily).toEqual([
      { date: '2026-03-02', revenue: 20000, occupancy: 4.2, bookings: 1, avgDuration: 8 },
      { date: '2026-03-03', revenue: 6000, occupancy: 35.4, bookings: 0, avgDuration: 0 },
    ]);
    expect(body.kpis.previous).toEqual({ totalRevenue: 0, avgOccupancy: 0, totalBookings: 0, avgDuration: 0 });
    expect(body.kpis.change.totalRevenue).toBeNull();
  });

  it("answers 404 for another owner's lot, and 400 for a bad filter, changing nothing", async () => {
    for (const read of [report, customers]) {
      const foreign = await read({ lotId: elsewhere, from: '2026-03-02', to: '2026-03-03' });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ message: expect.stringMatching(/not found/i) });
    }
    for (const [query, message] of [
      [{ from: '2026-03-04', to: '2026-03-03' }, 'The start date must be on or before the end date.'],
      [{ from: '2026-02-30', to: '2026-03-03' }, 'That is not a calendar date.'],
      [{ from: '3 March', to: '2026-03-03' }, 'from must be a date like 2026-11-23.'],
      [{ from: '2023-03-03', to: '2026-03-03' }, 'A report covers at most three years (1,096 days).'],
      [{ to: '2026-03-03' }, undefined],
    ] as const) {
      const res = await report(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await customers(query)).status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as unknown as { message: string };
      if (message) expect(body.message).toContain(message);
      else expect(body.message).toBeTruthy();
    }
    for (const path of ['kpis', 'revenue'] as const)
      expect((await owner.api.owner[path].$get({ query: { lotId: elsewhere } })).status).toBe(404);
  });

  it('is refused to drivers', async () => {
    const { api } = await person('parking_user');
    expect((await api.owner.reports.$get({ query: { from: '2026-03-02', to: '2026-03-03' } })).status).toBe(403);
  });
});

describe('owner dashboard figures', () => {
  it('compares today so far with yesterday up to the same time (Monday 11:00)', async () => {
    const kpis = await ownerKpis(db(), { ownerId: owner.id }, new Date(at('02', '11:00')));
    // Today by 11:00: 8000 (08:30) + 6000 (09:00) + 4000 (10:30); 2 bookings of 3 h and 1.5 h → 2.25 → 2.3 h;
    // r1 and r2 hold 2 of 3 slots at 11:00. Sunday by 11:00: 8000, r0 (2 h) holds 1 of 3.
    expect(kpis).toMatchObject({
      totalRevenue: 18000,
      occupancy: 66.7,
      dailyBookings: 2,
      avgDuration: 2.3,
      previous: { totalRevenue: 8000, occupancy: 33.3, dailyBookings: 1, avgDuration: 2 },
      change: { totalRevenue: 125, occupancy: 100.3, dailyBookings: 100, avgDuration: 15 },
    });
  });

  it('shows each lot over the last 7 days with its trend (Tuesday evening)', async () => {
    const lotsNow = await lotPerformance(db(), { ownerId: owner.id }, new Date(at('03', '20:00')));
    // A: Sun 8000 + Mon 24000 + Tue 10000; 8 of 7 × 20 slot-hours. B: 26000; 9.5 of 7 × 24 less Tuesday's 4 hours
    // still to come after 20:00 (9.5 of 164: 5.8%, not 5.7%). Nothing the 7 days before.
    expect(lotsNow).toEqual([
      { id: lotA, name: 'Lot A', occupancy: 5.7, revenue: 42000, trend: 'up' },
      { id: lotB, name: 'Lot B', occupancy: 5.8, revenue: 26000, trend: 'up' },
    ]);
  });

  it('compares the 7 days up to a morning hour with the same span a week before, up to the same hour', async () => {
    const { user } = await person('owner_admin');
    const lotId = await lot(user.id, 'Lot C', 1, ALWAYS);
    const { user: payer } = await person('parking_user');
    // Every day from Mon 9 to Mon 23 March the lot takes ₱100 at 09:00 and ₱100 at 17:00: a flat business.
    const days = Array.from({ length: 15 }, (_, i) => String(9 + i).padStart(2, '0'));
    const money = days.flatMap((day) => ['09:00', '17:00'].map((time) => ['BOOKING', 10_000, at(day, time)] as Stay['charges'][number]));
    await booking({ lotId, userId: payer.id, start: at('09', '09:00'), end: at('09', '10:00'), charges: money });
    // Monday 23 at 10:00: Tue 17–Sun 22 whole and today's ₱100, against Tue 10–Sun 15 and Mon 16 up to 10:00.
    expect(await lotPerformance(db(), { ownerId: user.id }, new Date(at('23', '10:00')))).toMatchObject([
      { id: lotId, revenue: 130_000, trend: 'neutral' },
    ]);
  });

  it('draws the revenue trend per day, empty days included', async () => {
    const res = await owner.api.owner.revenue.$get({ query: { range: '7d' } });
    expect(res.status).toBe(200);
    const days = await res.json();
    expect(days).toHaveLength(7);
    expect(days.every((day) => day.revenue === 0)).toBe(true);
    expect((await owner.api.owner.revenue.$get({ query: { range: '1y' as never } })).status).toBe(400);
  });
});
