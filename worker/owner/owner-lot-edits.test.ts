/** Editing an owner's lot: its layout around the slots bookings hold, its listing held for review, its entrance. */
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, lots, reservations, slots } from '../db/schema';
import { lotObject } from '../lot-object/stub';
import { ALWAYS, driver, inMinutes, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, messageOf, seedOnce } from '../test/helpers';
import { createLot, editLot, labelsOf, lotBody, newOwner, ownerLotCount, type OwnerLot } from '../test/owner-lots';

beforeAll(seedOnce);

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
