/**
 * Revenue by Tenant, Top Performing Lots and Platform Metrics against a database holding only this
 * file's records (no demo data), so every figure below is worked out by hand. They are asked at noon
 * Manila time, so the 30 Manila days they count end the same way whatever the hour the suite runs.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles';
import { manilaMidnight } from '../../core/time';
import { moveReservations } from '../archive/reservations-archive.service';
import { charges, checkins, lotReservationDays, lots, reservations, slots, users } from '../db/schema';
import { newId } from '../db/ids';
import { archiveContext } from '../test/archive-fixtures';
import { HOUR, MINUTE } from '../test/booking-fixtures';
import { call, db, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';
import { platformKpis, platformMetrics, tenantFigures } from './platform.data';

const DAY = 24 * HOUR;
const now = manilaMidnight(Date.now()).getTime() + 12 * HOUR;
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

async function person(role: Role, firstName: string) {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody({ firstName, lastName: 'Reyes' });
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  await db().update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

async function lot(ownerId: string, name: string, activeSlots: number, options: { approved?: boolean; inactiveSlots?: number } = {}) {
  const id = newId();
  await db()
    .insert(lots)
    .values({ id, ownerId, name, geoLat: 14.55, geoLng: 121.02, isApproved: options.approved ?? true });
  for (let i = 0; i < activeSlots + (options.inactiveSlots ?? 0); i++) {
    await db()
      .insert(slots)
      .values({ id: newId(), lotId: id, label: `A-${i + 1}`, active: i < activeSlots });
  }
  return id;
}

type Booking = {
  status: 'CONFIRMED' | 'ACTIVE' | 'COMPLETED' | 'CANCELLED' | 'EXPIRED';
  start: number;
  hours: number;
  createdAt: number;
  charged: [kind: 'BOOKING' | 'EXTENSION' | 'REFUND', cents: number][];
};

async function booked(userId: string, lotId: string, b: Booking) {
  const id = newId();
  const total = b.charged.reduce((sum, [, cents]) => sum + Math.max(cents, 0), 0);
  await db()
    .insert(reservations)
    .values({
      id,
      userId,
      lotId,
      status: b.status,
      startTs: at(b.start),
      endTs: at(b.start + b.hours * HOUR),
      amountCents: total,
      createdAt: at(b.createdAt),
    });
  for (const [kind, amountCents] of b.charged) await db().insert(charges).values({ id: newId(), reservationId: id, kind, amountCents });
}

const walkIn = (lotId: string, plate: string, stay: { entry: number; exit?: number; cents?: number; undone?: boolean }) =>
  db()
    .insert(checkins)
    .values({
      id: newId(),
      lotId,
      plate,
      walkIn: true,
      entryTs: at(stay.entry),
      exitTs: stay.exit === undefined ? null : at(stay.exit),
      amountCents: stay.cents ?? null,
      paidBy: stay.cents ? 'cash' : null,
      undoneAt: stay.undone ? at(stay.entry + MINUTE) : null,
    });

let tina = '';
let ulysses = '';
let adminCookie = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  adminCookie = await signedInAs((await person('super_admin', 'Ada')).id);
  tina = (await person('owner_admin', 'Tina')).id;
  ulysses = (await person('owner_admin', 'Ulysses')).id;
  const driver = (await person('parking_user', 'Dan')).id;
  ids.glorietta = await lot(tina, 'Glorietta Deck', 3, { inactiveSlots: 1 });
  ids.rockwell = await lot(tina, 'Rockwell Basement', 1);
  ids.pending = await lot(tina, 'Pending Annex', 1, { approved: false });
  ids.bgc = await lot(ulysses, 'BGC Open Lot', 1);

  // Glorietta Deck: ₱78,000 earned, 6 bookings, 37 h of its 3 slots' 30 days kept.
  await booked(driver, ids.glorietta, {
    status: 'COMPLETED',
    start: -10 * DAY,
    hours: 36,
    createdAt: -11 * DAY,
    charged: [
      ['BOOKING', 5_000_000],
      ['EXTENSION', 1_000_000],
    ],
  });
  await booked(driver, ids.glorietta, {
    status: 'CANCELLED',
    start: -5 * DAY,
    hours: 2,
    createdAt: -6 * DAY,
    charged: [
      ['BOOKING', 2_000_000],
      ['REFUND', -2_000_000],
    ],
  });
  await booked(driver, ids.glorietta, {
    status: 'EXPIRED',
    start: -2 * DAY,
    hours: 1,
    createdAt: -3 * DAY,
    charged: [['BOOKING', 1_500_000]],
  });
  await booked(driver, ids.glorietta, { status: 'CONFIRMED', start: 2 * DAY, hours: 2, createdAt: 0, charged: [['BOOKING', 100_000]] });
  await booked(driver, ids.glorietta, {
    status: 'CONFIRMED',
    start: -5 * MINUTE,
    hours: 1,
    createdAt: -10 * DAY,
    charged: [['BOOKING', 200_000]],
  });
  await booked(driver, ids.glorietta, { status: 'CANCELLED', start: -40 * DAY, hours: 1, createdAt: -41 * DAY, charged: [] });
  await walkIn(ids.glorietta, 'INS 100', { entry: -30 * MINUTE });

  // Rockwell Basement: ₱35,000 earned (a booking and a cash walk-in; the undone walk-in does not count), 7 h kept.
  await booked(driver, ids.rockwell, { status: 'ACTIVE', start: -6 * HOUR, hours: 7, createdAt: 0, charged: [['BOOKING', 3_000_000]] });
  await booked(driver, ids.rockwell, {
    status: 'CANCELLED',
    start: -1 * DAY,
    hours: 1,
    createdAt: -2 * DAY,
    charged: [
      ['BOOKING', 1_000],
      ['REFUND', -1_000],
    ],
  });
  await walkIn(ids.rockwell, 'CSH 200', { entry: -3 * HOUR, exit: -1 * HOUR, cents: 500_000 });
  await walkIn(ids.rockwell, 'UND 300', { entry: -2 * HOUR, exit: -1 * HOUR, cents: 999_999, undone: true });
});

describe('tenants', () => {
  it("ranks owners by their lots' revenue, net of refunds, with the same total as the Platform Revenue tile", async () => {
    const { revenueByTenant } = await tenantFigures(db(), now);
    expect(revenueByTenant).toEqual([
      { ownerId: tina, name: 'Tina Reyes', email: expect.any(String), lots: 3, revenueCents: 11_300_000 },
      { ownerId: ulysses, name: 'Ulysses Reyes', email: expect.any(String), lots: 1, revenueCents: 0 },
    ]);
    expect((await platformKpis(db(), now)).totalRevenue).toBe(11_300_000);
  });

  it('ranks bookable lots by revenue, with bookings and 30-day occupancy', async () => {
    const { topLots } = await tenantFigures(db(), now);
    expect(topLots).toEqual([
      // (36 h + 1 h, today's booking whole) / (3 slots × 720 h) = 1.71 %
      { lotId: ids.glorietta, name: 'Glorietta Deck', owner: 'Tina Reyes', revenueCents: 7_800_000, bookings: 6, occupancy: 1.7 },
      // 7 h (the stay's whole window, today's hours to come included) / 720 h = 0.97 %
      { lotId: ids.rockwell, name: 'Rockwell Basement', owner: 'Tina Reyes', revenueCents: 3_500_000, bookings: 2, occupancy: 1 },
      { lotId: ids.bgc, name: 'BGC Open Lot', owner: 'Ulysses Reyes', revenueCents: 0, bookings: 0, occupancy: 0 },
    ]);
  });

  it('is what GET /api/admin/tenants answers, to super admins only', async () => {
    const res = await call('/api/admin/tenants', { cookie: adminCookie });
    expect(res.status).toBe(200);
    const body = await res.json<Awaited<ReturnType<typeof tenantFigures>>>();
    expect(body.revenueByTenant.map((t) => t.revenueCents)).toEqual([11_300_000, 0]);
    expect((await call('/api/admin/tenants', { cookie: await signedInAs(tina) })).status).toBe(403);
  });
});

describe('platform metrics', () => {
  it("counts today's bookings, the slots taken now and the 30-day cancellation and no-show rates", async () => {
    expect(await platformMetrics(db(), now)).toEqual({
      // Made since Manila midnight: the future booking and the stay in progress.
      bookingsToday: 2,
      // Taken now: the ACTIVE stay, the CONFIRMED booking 5 minutes into its window and the walk-in inside,
      // of the 5 active slots of bookable lots (the inactive slot and the unapproved lot do not count).
      occupancy: { occupied: 3, total: 5, percent: 60 },
      // Starting in the last 30 Manila days: 6 (the one in 2 days and the one 40 days ago are not), 2 cancelled, 1 no-show.
      cancellationRate: 33.3,
      noShowRate: 16.7,
      startedReservations: 6,
      days: 30,
    });
  });

  it('is what GET /api/admin/platform-metrics answers, to super admins only', async () => {
    const res = await call('/api/admin/platform-metrics', { cookie: adminCookie });
    expect(res.status).toBe(200);
    // Asked now, not at noon: what is held at this hour differs, the Manila days counted do not.
    expect(await res.json()).toMatchObject({ occupancy: { total: 5 }, startedReservations: 6 });
    expect((await call('/api/admin/platform-metrics', { cookie: await signedInAs(ulysses) })).status).toBe(403);
  });
});

describe('the reservations of each lot-day (lot_reservation_days)', () => {
  const daysOf = (lotId: string) =>
    db()
      .select({
        day: lotReservationDays.day,
        n: lotReservationDays.reservations,
        cancelled: lotReservationDays.cancelled,
        noShows: lotReservationDays.noShows,
        kept: lotReservationDays.keptSeconds,
      })
      .from(lotReservationDays)
      .where(eq(lotReservationDays.lotId, lotId))
      .orderBy(asc(lotReservationDays.day));
  const change = (id: string, set: Partial<typeof reservations.$inferInsert>) =>
    db().update(reservations).set(set).where(eq(reservations.id, id));

  it('follow a booking cancelled, expired, checked in, completed, moved and extended, on the Manila day of its start', async () => {
    // A lot of its own, not bookable, its bookings in March 2025: none of the figures above counts them.
    const lotId = await lot(ulysses, 'Changes Annex', 1, { approved: false });
    const driver = (await person('parking_user', 'Cora')).id;
    const booking = async (start: string, end: string) => {
      const id = newId();
      await db()
        .insert(reservations)
        .values({ id, userId: driver, lotId, status: 'CONFIRMED', startTs: start, endTs: end, amountCents: 0 });
      return id;
    };
    // 09:00–11:00 Manila on the 10th, then cancelled: still a booking of the 10th, no time kept.
    const cancelled = await booking('2025-03-10T01:00:00.000Z', '2025-03-10T03:00:00.000Z');
    expect(await daysOf(lotId)).toEqual([{ day: '2025-03-10', n: 1, cancelled: 0, noShows: 0, kept: 2 * 3600 }]);
    await change(cancelled, { status: 'CANCELLED' });
    expect(await daysOf(lotId)).toEqual([{ day: '2025-03-10', n: 1, cancelled: 1, noShows: 0, kept: 0 }]);

    // 22:00 on the 10th to 02:00 on the 11th: two hours kept on each day; checked in, extended by an hour, completed.
    const overnight = await booking('2025-03-10T14:00:00.000Z', '2025-03-10T18:00:00.000Z');
    await change(overnight, { status: 'ACTIVE' });
    await change(overnight, { endTs: '2025-03-10T19:00:00.000Z' });
    await change(overnight, { status: 'COMPLETED' });
    // 10:00–11:00 on the 12th, nobody came.
    await change(await booking('2025-03-12T02:00:00.000Z', '2025-03-12T03:00:00.000Z'), { status: 'EXPIRED' });
    // Made for the 12th, modified to the 13th.
    await change(await booking('2025-03-12T05:00:00.000Z', '2025-03-12T06:00:00.000Z'), {
      startTs: '2025-03-13T05:00:00.000Z',
      endTs: '2025-03-13T06:30:00.000Z',
    });
    expect(await daysOf(lotId)).toEqual([
      { day: '2025-03-10', n: 2, cancelled: 1, noShows: 0, kept: 2 * 3600 },
      { day: '2025-03-11', n: 0, cancelled: 0, noShows: 0, kept: 3 * 3600 },
      { day: '2025-03-12', n: 1, cancelled: 0, noShows: 1, kept: 0 },
      { day: '2025-03-13', n: 1, cancelled: 0, noShows: 0, kept: 1.5 * 3600 },
    ]);
  });
});

describe('after ended bookings move to the archive', () => {
  it('reads the same figures once the bookings over for a week have left D1', async () => {
    const inD1 = async () => (await db().select().from(reservations).where(eq(reservations.lotId, ids.glorietta))).length;
    const figures = async () => [await tenantFigures(db(), now), await platformMetrics(db(), now)];
    const before = await figures();
    expect(await inD1()).toBe(6);
    // The booking ended 8½ days ago and the one cancelled 40 days ago: a month each at most, so two runs.
    await moveReservations(archiveContext(), ids.glorietta, new Date(now));
    await moveReservations(archiveContext(), ids.glorietta, new Date(now));
    expect(await inD1()).toBe(4);
    expect(await figures()).toEqual(before);
  });
});
