/** The platform KPIs against the real D1: each figure moves with the records it is computed from. */
import { env } from 'cloudflare:test';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app';
import { checkins } from '../db/schema';
import { newId } from '../db/ids';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, seedOnce, signupBody } from '../test/helpers';

let admin: ReturnType<typeof testClient<typeof app>>['api']['admin'];

beforeAll(async () => {
  await seedOnce();
  admin = testClient(app, env, undefined, { headers: { Cookie: await cookieFor('super_admin') } }).api.admin;
});

const kpis = async () => (await admin['platform-kpis'].$get()).json();

describe('platform KPIs', () => {
  it('count owners, bookable lots, revenue from charges and cash walk-ins, recent sign-ins and pending approvals', async () => {
    const before = await kpis();

    const signup = await call('/api/auth/signup', { method: 'POST', json: signupBody({ role: 'property_manager' }) });
    expect(signup.status).toBe(201);
    const lotId = await makeLot(2);
    const { cookie } = await driver();
    const booking = await reserve(cookie, { lotId, start: inMinutes(60) });
    expect(booking.status).toBe(201);
    const { amountCents } = (await booking.json()) as { amountCents: number };
    const walkIn = {
      lotId,
      plate: 'CSH 101',
      walkIn: true,
      entryTs: inMinutes(-120),
      exitTs: inMinutes(-5),
      amountCents: 12_000,
      paidBy: 'cash' as const,
    };
    // An unknown plate's walk-in paid cash at the exit; an undone one does not count.
    await db()
      .insert(checkins)
      .values([
        { id: newId(), ...walkIn },
        { id: newId(), ...walkIn, plate: 'UND 101', undoneAt: inMinutes(-100) },
      ]);

    const after = await kpis();
    expect(after).toEqual({
      totalTenants: before.totalTenants,
      totalLots: before.totalLots + 1,
      totalRevenue: before.totalRevenue + amountCents + 12_000,
      // The applicant signed up (a session) and the driver and admin sessions began in this file.
      activeUsers: expect.any(Number),
      pendingApprovals: before.pendingApprovals + 1,
    });
    expect(after.activeUsers).toBeGreaterThanOrEqual(before.activeUsers + 2);

    const [application] = (await (await admin['owner-applications'].$get({ query: {} })).json()).items;
    await admin.owners[':id'][':action'].$post({ param: { id: application.id, action: 'approve' }, json: {} });
    expect(await kpis()).toMatchObject({ totalTenants: before.totalTenants + 1, pendingApprovals: before.pendingApprovals });
  });
});
