import { env } from 'cloudflare:test';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_WEEKS } from '../../core/dynamic-pricing';
import { quote } from '../../core/pricing';
import { RECEIPT_NUMBER_PATTERN } from '../../core/receipts';
import { addDays, HOUR_MS, manilaDate, manilaDateStart, manilaMidnight } from '../../core/time';
import { pointsForSpend } from '../../core/wallet';
import { lotObject } from '../lot-object/stub';
import { moneyTotal } from '../owner/figures.data';
import { ownerKpis } from '../owner/figures.service';
import { followLotRecords } from '../reservations/lot-records.service';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { DRIVER_STAYS, demoDriverSql } from './demo-driver';
import { DEMO_CUSTOMER_DOMAIN, DEMO_CUSTOMERS, demoHistorySql, demoLotsOpenedSql } from './demo-history';
import { DEMO_LOTS, demoPricingOf } from './demo-lots';

const DAYS = 14;
/**
 * The history is loaded as of the last 2:30 PM in Manila, so "the cars inside now" never depend on
 * the hour the suite runs (no stay crosses midnight: at 11:50 PM every lot is empty).
 */
const afternoon = manilaMidnight(Date.now()).getTime() + 14.5 * HOUR_MS;
const now = new Date(afternoon <= Date.now() ? afternoon : afternoon - 24 * HOUR_MS);
const [from, to] = [addDays(manilaDate(now), -DAYS), addDays(manilaDate(now), -1)];
const count = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())!.n;
const all = async <T>(query: string) => (await env.DB.prepare(query).all<T>()).results;

let owner = '';
beforeAll(async () => {
  await seedOnce();
  for (const statement of [...demoHistorySql(now, DAYS), ...demoDriverSql(now), ...demoLotsOpenedSql()])
    await env.DB.prepare(statement).run();
  owner = await cookieFor('owner_admin');
});

/** Every stay that holds a slot: walk-ins and parked bookings, until their exit (or now, inside). */
const STAYS = `
  SELECT slot_id, start_ts AS s, end_ts AS e FROM reservations WHERE status IN ('COMPLETED', 'ACTIVE', 'CONFIRMED')
  UNION ALL
  SELECT slot_id, entry_ts, coalesce(exit_ts, '9') FROM checkins WHERE walk_in = 1`;

describe('the demo history', () => {
  it('is the demo owner’s lots’ records up to now, with the cars inside now, and ids the API accepts', async () => {
    expect(await count(`SELECT count(*) AS n FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}'`)).toBe(DEMO_CUSTOMERS);
    const reservations = await all<{ id: string; status: string; startTs: string; endTs: string }>(
      `SELECT id, status, start_ts AS startTs, end_ts AS endTs FROM reservations WHERE user_id IN (SELECT id FROM users WHERE email LIKE '%@${DEMO_CUSTOMER_DOMAIN}')`,
    );
    for (const row of reservations) {
      expect(z.uuid().safeParse(row.id).success, row.id).toBe(true);
      expect(row.startTs >= manilaDateStart(from).toISOString()).toBe(true);
      expect(row.startTs <= now.toISOString()).toBe(true);
      // Parked and over, or parked now.
      if (row.status === 'COMPLETED') expect(row.endTs <= now.toISOString()).toBe(true);
      if (row.status === 'ACTIVE') expect(row.endTs > now.toISOString()).toBe(true);
    }
    // Today so far: stays that began today, and (the airport never empties) cars inside now.
    expect(
      await count(`SELECT count(*) AS n FROM checkins WHERE entry_ts >= '${manilaDateStart(manilaDate(now)).toISOString()}'`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM checkins WHERE exit_ts IS NULL`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM checkins WHERE entry_ts > '${now.toISOString()}' OR exit_ts > '${now.toISOString()}'`),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM reservations r WHERE status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM checkins k WHERE k.reservation_id = r.id AND k.exit_ts IS NULL)`,
      ),
    ).toBe(0);
    const statuses = new Set(reservations.map((row) => row.status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['CANCELLED', 'COMPLETED', 'EXPIRED']));
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

  it('shows the owner’s dashboard the cars inside now', async () => {
    // As of the history's own now: the route would ask at the real one.
    const ownerId = (await env.DB.prepare(`SELECT id FROM users WHERE email = 'owner@parkada.ph'`).first<{ id: string }>())!.id;
    const kpis = await ownerKpis(db(), { ownerId }, now);
    const inside = await count(
      `SELECT (SELECT count(*) FROM checkins WHERE walk_in = 1 AND exit_ts IS NULL) + (SELECT count(*) FROM reservations WHERE status = 'ACTIVE') AS n`,
    );
    const slots = await count(`SELECT count(*) AS n FROM slots`);
    expect(inside).toBeGreaterThan(0);
    expect(kpis.occupancy).toBeCloseTo((inside / slots) * 100, 0);
  });

  it('keeps every stay inside its lot’s opening hours', async () => {
    const outside = await all<{ name: string }>(`
      SELECT l.name, x.s, x.e FROM (${STAYS}) x JOIN slots s ON s.id = x.slot_id JOIN lots l ON l.id = s.lot_id
       WHERE time(x.s, '+8 hours') < json_extract(l.hours_json, '$.monday.open') || ':00'
          OR (x.e <> '9' AND (time(x.e, '+8 hours') > json_extract(l.hours_json, '$.monday.close') || ':00' OR date(x.e, '+8 hours') > date(x.s, '+8 hours')))
       LIMIT 5`);
    expect(outside).toEqual([]);
  });

  it('never gives a slot to two stays at once', async () => {
    const overlaps = await count(`
      SELECT count(*) AS n FROM (SELECT s, max(e) OVER (PARTITION BY slot_id ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before FROM (${STAYS}))
       WHERE before > s`);
    expect(overlaps).toBe(0);
  });

  it('fills business districts on weekday office hours and malls on weekends', async () => {
    // Per lot and Manila day type: the busiest hour's share of the slots taken, averaged over the days.
    const peaks = await all<{ name: string; weekend: number; peak: number }>(`
      SELECT name, weekend, max(share) AS peak FROM (
        SELECT l.name, (strftime('%w', h.hour, 'unixepoch') IN ('0', '6')) AS weekend, h.hour % 86400 AS at,
               avg(h.seconds * 100.0 / 3600 / (SELECT count(*) FROM slots WHERE lot_id = l.id)) AS share
          FROM lot_stay_hours h JOIN lots l ON l.id = h.lot_id
         WHERE h.hour < ${Math.floor(manilaDateStart(manilaDate(now)).getTime() / 1000) + 8 * 3600}
         GROUP BY 1, 2, 3) GROUP BY 1, 2`);
    const peak = (name: string, weekend: 0 | 1) => peaks.find((row) => row.name === name && row.weekend === weekend)?.peak ?? 0;
    const business = DEMO_LOTS.find((lot) => lot.kind === 'business' && lot.demand === 100)!.name;
    const mall = DEMO_LOTS.find((lot) => lot.kind === 'mall' && lot.demand === 100)!.name;
    expect(peak(business, 0)).toBeGreaterThanOrEqual(70);
    expect(peak(business, 1)).toBeLessThan(35);
    expect(peak(mall, 1)).toBeGreaterThanOrEqual(70);
    expect(peak(mall, 1)).toBeGreaterThan(peak(mall, 0) + 5);
    for (const row of peaks) expect(row.peak).toBeLessThanOrEqual(100);
  });

  it('gives the demo driver completed stays with receipts, and the points their payments earned', async () => {
    const stays = await all<{
      id: string;
      lot: string;
      amount: number;
      paid: number;
      points: number;
      receipt: string;
      receiptAmount: number;
    }>(`
      SELECT r.id, l.name AS lot, r.amount_cents AS amount,
             (SELECT -sum(amount_cents) FROM wallet_transactions t WHERE t.reservation_id = r.id) AS paid,
             (SELECT sum(points_delta) FROM wallet_transactions t WHERE t.reservation_id = r.id) AS points,
             c.number AS receipt, c.amount_cents AS receiptAmount
        FROM reservations r JOIN users u ON u.id = r.user_id AND u.email = 'driver@parkada.ph' JOIN lots l ON l.id = r.lot_id
        LEFT JOIN receipts c ON c.reservation_id = r.id AND c.kind = 'RECEIPT'
       WHERE r.status = 'COMPLETED'`);
    expect(stays).toHaveLength(DRIVER_STAYS.length);
    expect(new Set(stays.map((stay) => stay.lot)).size).toBeGreaterThanOrEqual(3);
    for (const stay of stays) {
      expect(stay.paid).toBe(stay.amount);
      expect(stay.receiptAmount).toBe(stay.amount);
      expect(stay.receipt).toMatch(RECEIPT_NUMBER_PATTERN);
      expect(stay.points).toBe(pointsForSpend(stay.amount));
    }
    // Numbers run without a gap in each lot's series.
    const series = await all<{ lot: string; n: number; last: number }>(
      `SELECT s.lot_id AS lot, count(c.id) AS n, s.last_number AS last FROM receipt_series s LEFT JOIN receipts c ON c.lot_id = s.lot_id GROUP BY s.lot_id`,
    );
    for (const row of series) expect(row.n).toBe(row.last);
    const cookie = await cookieFor('parking_user');
    const wallet = await (await call('/api/wallet', { cookie })).json<{ balanceCents: number; points: number }>();
    const ledger = (await env.DB.prepare(
      `SELECT sum(t.amount_cents) AS balance, sum(t.points_delta) AS points FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id JOIN users u ON u.id = w.user_id WHERE u.email = 'driver@parkada.ph'`,
    ).first<{ balance: number; points: number }>())!;
    expect(wallet.points).toBe(ledger.points);
    expect(wallet.points).toBe(stays.reduce((total, stay) => total + pointsForSpend(stay.amount), 0));
    expect(wallet.balanceCents).toBe(ledger.balance);
    expect(wallet.balanceCents).toBeGreaterThan(0);
  });

  it('charges the rate-card lots’ stays by their card, for the slot’s vehicle class, its lines adding up to each booking', async () => {
    const cardPrice = (name: string, hours: number, vehicleType: 'car' | 'motorcycle') =>
      quote(demoPricingOf(DEMO_LOTS.find((lot) => lot.name === name)!), hours * HOUR_MS, 0, { vehicleType }).totalCents;
    const walkIns = await all<{ lot: string; vehicle: 'car' | 'motorcycle'; hours: number; amount: number }>(`
      SELECT l.name AS lot, s.vehicle_type AS vehicle, (strftime('%s', k.exit_ts) - strftime('%s', k.entry_ts) + 3599) / 3600 AS hours, k.amount_cents AS amount
        FROM checkins k JOIN lots l ON l.id = k.lot_id JOIN slots s ON s.id = k.slot_id JOIN pricing p ON p.lot_id = l.id
       WHERE k.walk_in = 1 AND k.exit_ts IS NOT NULL AND p.strategy = 'RATE_CARD'`);
    expect(new Set(walkIns.map((row) => row.vehicle))).toEqual(new Set(['car', 'motorcycle']));
    expect(walkIns.some((row) => row.lot === 'NAIA Terminal 3 Parking')).toBe(true);
    expect(walkIns.filter((row) => row.amount !== cardPrice(row.lot, row.hours, row.vehicle)).slice(0, 3)).toEqual([]);
    // A booking's charge keeps the card's lines; with its extension it is what the reservation cost.
    expect(
      await count(`SELECT count(*) AS n FROM charges c JOIN pricing p ON p.lot_id = c.lot_id
        WHERE c.kind = 'BOOKING' AND p.strategy = 'RATE_CARD'
          AND coalesce((SELECT sum(json_extract(j.value, '$.cents')) FROM json_each(c.lines_json) j), -1) <> c.amount_cents`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM reservations r
        WHERE r.amount_cents <> (SELECT sum(amount_cents) FROM charges c WHERE c.reservation_id = r.id AND c.kind IN ('BOOKING', 'EXTENSION'))`),
    ).toBe(0);
    const driverStays = await all<{ lot: string; hours: number; amount: number }>(`
      SELECT l.name AS lot, (strftime('%s', r.end_ts) - strftime('%s', r.start_ts)) / 3600 AS hours, r.amount_cents AS amount
        FROM reservations r JOIN users u ON u.id = r.user_id AND u.email = 'driver@parkada.ph' JOIN lots l ON l.id = r.lot_id
       WHERE l.name = 'Greenbelt 3 Parking'`);
    expect(driverStays.length).toBeGreaterThan(0);
    for (const stay of driverStays) expect(stay.amount).toBe(cardPrice(stay.lot, stay.hours, 'car'));
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
    expect(report.kpis.avgOccupancy).toBeGreaterThan(20);
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
    expect(customers.customers).toBeGreaterThan(DEMO_CUSTOMERS / 2);
    expect(customers.top).toHaveLength(5);
  });

  it('opens the lots before their first record, so the pricing page reads every whole day of the last four weeks', async () => {
    const [lot] = await all<{ id: string; createdAt: string; decidedAt: string; submittedAt: string; updatedAt: string }>(
      `SELECT l.id, l.created_at AS createdAt, s.decided_at AS decidedAt, s.submitted_at AS submittedAt, p.updated_at AS updatedAt
         FROM lots l JOIN lot_submissions s ON s.lot_id = l.id JOIN pricing p ON p.lot_id = l.id WHERE l.name = 'Greenbelt 3 Parking'`,
    );
    const [first] = await all<{ at: string }>(
      `SELECT min(at) AS at FROM (SELECT created_at AS at FROM reservations WHERE lot_id = '${lot.id}' UNION ALL SELECT entry_ts FROM checkins WHERE lot_id = '${lot.id}')`,
    );
    expect(lot.createdAt < first.at && first.at < manilaDateStart(from).toISOString()).toBe(true);
    expect([lot.submittedAt < lot.decidedAt, lot.decidedAt === lot.createdAt, lot.updatedAt === lot.createdAt]).toEqual([true, true, true]);
    const insights = await (await call(`/api/owner/pricing/insights?lotId=${lot.id}`, { cookie: owner })).json<{
      days: number;
      peakHours: unknown[];
      alerts: { message: string }[];
    }>();
    expect(insights.days).toBe(HISTORY_WEEKS * 7);
    expect(insights.peakHours.length).toBeGreaterThan(0);
    expect(insights.alerts.map((alert) => alert.message).join()).not.toContain('No whole day of records');
  });

  it('has the lot objects follow the cars inside now, as D1 records them', async () => {
    const naia = (await env.DB.prepare(
      `SELECT id, (SELECT count(*) FROM slots WHERE lot_id = lots.id) AS total FROM lots WHERE name = 'NAIA Terminal 3 Parking'`,
    ).first<{
      id: string;
      total: number;
    }>())!;
    const inside = await count(`SELECT count(*) AS n FROM checkins WHERE lot_id = '${naia.id}' AND exit_ts IS NULL`);
    const lot = lotObject(env, naia.id);
    const window = { startMs: now.getTime(), endMs: now.getTime() + 60_000 };
    expect((await lot.availability(window, naia.total, now.getTime())).free).toBe(naia.total);
    await followLotRecords(env, db(), now);
    // Following again changes nothing.
    await followLotRecords(env, db(), now);
    expect((await lot.availability(window, naia.total, now.getTime())).free).toBe(naia.total - inside);
  });

  it('writes stays only at the lots it is given, as bench:scale asks for a few', () => {
    const [first, second] = DEMO_LOTS;
    const stays = demoHistorySql(now, 1, [first]).find((sql) => sql.startsWith('CREATE TABLE demo_history_stays'))!;
    expect(stays).toContain(`'${first.name}'`);
    expect(stays).not.toContain(`'${second.name}'`);
  });
});
