/** The platform's figures for the super admin, each computed when asked, from the records or their rollups. */
import { and, between, count, countDistinct, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { addDays, DAY_MS, manilaDate, manilaMidnight } from '../../core/time';
import type { DB } from '../db/client';
import { lotOnSale } from '../db/lot-sale';
import { checkins, lotReservationDays, lotSubmissions, lots, ownerApplications, reservations, sessions, slots, users } from '../db/schema';

/** "Active" is having signed in within this window. */
const ACTIVE_USER_DAYS = 30;
/** Occupancy of the top lots and the cancellation and no-show rates look back this many Manila days. */
const METRICS_DAYS = 30;
/** How many tenants and lots the dashboard ranks. */
const RANKED = 5;

/**
 * Money received, all time, from the rollup owners' figures read too (owner/figures.data.ts), so the
 * platform's revenue is the sum of its owners'.
 */
async function totalMoneyReceived(db: DB) {
  const [row] = await db.all<{ cents: number | null }>(sql`SELECT sum(cents) AS cents FROM lot_money_days`);
  return row?.cents ?? 0;
}

/** Revenue per lot, all time, as a subquery (lot_id, cents) to join; lots that earned nothing have no row. */
const lotRevenue = sql`(SELECT lot_id, sum(cents) AS cents FROM lot_money_days GROUP BY lot_id) AS lot_revenue`;
const revenueOfLot = sql`lot_revenue.lot_id = ${lots.id}`;

/**
 * totalTenants: owners (users with the owner_admin role); totalLots: bookable (approved) lots;
 * totalRevenue: money received at every lot, as an owner's revenue counts it (owner/figures.data.ts);
 * activeUsers: distinct users who began a session in the last 30 days; pendingApprovals: both queues'
 * pending items.
 */
export async function platformKpis(db: DB, now = Date.now()) {
  const since = new Date(now - ACTIVE_USER_DAYS * DAY_MS).toISOString();
  const revenue = totalMoneyReceived(db);
  const [[tenants], [approvedLots], [active], [owners], [lotsPending]] = await db.batch([
    db.select({ n: count() }).from(users).where(eq(users.role, 'owner_admin')),
    db.select({ n: count() }).from(lots).where(eq(lots.isApproved, true)),
    db
      .select({ n: countDistinct(sessions.userId) })
      .from(sessions)
      .where(gte(sessions.createdAt, since)),
    db.select({ n: count() }).from(ownerApplications).where(eq(ownerApplications.status, 'pending')),
    db.select({ n: count() }).from(lotSubmissions).where(eq(lotSubmissions.status, 'pending')),
  ]);
  return {
    totalTenants: tenants.n,
    totalLots: approvedLots.n,
    totalRevenue: await revenue,
    activeUsers: active.n,
    pendingApprovals: owners.n + lotsPending.n,
  };
}

/** A share as a percentage with one decimal; 0 when there is nothing to share. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The Manila days the 30-day figures count: today (whole) and the 29 before it. */
function metricsDays(now: number) {
  const today = manilaDate(now);
  return { from: addDays(today, 1 - METRICS_DAYS), to: today };
}

/**
 * Revenue by Tenant: each owner of lots with the revenue of their lots (all time, as the Platform
 * Revenue tile) and how many lots they have. Top Performing Lots: approved lots by revenue, with their
 * bookings (reservations ever made there) and occupancy (the share of their active slots' time over the
 * last 30 Manila days kept by reservations), from `lot_reservation_days`, so archived bookings count.
 */
export async function tenantFigures(db: DB, now = Date.now()) {
  const { from, to } = metricsDays(now);
  const reservationsOfLot = db
    .select({
      lotId: lotReservationDays.lotId,
      bookings: sql<number>`sum(${lotReservationDays.reservations})`.as('bookings'),
      keptSeconds: sql<number>`sum(${lotReservationDays.keptSeconds}) FILTER (WHERE ${between(lotReservationDays.day, from, to)})`.as(
        'kept_seconds',
      ),
    })
    .from(lotReservationDays)
    .groupBy(lotReservationDays.lotId)
    .as('lot_reservations');
  const capacity = db
    .select({ lotId: slots.lotId, n: count().as('slot_count') })
    .from(slots)
    .where(eq(slots.active, true))
    .groupBy(slots.lotId)
    .as('lot_slots');
  const owner = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const lotCents = sql<number>`coalesce(lot_revenue.cents, 0)`;
  const tenantCents = sql<number>`coalesce(sum(lot_revenue.cents), 0)`;

  const [tenantRows, lotRows] = await db.batch([
    db
      .select({ ownerId: users.id, name: owner, email: users.email, lots: count(lots.id), revenueCents: tenantCents })
      .from(lots)
      .innerJoin(users, eq(users.id, lots.ownerId))
      .leftJoin(lotRevenue, revenueOfLot)
      .groupBy(users.id)
      .orderBy(desc(tenantCents), users.email)
      .limit(RANKED),
    db
      .select({
        lotId: lots.id,
        name: lots.name,
        owner,
        revenueCents: lotCents,
        bookings: sql<number>`coalesce(${reservationsOfLot.bookings}, 0)`,
        keptSeconds: sql<number>`coalesce(${reservationsOfLot.keptSeconds}, 0)`,
        slots: sql<number>`coalesce(${capacity.n}, 0)`,
      })
      .from(lots)
      .innerJoin(users, eq(users.id, lots.ownerId))
      .leftJoin(lotRevenue, revenueOfLot)
      .leftJoin(reservationsOfLot, eq(reservationsOfLot.lotId, lots.id))
      .leftJoin(capacity, eq(capacity.lotId, lots.id))
      .where(eq(lots.isApproved, true))
      .orderBy(desc(lotCents), lots.name)
      .limit(RANKED),
  ]);
  return {
    revenueByTenant: tenantRows,
    topLots: lotRows.map(({ keptSeconds, slots: slotCount, ...lot }) => ({
      ...lot,
      occupancy: percent(keptSeconds, (slotCount * METRICS_DAYS * DAY_MS) / 1000),
    })),
  };
}

/**
 * Platform Metrics. bookingsToday: reservations made since Manila midnight. occupancy: slots taken now
 * over the active slots of lots on sale (core/lot-sale.ts); taken by a reservation holding its slot now (CONFIRMED with
 * the start passed and the end not, or ACTIVE: the car is inside, overstaying included) or by a
 * walk-in inside without a reservation. cancellationRate and noShowRate: of the reservations that
 * start in the last 30 Manila days (today whole), the share CANCELLED and the share EXPIRED (nobody
 * arrived), from `lot_reservation_days`, so archived bookings count.
 */
export async function platformMetrics(db: DB, now = Date.now()) {
  const nowIso = new Date(now).toISOString();
  const { from, to } = metricsDays(now);
  const [[today], [capacity], [heldNow], [walkInsNow], [started]] = await db.batch([
    db
      .select({ n: count() })
      .from(reservations)
      .where(gte(reservations.createdAt, manilaMidnight(now).toISOString())),
    db
      .select({ n: count() })
      .from(slots)
      .innerJoin(lots, eq(lots.id, slots.lotId))
      .where(and(lotOnSale, eq(slots.active, true))),
    db
      .select({ n: count() })
      .from(reservations)
      .innerJoin(lots, eq(lots.id, reservations.lotId))
      .where(
        and(
          lotOnSale,
          or(
            eq(reservations.status, 'ACTIVE'),
            and(eq(reservations.status, 'CONFIRMED'), lte(reservations.startTs, nowIso), gt(reservations.endTs, nowIso)),
          ),
        ),
      ),
    db
      .select({ n: count() })
      .from(checkins)
      .innerJoin(lots, eq(lots.id, checkins.lotId))
      .where(and(lotOnSale, eq(checkins.walkIn, true), isNull(checkins.reservationId), isNull(checkins.exitTs), isNull(checkins.undoneAt))),
    db
      .select({
        n: sql<number>`coalesce(sum(${lotReservationDays.reservations}), 0)`,
        cancelled: sql<number>`coalesce(sum(${lotReservationDays.cancelled}), 0)`,
        noShows: sql<number>`coalesce(sum(${lotReservationDays.noShows}), 0)`,
      })
      .from(lotReservationDays)
      // Each lot's range of days, sought by the key, rather than every row.
      .where(and(inArray(lotReservationDays.lotId, db.select({ id: lots.id }).from(lots)), between(lotReservationDays.day, from, to))),
  ]);
  const occupied = heldNow.n + walkInsNow.n;
  return {
    bookingsToday: today.n,
    occupancy: { occupied, total: capacity.n, percent: percent(occupied, capacity.n) },
    cancellationRate: percent(started.cancelled, started.n),
    noShowRate: percent(started.noShows, started.n),
    startedReservations: started.n,
    days: METRICS_DAYS,
  };
}
