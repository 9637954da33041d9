import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, lotSubmissions, lots, pricing, reservations, slots, users } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { ALWAYS, driver, inMinutes, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, messageOf, seedOnce, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';

type OwnerLot = {
  id: string;
  name: string;
  isApproved: boolean;
  hoursJson: string;
  rulesJson: string;
  totalSlots: number;
  accessibleSlots: number;
  evChargingSlots: number;
  levels: string[];
  occupancy: { occupied: number; total: number };
};

/** A second owner_admin of their own, with a session. */
async function newOwner() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'space_owner' });
  await db().update(users).set({ role: 'owner_admin' }).where(eq(users.id, user.id));
  return { user, cookie: await signedInAs(user.id) };
}

const lotBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Salcedo Village Lot',
  address: 'Tordesillas St, Makati',
  geoLat: 14.5606,
  geoLng: 121.0227,
  totalSlots: 3,
  ...overrides,
});
const createLot = (cookie: string, body: Record<string, unknown>) => call('/api/owner/lots', { method: 'POST', cookie, json: body });
const editLot = (cookie: string, id: string, json: unknown) => call(`/api/owner/lots/${id}`, { method: 'PATCH', cookie, json });
const labelsOf = async (lotId: string, active = true) =>
  (
    await db()
      .select({ label: slots.label })
      .from(slots)
      .where(and(eq(slots.lotId, lotId), eq(slots.active, active)))
  )
    .map((s) => s.label)
    .sort();
const ownerLotCount = async (ownerId: string) => (await db().select().from(lots).where(eq(lots.ownerId, ownerId))).length;

beforeAll(seedOnce);

describe('POST /api/owner/lots', () => {
  it('submits a lot for approval with the form defaults and generated slot labels', async () => {
    const { user, cookie } = await newOwner();
    const res = await createLot(cookie, lotBody({ totalSlots: 5, accessibleSlots: 1, evChargingSlots: 2, levels: ['b1', 'B2'] }));
    expect(res.status).toBe(201);
    const lot = await res.json<OwnerLot>();
    expect(lot).toMatchObject({
      name: 'Salcedo Village Lot',
      isApproved: false,
      totalSlots: 5,
      accessibleSlots: 1,
      evChargingSlots: 2,
      levels: ['B1', 'B2'],
      occupancy: { occupied: 0, total: 5 },
    });
    expect(JSON.parse(lot.rulesJson)).toEqual({
      maxDuration: 8,
      allowOvernight: false,
      vehicleTypes: ['car', 'motorcycle'],
      walkInHorizonMinutes: 120,
    });
    expect(JSON.parse(lot.hoursJson).sunday).toEqual({ open: '06:00', close: '22:00' });
    expect(await labelsOf(lot.id)).toEqual(['B1-001', 'B1-002', 'B1-003', 'B2-001', 'B2-002']);
    const bays = await db().select().from(slots).where(eq(slots.lotId, lot.id));
    expect(bays.filter((s) => s.accessible).map((s) => s.label)).toEqual(['B1-001']);
    expect(
      bays
        .filter((s) => s.evCharging)
        .map((s) => s.label)
        .sort(),
    ).toEqual(['B2-001', 'B2-002']);

    const [submission] = await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id));
    expect(submission).toMatchObject({
      ownerId: user.id,
      status: 'pending',
      totalSlots: 5,
      accessibleSlots: 1,
      evChargingSlots: 2,
      hourlyRate: 8000,
    });

    // Drivers never see it before approval; its owner does, pending.
    expect((await call(`/api/lots/${lot.id}`)).status).toBe(404);
    const mine = (await (await call('/api/owner/lots', { cookie })).json<{ items: OwnerLot[] }>()).items;
    expect(mine.map((l) => [l.id, l.isApproved])).toEqual([[lot.id, false]]);
  });

  it('lists lots in pages by name, so no request asks every lot object at once', async () => {
    const { cookie } = await newOwner();
    for (const name of ['Cubao Lot', 'Alabang Lot', 'Binondo Lot']) expect((await createLot(cookie, lotBody({ name }))).status).toBe(201);
    const page = async (who: string, limit: number, cursor?: string) => {
      const res = await call(`/api/owner/lots?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { cookie: who });
      expect(res.status).toBe(200);
      return res.json<{ items: OwnerLot[]; nextCursor: string | null }>();
    };
    const first = await page(cookie, 2);
    expect(first.items.map((lot) => lot.name)).toEqual(['Alabang Lot', 'Binondo Lot']);
    const second = await page(cookie, 2, first.nextCursor!);
    expect(second).toMatchObject({ items: [{ name: 'Cubao Lot' }], nextCursor: null });
    // The super admin's list is every owner's lots, a page at a time.
    const admin = await cookieFor('super_admin');
    const adminFirst = await page(admin, 1);
    expect(adminFirst.items).toHaveLength(1);
    expect(adminFirst.nextCursor).not.toBeNull();
    for (const query of ['limit=0', 'limit=101', 'cursor=nonsense']) {
      const res = await call(`/api/owner/lots?${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
    }
  });

  it('keeps per-day hours with closed days, sent as JSON text or as an object', async () => {
    const { cookie } = await newOwner();
    const hours = { monday: { open: '07:00', close: '21:00' }, saturday: { open: '08:00', close: '18:00' } };
    const asText = await (await createLot(cookie, lotBody({ hoursJson: JSON.stringify(hours) }))).json<OwnerLot>();
    const asObject = await (await createLot(cookie, lotBody({ hoursJson: hours }))).json<OwnerLot>();
    expect(JSON.parse(asText.hoursJson)).toEqual(hours);
    expect(JSON.parse(asObject.hoursJson)).toEqual(hours);
  });

  it('takes the first hourly rate for both the lot’s price and its submission', async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody({ hourlyRate: 12_500 }))).json<OwnerLot>();
    expect(
      await db().select({ strategy: pricing.strategy, baseRate: pricing.baseRate }).from(pricing).where(eq(pricing.lotId, lot.id)),
    ).toEqual([{ strategy: 'STATIC', baseRate: 12_500 }]);
    expect(
      await db().select({ hourlyRate: lotSubmissions.hourlyRate }).from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id)),
    ).toEqual([{ hourlyRate: 12_500 }]);
  });

  it('refuses a bad lot with 400 and a message, creating nothing', async () => {
    const { user, cookie } = await newOwner();
    const cases: [Record<string, unknown>, string][] = [
      [lotBody({ name: '' }), 'Name is required'],
      [lotBody({ geoLat: undefined }), 'Latitude is required'],
      [lotBody({ totalSlots: 0 }), 'A lot needs at least one slot'],
      [
        lotBody({ totalSlots: 3, accessibleSlots: 2, evChargingSlots: 2 }),
        'Accessible and EV charging slots together cannot exceed the total slots',
      ],
      [lotBody({ hoursJson: { monday: { open: '22:00', close: '06:00' } } }), 'A day must close after it opens'],
      [lotBody({ hoursJson: {} }), 'A lot must open on at least one day'],
      [lotBody({ hoursJson: '{not json' }), ''],
      [lotBody({ rulesJson: { maxDuration: 30 } }), 'Max duration is 1 to 24 hours'],
      [lotBody({ levels: ['B1', 'b1'] }), 'Each level is named once'],
      [lotBody({ hourlyRate: 999 }), 'The base rate is ₱10 to ₱500 an hour'],
      [lotBody({ hourlyRate: 50_001 }), 'The base rate is ₱10 to ₱500 an hour'],
      [lotBody({ hourlyRate: 4_000.5 }), 'The base rate is in whole centavos'],
    ];
    for (const [body, message] of cases) {
      const res = await createLot(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json<{ message: string }>();
      if (message) expect(answer.message).toBe(message);
      else expect(answer.message).toBeTruthy();
    }
    expect(await ownerLotCount(user.id)).toBe(0);
  });

  it('is for owners only', async () => {
    const { cookie } = await driver(0);
    expect((await createLot(cookie, lotBody())).status).toBe(403);
  });
});

describe('PATCH /api/owner/lots/:id', () => {
  /** An approved lot open around the clock, so drivers can book it now. */
  async function bookableLot(cookie: string, totalSlots: number) {
    const lot = await (
      await createLot(cookie, lotBody({ totalSlots, hoursJson: ALWAYS, rulesJson: { maxDuration: 24, allowOvernight: true } }))
    ).json<OwnerLot>();
    await db().update(lots).set({ isApproved: true }).where(eq(lots.id, lot.id));
    return lot.id;
  }

  it('grows it with the next labels at once, and holds a new name for review', async () => {
    const { cookie } = await newOwner();
    const lotId = await bookableLot(cookie, 2);
    const res = await editLot(cookie, lotId, { name: 'Salcedo Lot B', totalSlots: 4, accessibleSlots: 1, evChargingSlots: 0 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Salcedo Village Lot',
      pendingListing: { name: 'Salcedo Lot B' },
      totalSlots: 4,
      accessibleSlots: 1,
      occupancy: { total: 4 },
    });
    expect(await labelsOf(lotId)).toEqual(['P-001', 'P-002', 'P-003', 'P-004']);
  });

  it('holds an approved listing change for the super admin: drivers see the approved one until it is approved, and a rejection keeps it', async () => {
    const { cookie } = await newOwner();
    const admin = await cookieFor('super_admin');
    const lotId = await bookableLot(cookie, 2);
    const publicName = async () => (await (await call(`/api/lots/${lotId}`)).json<{ name: string; address: string }>()).name;
    const change = { name: 'Salcedo Tower Parking', address: 'Leviste St, Makati', geoLat: 14.561 };
    expect((await editLot(cookie, lotId, { ...change, rulesJson: { maxDuration: 12, allowOvernight: true } })).status).toBe(200);
    expect(await publicName()).toBe('Salcedo Village Lot');
    // Rules apply at once; the listing waits.
    expect(JSON.parse((await db().select().from(lots).where(eq(lots.id, lotId)))[0].rulesJson)).toMatchObject({ maxDuration: 12 });
    // A second change replaces the pending one: one change per lot waits.
    expect((await editLot(cookie, lotId, { ...change, name: 'Salcedo Tower Car Park' })).status).toBe(200);
    const queue = await (await call('/api/admin/lot-changes', { cookie: admin })).json<{
      items: { id: string; lotId: string; name: string; address: string; geoLat: number; geoLng: number; current: { name: string } }[];
    }>();
    const pending = queue.items.filter((item) => item.lotId === lotId);
    expect(pending).toMatchObject([
      {
        name: 'Salcedo Tower Car Park',
        address: 'Leviste St, Makati',
        geoLat: 14.561,
        geoLng: 121.0227,
        current: { name: 'Salcedo Village Lot' },
      },
    ]);
    // The owner cannot decide it.
    expect((await call(`/api/admin/lot-changes/${pending[0].id}/approve`, { method: 'POST', cookie, json: {} })).status).toBe(403);
    expect((await call(`/api/admin/lot-changes/${pending[0].id}/approve`, { method: 'POST', cookie: admin, json: {} })).status).toBe(200);
    expect(await publicName()).toBe('Salcedo Tower Car Park');
    const again = await call(`/api/admin/lot-changes/${pending[0].id}/reject`, { method: 'POST', cookie: admin, json: { reason: 'Late' } });
    expect(again.status).toBe(409);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'APPROVE_LOT_CHANGE'), eq(auditLogs.subject, `lot_revision:${pending[0].id}`)));
    expect(JSON.parse(audit.contextJson)).toMatchObject({ lotId, from: 'Salcedo Village Lot', name: 'Salcedo Tower Car Park' });

    expect((await editLot(cookie, lotId, { name: 'Totally Different' })).status).toBe(200);
    const next = (
      await (await call('/api/admin/lot-changes', { cookie: admin })).json<{ items: { id: string; lotId: string }[] }>()
    ).items.find((item) => item.lotId === lotId)!;
    const rejected = await call(`/api/admin/lot-changes/${next.id}/reject`, {
      method: 'POST',
      cookie: admin,
      json: { reason: 'Not the sign on the gate' },
    });
    expect(rejected.status).toBe(200);
    expect(await publicName()).toBe('Salcedo Tower Car Park');
    expect((await (await call(`/api/owner/lots/${lotId}`, { cookie })).json<{ pendingListing: unknown }>()).pendingListing).toBeNull();
  });

  it('lets the owner edit a lot’s listing freely before it is approved', async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    const res = await editLot(cookie, lot.id, { name: 'Salcedo Lot C' });
    expect(await res.json()).toMatchObject({ name: 'Salcedo Lot C', pendingListing: null });
  });

  it('never removes a slot a current or upcoming reservation holds, and says why', async () => {
    const { cookie } = await newOwner();
    const lotId = await bookableLot(cookie, 3);
    for (const { cookie: driverCookie } of [await driver(1_000), await driver(1_000)]) {
      expect((await reserve(driverCookie, { lotId, start: inMinutes(30) })).status).toBe(201);
    }
    const booked = (await db().select({ slotId: reservations.slotId }).from(reservations).where(eq(reservations.lotId, lotId))).map(
      (r) => r.slotId,
    );
    expect(booked).toHaveLength(2);

    const refused = await editLot(cookie, lotId, { totalSlots: 1 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^Slots P-002 \(booked .+ – .+\) are sold or taken, so the lot cannot shrink to 1 slots yet\./),
      heldSlots: ['P-002'],
    });
    expect(await labelsOf(lotId)).toEqual(['P-001', 'P-002', 'P-003']);

    // The free slot can go; the lot then shows both bookings against two slots.
    const shrunk = await editLot(cookie, lotId, { totalSlots: 2 });
    expect(shrunk.status).toBe(200);
    expect(await shrunk.json()).toMatchObject({ totalSlots: 2, occupancy: { occupied: 2, total: 2 } });
    expect(await labelsOf(lotId, false)).toEqual(['P-003']);

    // Growing again brings the retired slot back under its own id.
    expect((await editLot(cookie, lotId, { totalSlots: 3 })).status).toBe(200);
    expect(await labelsOf(lotId)).toEqual(['P-001', 'P-002', 'P-003']);
    expect(await labelsOf(lotId, false)).toEqual([]);
  });

  it('books a slot it adds to a full lot at once', async () => {
    const { cookie } = await newOwner();
    const lotId = await bookableLot(cookie, 1);
    const window = { lotId, start: inMinutes(90) };
    expect((await reserve((await driver(1_000)).cookie, window)).status).toBe(201);
    expect((await reserve((await driver(1_000)).cookie, window)).status).toBe(409);
    expect((await editLot(cookie, lotId, { totalSlots: 2 })).status).toBe(200);
    expect((await reserve((await driver(1_000)).cookie, window)).status).toBe(201);
  });

  it('counts a car inside as holding its slot', async () => {
    const { cookie } = await newOwner();
    const lotId = await bookableLot(cookie, 2);
    const bays = await db().select().from(slots).where(eq(slots.lotId, lotId));
    await lotObject(env, lotId).admitWalkIn({
      checkinId: crypto.randomUUID(),
      slots: bays,
      slotLabel: 'P-002',
      untilMs: Date.now() + 60_000,
    });
    expect((await editLot(cookie, lotId, { totalSlots: 1 })).status).toBe(409);
  });

  it('refuses a partial layout', async () => {
    const { cookie } = await newOwner();
    const lotId = await bookableLot(cookie, 2);
    const res = await editLot(cookie, lotId, { accessibleSlots: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'A slot layout change needs totalSlots' });
  });
});

describe('DELETE /api/owner/lots/:id', () => {
  it('deletes a lot nobody booked, with its slots and submission', async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    expect((await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await db().select().from(lots).where(eq(lots.id, lot.id))).toEqual([]);
    expect(await db().select().from(lotSubmissions).where(eq(lotSubmissions.lotId, lot.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `lot:${lot.id}`)),
    ).toMatchObject([{ action: 'DELETE_LOT' }]);
  });

  it('refuses with 409 while reservations are upcoming, and keeps a lot with history', async () => {
    const { cookie } = await newOwner();
    const lot = await (
      await createLot(cookie, lotBody({ hoursJson: ALWAYS, rulesJson: { maxDuration: 24, allowOvernight: true } }))
    ).json<OwnerLot>();
    await db().update(lots).set({ isApproved: true }).where(eq(lots.id, lot.id));
    const { cookie: driverCookie } = await driver(1_000);
    const booking = await (await reserve(driverCookie, { lotId: lot.id, start: inMinutes(120) })).json<{ id: string }>();

    const refused = await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: expect.stringContaining('1 current or upcoming reservation, so it cannot be deleted'),
    });

    await db().update(reservations).set({ status: 'COMPLETED' }).where(eq(reservations.id, booking.id));
    const kept = await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie });
    expect(kept.status).toBe(409);
    expect((await kept.json<{ message: string }>()).message).toContain('past bookings');
    expect(await db().select().from(lots).where(eq(lots.id, lot.id))).toHaveLength(1);
  });
});

describe('deactivating a lot', () => {
  it('stops new bookings and leaves search while what is booked stands; activating takes bookings again', async () => {
    const { cookie } = await newOwner();
    const lot = await (
      await createLot(
        cookie,
        lotBody({ name: 'Deactivation Lot', hoursJson: ALWAYS, rulesJson: { maxDuration: 24, allowOvernight: true } }),
      )
    ).json<OwnerLot>();
    await db().update(lots).set({ isApproved: true }).where(eq(lots.id, lot.id));
    const { cookie: driverCookie } = await driver(1_000);
    const booked = await (await reserve(driverCookie, { lotId: lot.id, start: inMinutes(120) })).json<{ id: string }>();
    const listed = async () =>
      (await (await call('/api/lots?q=Deactivation&limit=100')).json<{ items: { id: string }[] }>()).items.some((l) => l.id === lot.id);
    expect(await listed()).toBe(true);

    expect(await (await editLot(cookie, lot.id, { isActive: false })).json()).toMatchObject({ isActive: false });
    expect(await listed()).toBe(false);
    const refused = await reserve(driverCookie, { lotId: lot.id, start: inMinutes(300) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'This lot is not taking new bookings right now.' });
    expect((await db().select().from(reservations).where(eq(reservations.id, booked.id)))[0].status).toBe('CONFIRMED');

    expect((await editLot(cookie, lot.id, { isActive: true })).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await reserve(driverCookie, { lotId: lot.id, start: inMinutes(300) })).status).toBe(201);
  });
});

describe('the lot’s entrance', () => {
  /** About 190 m east of the Salcedo pin: where the cars turn in. */
  const gate = { entranceLat: 14.5606, entranceLng: 121.0245 };
  const tooFar = 'The entrance must be within 500 m of the lot’s pin; this one is 1.1 km away';
  const entranceOfLot = async (lotId: string) =>
    (await db().select({ entranceLat: lots.entranceLat, entranceLng: lots.entranceLng }).from(lots).where(eq(lots.id, lotId)))[0];

  it('is set with a new lot or left to the pin; one over 500 m from the pin, or half given, is a 400 that creates nothing', async () => {
    const { user, cookie } = await newOwner();
    const res = await createLot(cookie, lotBody(gate));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject(gate);
    expect(await (await createLot(cookie, lotBody())).json()).toMatchObject({ entranceLat: null, entranceLng: null });
    const far = await createLot(cookie, lotBody({ entranceLat: 14.5606, entranceLng: 121.0327 }));
    expect(far.status).toBe(400);
    expect(await messageOf(far)).toBe(tooFar);
    const half = await createLot(cookie, lotBody({ entranceLat: 14.5606 }));
    expect(half.status).toBe(400);
    expect(await messageOf(half)).toBe('Give the entrance’s latitude and longitude together, or neither when the pin is the entrance');
    expect(await ownerLotCount(user.id)).toBe(2);
  });

  it('checks an edit against what the lot keeps: a new entrance against its pin, a moved pin against its entrance', async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody(gate))).json<OwnerLot>();
    const far = await editLot(cookie, lot.id, { entranceLat: 14.5606, entranceLng: 121.0327 });
    expect(far.status).toBe(400);
    expect(await messageOf(far)).toBe(tooFar);
    const moved = await editLot(cookie, lot.id, { geoLng: 121.0145 });
    expect(moved.status).toBe(400);
    expect(await messageOf(moved)).toBe('The entrance must be within 500 m of the lot’s pin; this one is 1.1 km away');
    expect(await entranceOfLot(lot.id)).toEqual(gate);
    // Before approval the owner edits it freely; both null makes the pin the entrance again.
    const near = await editLot(cookie, lot.id, { entranceLat: 14.561, entranceLng: 121.023 });
    expect(await near.json()).toMatchObject({ entranceLat: 14.561, entranceLng: 121.023, pendingListing: null });
    expect((await editLot(cookie, lot.id, { entranceLat: null, entranceLng: null })).status).toBe(200);
    expect(await entranceOfLot(lot.id)).toEqual({ entranceLat: null, entranceLng: null });
    // A lot written before the rule (an import) is not held hostage: an edit that moves neither point is not refused for them.
    await db().update(lots).set({ entranceLat: 14.5606, entranceLng: 121.0327 }).where(eq(lots.id, lot.id));
    expect((await editLot(cookie, lot.id, { isActive: false })).status).toBe(200);
  });

  it('of an approved lot waits for the super admin like its pin, and the decision is audited with it', async () => {
    const { cookie } = await newOwner();
    const admin = await cookieFor('super_admin');
    const { id: lotId } = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    await db().update(lots).set({ isApproved: true }).where(eq(lots.id, lotId));
    const publicLot = async () => (await call(`/api/lots/${lotId}`)).json<{ entranceLat: number | null; entranceLng: number | null }>();
    expect(await publicLot()).toMatchObject({ entranceLat: null, entranceLng: null });

    const res = await editLot(cookie, lotId, gate);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      entranceLat: null,
      pendingListing: { ...gate, geoLat: 14.5606, name: 'Salcedo Village Lot' },
    });
    expect(await publicLot()).toMatchObject({ entranceLat: null, entranceLng: null });
    const queue = await (await call('/api/admin/lot-changes', { cookie: admin })).json<{ items: { id: string; lotId: string }[] }>();
    const change = queue.items.find((item) => item.lotId === lotId)!;
    expect(change).toMatchObject({ ...gate, current: { entranceLat: null, entranceLng: null } });

    expect((await call(`/api/admin/lot-changes/${change.id}/approve`, { method: 'POST', cookie: admin, json: {} })).status).toBe(200);
    expect(await publicLot()).toMatchObject(gate);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'APPROVE_LOT_CHANGE'), eq(auditLogs.subject, `lot_revision:${change.id}`)));
    expect(JSON.parse(audit.contextJson)).toMatchObject({ lotId, ...gate });
    // The form sends the whole listing on every save: the approved entrance sent again waits for nothing.
    expect(await (await editLot(cookie, lotId, { ...lotBody(gate), totalSlots: 3 })).json()).toMatchObject({ pendingListing: null });
  });
});

describe('another owner’s lot', () => {
  it('answers 404 on every owner route and changes nothing', async () => {
    const { cookie } = await newOwner();
    const { cookie: rival } = await newOwner();
    const lot = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    expect((await call(`/api/owner/lots/${lot.id}`, { cookie: rival })).status).toBe(404);
    expect((await editLot(rival, lot.id, { name: 'Mine now', totalSlots: 1 })).status).toBe(404);
    expect((await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie: rival })).status).toBe(404);
    expect(await (await call('/api/owner/lots', { cookie: rival })).json()).toEqual({ items: [], nextCursor: null });
    expect(await db().select({ name: lots.name }).from(lots).where(eq(lots.id, lot.id))).toEqual([{ name: 'Salcedo Village Lot' }]);
    expect(await labelsOf(lot.id)).toEqual(['P-001', 'P-002', 'P-003']);
  });
});
