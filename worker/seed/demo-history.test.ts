import { env } from 'cloudflare:test';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, manilaDate, manilaDateStart, manilaMidnight } from '../../core/time';
import { moneyTotal } from '../owner/figures.data';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { DEMO_CUSTOMER_DOMAIN, DEMO_CUSTOMERS, demoHistorySql } from './demo-history';

const DAYS = 7;
const now = new Date();
const [from, to] = [addDays(manilaDate(now), -DAYS), addDays(manilaDate(now), -1)];
const count = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())!.n;

let owner = '';
beforeAll(async () => {
  await seedOnce();
  for (const statement of demoHistorySql(now, DAYS)) await env.DB.prepare(statement).run();
  owner = await cookieFor('owner_admin');
});

describe('the demo history', () => {
  it('is the demo owner’s lots’ records over the days before today, with ids the API accepts', async () => {
    expect(await count(`SELECT count(*) AS n FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`)).toBe(DEMO_CUSTOMERS);
    expect(
      await count(`SELECT count(*) AS n FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`),
    ).toBe(DEMO_CUSTOMERS);
    const reservations = await env.DB.prepare(`SELECT id, status, start_ts AS startTs, end_ts AS endTs FROM reservations`).all<{
      id: string;
      status: string;
      startTs: string;
      endTs: string;
    }>();
    expect(reservations.results.length).toBeGreaterThan(DAYS * 100);
    for (const row of reservations.results) {
      expect(z.uuid().safeParse(row.id).success, row.id).toBe(true);
      expect(row.startTs >= manilaDateStart(from).toISOString()).toBe(true);
      // Every stay is over: the lot objects hold nothing of the history.
      expect(row.endTs < manilaMidnight(now).toISOString()).toBe(true);
    }
    // Inside every demo lot's opening hours (the earliest close is 22:00).
    expect(
      await count(
        `SELECT count(*) AS n FROM reservations WHERE time(end_ts, '+8 hours') > '22:00:00' OR time(start_ts, '+8 hours') < '06:00:00'`,
      ),
    ).toBe(0);
    const statuses = new Set(reservations.results.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['CANCELLED', 'COMPLETED', 'EXPIRED']);
    // Each booking is charged; each cancellation refunded; each parked stay seen at the gate.
    expect(
      await count(
        `SELECT count(*) AS n FROM reservations r WHERE NOT EXISTS (SELECT 1 FROM charges c WHERE c.reservation_id = r.id AND c.kind = 'BOOKING')`,
      ),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM reservations r WHERE status = 'CANCELLED' AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.reservation_id = r.id AND c.kind = 'REFUND')`,
      ),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM reservations r WHERE status = 'COMPLETED' AND NOT EXISTS (SELECT 1 FROM checkins k WHERE k.reservation_id = r.id AND k.exit_ts IS NOT NULL)`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM charges WHERE kind = 'EXTENSION'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM checkins WHERE walk_in = 1 AND paid_by = 'cash'`)).toBeGreaterThan(0);
  });

  it('fills the owner’s report through the rollups, equal to the records', async () => {
    const res = await call(`/api/owner/reports?from=${from}&to=${to}`, { cookie: owner });
    expect(res.status).toBe(200);
    const report = await res.json<{
      kpis: { totalRevenue: number; totalBookings: number; avgOccupancy: number };
      daily: { revenue: number; bookings: number }[];
      revenue: { breakdown: { source: string; amount: number }[] };
    }>();
    expect(report.daily).toHaveLength(DAYS);
    expect(report.daily.every((day) => day.revenue > 0 && day.bookings > 0)).toBe(true);
    expect(report.kpis.avgOccupancy).toBeGreaterThan(0);
    const bySource = Object.fromEntries(report.revenue.breakdown.map((part) => [part.source, part.amount]));
    expect(bySource.extensions).toBeGreaterThan(0);
    expect(bySource.walkIns).toBeGreaterThan(0);
    expect(bySource.refunds).toBeLessThan(0);
    const window = { from: manilaDateStart(from), to: manilaDateStart(addDays(to, 1)) };
    const ownerId = (await env.DB.prepare(`SELECT id FROM users WHERE email = 'owner@parkada.ph'`).first<{ id: string }>())!.id;
    expect(report.kpis.totalRevenue).toBe(await moneyTotal(db(), { ownerId }, window));
    const customers = await (await call(`/api/owner/reports/customers?from=${from}&to=${to}`, { cookie: owner })).json<{
      customers: number;
      top: unknown[];
    }>();
    expect(customers.customers).toBe(DEMO_CUSTOMERS);
    expect(customers.top).toHaveLength(5);
  });
});
