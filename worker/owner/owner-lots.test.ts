/** An owner's lots: submitted for approval, listed, deleted, deactivated; another owner's lot is out of reach. */
import { env } from 'cloudflare:test';
import { lotUnavailable } from '../../core/lot-sale';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, lotIssues, lotSubmissions, lots, pricing, reservations, slots } from '../db/schema';
import { ALWAYS, driver, inMinutes, reserve } from '../test/booking-fixtures';
import { lotObject } from '../lot-object/stub';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { closedStay } from '../test/stays';
import { createLot, editLot, labelsOf, lotBody, newOwner, ownerLotCount, type OwnerLot } from '../test/owner-lots';

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

  it('keeps a lot whose only stays have moved into its object (docs/gate.md, Where a stay lives)', async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    await lotObject(env, lot.id).keepStays([closedStay(crypto.randomUUID(), { lotId: lot.id })]);
    const kept = await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie });
    expect(kept.status).toBe(409);
    expect(await db().select().from(lots).where(eq(lots.id, lot.id))).toHaveLength(1);
  });

  it("keeps a lot a driver reported an issue at, with its report (a 409, not the report's foreign key failing)", async () => {
    const { cookie } = await newOwner();
    const lot = await (await createLot(cookie, lotBody())).json<OwnerLot>();
    const { user } = await driver(0);
    await db()
      .insert(lotIssues)
      .values({ id: crypto.randomUUID(), lotId: lot.id, reporterId: user.id, category: 'facilities', text: 'The ramp light is out.' });

    const kept = await call(`/api/owner/lots/${lot.id}`, { method: 'DELETE', cookie });
    expect(kept.status).toBe(409);
    expect(await db().select().from(lotIssues).where(eq(lotIssues.lotId, lot.id))).toHaveLength(1);
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
    expect(await refused.json()).toMatchObject({ message: lotUnavailable(lot.name) });
    expect((await db().select().from(reservations).where(eq(reservations.id, booked.id)))[0].status).toBe('CONFIRMED');

    expect((await editLot(cookie, lot.id, { isActive: true })).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await reserve(driverCookie, { lotId: lot.id, start: inMinutes(300) })).status).toBe(201);
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
