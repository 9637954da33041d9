/** The platform's figures for the super admin, each computed from the records at the time of asking. */
import { and, count, countDistinct, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DAY_MS, manilaMidnight } from '../../core/time';
import type { DB } from '../db/client';
import { lotOnSale } from '../db/lot-sale';
import { checkins, lotSubmissions, lots, ownerApplications, reservations, sessions, slots, users } from '../db/schema';

/** "Active" is having signed in within this window. */
const ACTIVE_USER_DAYS = 30;
/** Occupancy of the top lots and the cancellation and no-show rates look back this far. */
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

/** Statuses in which a reservation kept its slot for its window (a cancelled or no-show one gave it back). */
const KEPT_SLOT = ['CONFIRMED', 'ACTIVE', 'COMPLETED'] as const;

/**
 * Revenue by Tenant: each owner of lots with the revenue of their lots (all time, as the Platform
 * Revenue tile) and how many lots they have. Top Performing Lots: approved lots by revenue, with their
 * bookings (reservations ever made there) and occupancy (the share of their active slots' time kept by
 * reservations over the last 30 days).
 */
export async function tenantFigures(db: DB, now = Date.now()) {
  const sinceIso = new Date(now - METRICS_DAYS * DAY_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  const bookings = db
    .select({ lotId: reservations.lotId, n: count().as('bookings') })
    .from(reservations)
    .groupBy(reservations.lotId)
    .as('lot_bookings');
  // Days of slot time kept inside [since, now): each reservation's window clipped to the period.
  const kept = db
    .select({
      lotId: reservations.lotId,
      days: sql<number>`sum(julianday(min(${reservations.endTs}, ${nowIso})) - julianday(max(${reservations.startTs}, ${sinceIso})))`.as(
        'kept_days',
      ),
    })
    .from(reservations)
    .where(and(inArray(reservations.status, KEPT_SLOT), gt(reservations.endTs, sinceIso), lt(reservations.startTs, nowIso)))
    .groupBy(reservations.lotId)
    .as('lot_kept');
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
        bookings: sql<number>`coalesce(${bookings.n}, 0)`,
        keptDays: sql<number>`coalesce(${kept.days}, 0)`,
        slots: sql<number>`coalesce(${capacity.n}, 0)`,
      })
      .from(lots)
      .innerJoin(users, eq(users.id, lots.ownerId))
      .leftJoin(lotRevenue, revenueOfLot)
      .leftJoin(bookings, eq(bookings.lotId, lots.id))
      .leftJoin(kept, eq(kept.lotId, lots.id))
      .leftJoin(capacity, eq(capacity.lotId, lots.id))
      .where(eq(lots.isApproved, true))
      .orderBy(desc(lotCents), lots.name)
      .limit(RANKED),
  ]);
  return {
    revenueByTenant: tenantRows,
    topLots: lotRows.map(({ keptDays, slots: slotCount, ...lot }) => ({ ...lot, occupancy: percent(keptDays, slotCount * METRICS_DAYS) })),
  };
}

/**
 * Platform Metrics. bookingsToday: reservations made since Manila midnight. occupancy: slots taken now
 * over the active slots of lots on sale (core/lot-sale.ts); taken by a reservation holding its slot now (CONFIRMED with
 * the start passed and the end not, or ACTIVE: the car is inside, overstaying included) or by a
 * walk-in inside without a reservation. cancellationRate and noShowRate: of the reservations that
 * started in the last 30 days, the share CANCELLED and the share EXPIRED (nobody arrived).
 */
export async function platformMetrics(db: DB, now = Date.now()) {
  const nowIso = new Date(now).toISOString();
  const sinceIso = new Date(now - METRICS_DAYS * DAY_MS).toISOString();
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
        n: count(),
        cancelled: sql<number>`coalesce(sum(${reservations.status} = 'CANCELLED'), 0)`,
        noShows: sql<number>`coalesce(sum(${reservations.status} = 'EXPIRED'), 0)`,
      })
      .from(reservations)
      .where(and(gte(reservations.startTs, sinceIso), lte(reservations.startTs, nowIso))),
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
