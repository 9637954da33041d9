/** The platform's figures for the super admin, each computed from the records at the time of asking. */
import { count, countDistinct, eq, gte } from 'drizzle-orm';
import { DAY_MS } from '../../core/time';
import type { DB } from '../db/client';
import { lotSubmissions, lots, ownerApplications, sessions, users } from '../db/schema';
import { totalMoneyReceived } from '../owner/figures.data';

/** "Active" is having signed in within this window. */
export const ACTIVE_USER_DAYS = 30;

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
    db.select({ n: countDistinct(sessions.userId) }).from(sessions).where(gte(sessions.createdAt, since)),
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
