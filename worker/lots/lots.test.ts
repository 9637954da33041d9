import { env } from 'cloudflare:test';
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lots, slots, users } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { DEMO_ATTENDANT_LOT } from '../seed/seed';
import { DEMO_LOTS } from '../seed/demo-lots';
import { call, cookieFor, db, seedOnce, signupBody, sessionCookie } from '../test/helpers';

type DriverLot = {
  id: string;
  name: string;
  amenitiesJson: string;
  availability: { occupied: number; total: number; priceSnapshot: { current: number } };
};

let assignedLot = '';
let otherLot = '';
beforeAll(async () => {
  await seedOnce();
  [{ id: assignedLot }] = await db().select({ id: lots.id }).from(lots).where(eq(lots.name, DEMO_ATTENDANT_LOT));
  [{ id: otherLot }] = await db().select({ id: lots.id }).from(lots).where(ne(lots.name, DEMO_ATTENDANT_LOT)).limit(1);
});

describe('public lot search', () => {
  it('lists every approved demo lot with live availability and price', async () => {
    const res = await call('/api/lots?limit=100');
    expect(res.status).toBe(200);
    const list = (await res.json<{ items: DriverLot[] }>()).items.filter((lot) => DEMO_LOTS.some((demo) => demo.name === lot.name));
    expect(list).toHaveLength(DEMO_LOTS.length);
    const greenbelt = list.find((lot) => lot.name === DEMO_ATTENDANT_LOT)!;
    expect(greenbelt.availability).toMatchObject({
      occupied: 0,
      free: 220,
      total: 220,
      priceSnapshot: { current: 6000 },
      // Greenbelt posts a mall's rate card: an hour pays its first block, ₱50 for 3 hours.
      quote: { hours: 1, totalCents: 5000 },
    });
    expect(JSON.parse(greenbelt.amenitiesJson)).toMatchObject({ accessible: true, evCharging: true });
    expect(greenbelt).not.toHaveProperty('ownerId');
  });

  it('counts occupancy from the lot Durable Object', async () => {
    const slotRows = await db().select().from(slots).where(eq(slots.lotId, assignedLot));
    const checkinId = crypto.randomUUID();
    expect(await lotObject(env, assignedLot).admitWalkIn({ checkinId, slots: slotRows, untilMs: Date.now() + 60_000 })).toMatchObject({
      ok: true,
    });
    const res = await call(`/api/lots/${assignedLot}/availability`);
    expect(await res.json()).toMatchObject({ occupied: 1, free: 219, walkIns: 1, total: 220, priceSnapshot: { current: 6000 } });
    await lotObject(env, assignedLot).releaseWalkIn(checkinId);
  });

  it('searches by name or address', async () => {
    const list = (await (await call('/api/lots?q=BGC')).json<{ items: DriverLot[] }>()).items;
    const names = (await (await call('/api/lots?q=Bonifacio')).json<{ items: DriverLot[] }>()).items.map((l) => l.name);
    expect(list).toHaveLength(0);
    expect(names).toContain('Bonifacio High Street Parking');
  });

  it('answers 404 for an unknown lot and 400 for a malformed id', async () => {
    expect((await call(`/api/lots/${crypto.randomUUID()}`)).status).toBe(404);
    const bad = await call('/api/lots/not-an-id');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Unknown lot id' });
  });

  it('never lists a lot that is not approved', async () => {
    await db().update(lots).set({ isApproved: false }).where(eq(lots.id, otherLot));
    const ids = (await (await call('/api/lots?limit=100')).json<{ items: DriverLot[] }>()).items.map((l) => l.id);
    expect(ids).not.toContain(otherLot);
    expect((await call(`/api/lots/${otherLot}`)).status).toBe(404);
    await db().update(lots).set({ isApproved: true }).where(eq(lots.id, otherLot));
  });

  it('seeds slots with accessible and EV bays', async () => {
    const rows = await db().select().from(slots).where(eq(slots.lotId, assignedLot));
    expect(rows).toHaveLength(220);
    expect(new Set(rows.map((s) => s.label)).size).toBe(220);
    expect(rows.some((s) => s.accessible)).toBe(true);
    expect(rows.some((s) => s.evCharging)).toBe(true);
  });
});

describe('ownership beyond roles', () => {
  it('shows an owner only their own lots and hides other owners’ lots as 404', async () => {
    const owner = await cookieFor('owner_admin');
    expect((await (await call('/api/owner/lots', { cookie: owner })).json<{ items: unknown[] }>()).items).toHaveLength(DEMO_LOTS.length);

    // A second owner (promoted driver) owns nothing and cannot read the demo owner's lot.
    const res = await call('/api/auth/signup', { method: 'POST', json: signupBody() });
    const { user } = await res.json<{ user: { id: string } }>();
    await db().update(users).set({ role: 'owner_admin' }).where(eq(users.id, user.id));
    const rival = sessionCookie(res);
    expect(await (await call('/api/owner/lots', { cookie: rival })).json()).toEqual({ items: [], nextCursor: null });
    expect((await call(`/api/owner/lots/${assignedLot}`, { cookie: rival })).status).toBe(404);
    expect((await call(`/api/owner/lots/${assignedLot}`, { cookie: owner })).status).toBe(200);
  });

  it('lets an attendant see only the lot they are assigned to', async () => {
    const attendant = await cookieFor('attendant');
    const mine = await call('/api/attendant/lots', { cookie: attendant });
    expect((await mine.json<{ id: string }[]>()).map((l) => l.id)).toEqual([assignedLot]);

    const status = await call(`/api/attendant/lot-status?lotId=${assignedLot}`, { cookie: attendant });
    expect(await status.json()).toMatchObject({
      lotId: assignedLot,
      name: DEMO_ATTENDANT_LOT,
      occupancy: { current: 0, total: 220, percentage: 0 },
      waitingQueue: 0,
      alerts: [],
    });
    expect((await call('/api/attendant/lot-status', { cookie: attendant })).status).toBe(400);
    expect((await call(`/api/attendant/lot-status?lotId=${otherLot}`, { cookie: attendant })).status).toBe(403);
  });
});
