/** The super admin unlists an approved lot and lists it again (core/lot-sale.ts), against the real D1: a reason each time, audited, and the owner reads it. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotUnavailable } from '../../core/lot-sale';
import { auditLogs, lots } from '../db/schema';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, messageOf, seedOnce, signedInAccount } from '../test/helpers';

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});

const listing = (lotId: string, action: string, json: unknown, cookie = admin) =>
  call(`/api/admin/lots/${lotId}/${action}`, { method: 'POST', cookie, json });
const lotRow = async (lotId: string) => (await db().select().from(lots).where(eq(lots.id, lotId)))[0];
type OwnerLot = { id: string; onSale: boolean; unlistedAt: string | null; unlistedReason: string | null };

/** A new owner's approved lot, and their session. */
async function ownersLot() {
  const owner = await signedInAccount('owner_admin');
  return { owner, lotId: await makeLot(1, { ownerId: owner.user.id }) };
}

describe('unlisting a lot', () => {
  it('unlists with the trimmed reason the owner reads, lists again, and audits both with who and why', async () => {
    const { owner, lotId } = await ownersLot();
    const unlisted = await listing(lotId, 'unlist', { reason: '  Permit expired  ' });
    expect(unlisted.status, await unlisted.clone().text()).toBe(200);
    expect(await unlisted.json()).toMatchObject({ id: lotId, unlistedAt: expect.any(String), unlistedReason: 'Permit expired' });
    const [seen] = (await (await call('/api/owner/lots', { cookie: owner.cookie })).json<{ items: OwnerLot[] }>()).items;
    expect(seen).toMatchObject({ id: lotId, onSale: false, unlistedReason: 'Permit expired' });
    // A driver who opens the lot sees it is not on sale, not why.
    const shown = await (await call(`/api/lots/${lotId}`)).json<Record<string, unknown>>();
    expect([shown.onSale, 'unlistedReason' in shown]).toEqual([false, false]);

    const listed = await listing(lotId, 'list', { reason: 'Permit renewed' });
    expect(await listed.json()).toMatchObject({ id: lotId, unlistedAt: null, unlistedReason: null });
    const entries = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.subject, `lot:${lotId}`));
    expect(entries.sort((a, b) => a.timestamp.localeCompare(b.timestamp)).map((e) => [e.action, JSON.parse(e.contextJson).reason])).toEqual(
      [
        ['UNLIST_LOT', 'Permit expired'],
        ['LIST_LOT', 'Permit renewed'],
      ],
    );
    expect((await reserve((await driver(500)).cookie, { lotId, start: inMinutes(60), durationHours: 1 })).status).toBe(201);
  });

  it('refuses a missing or blank reason (400), an unknown lot (404), and a lot not approved or already so (409), changing nothing', async () => {
    const { owner, lotId } = await ownersLot();
    for (const json of [{}, { reason: '   ' }, { reason: 7 }, { reason: 'x'.repeat(1001) }]) {
      const res = await listing(lotId, 'unlist', json);
      expect([JSON.stringify(json).slice(0, 20), res.status]).toEqual([JSON.stringify(json).slice(0, 20), 400]);
    }
    expect(await messageOf(await listing(lotId, 'unlist', {}))).toBe('Give a reason: the owner reads it on the lot.');
    const unknown = await listing(crypto.randomUUID(), 'unlist', { reason: 'x' });
    expect([unknown.status, await messageOf(unknown)]).toEqual([404, 'Parking lot not found']);
    expect((await listing(lotId, 'hide', { reason: 'x' })).status).toBe(400);

    const notListed = await listing(lotId, 'list', { reason: 'x' });
    expect([notListed.status, await messageOf(notListed)]).toEqual([409, 'This lot is listed already.']);
    expect((await listing(lotId, 'unlist', { reason: 'Fraud' })).status).toBe(200);
    const again = await listing(lotId, 'unlist', { reason: 'Again' });
    expect([again.status, await messageOf(again)]).toEqual([409, 'This lot is already unlisted.']);
    expect((await lotRow(lotId)).unlistedReason).toBe('Fraud');

    await db().update(lots).set({ isApproved: false, unlistedAt: null, unlistedReason: null }).where(eq(lots.id, lotId));
    const pending = await listing(lotId, 'unlist', { reason: 'x' });
    expect([pending.status, await messageOf(pending)]).toEqual([409, 'Only an approved lot can be unlisted or listed again.']);
    expect((await lotRow(lotId)).unlistedAt).toBeNull();
    // Only the super admin: the lot's own owner is refused.
    expect((await listing(lotId, 'unlist', { reason: 'x' }, owner.cookie)).status).toBe(403);
    expect(
      await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `lot:${lotId}`)),
    ).toHaveLength(1);
  });

  it('refuses a booking at the unlisted lot as unavailable', async () => {
    const { lotId } = await ownersLot();
    expect((await listing(lotId, 'unlist', { reason: 'Safety complaints' })).status).toBe(200);
    const res = await reserve((await driver(500)).cookie, { lotId, start: inMinutes(60), durationHours: 1 });
    expect([res.status, await messageOf(res)]).toEqual([409, lotUnavailable((await lotRow(lotId)).name)]);
  });
});
