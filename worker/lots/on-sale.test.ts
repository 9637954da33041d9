/**
 * A lot on sale (core/lot-sale.ts) against the real D1 and lot objects: a suspended owner's lots, and a
 * lot Parkada unlisted, leave every search and take no new sale; what was sold before is honoured.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotUnavailable } from '../../core/lot-sale';
import { lots } from '../db/schema';
import { balanceOf, cancelBooking, driver, extendBooking, inMinutes, makeLot, modifyBooking, reserve } from '../test/booking-fixtures';
import { gateEnter, reservedCar, type Checkin } from '../test/gate-fixtures';
import { begunAgo, chooseRemedy, reported } from '../test/lot-issue-fixtures';
import { call, cookieFor, db, messageOf, seedOnce, signedInAccount } from '../test/helpers';
import { addProduct, buy, productBody, type Product } from '../test/pass-fixtures';

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});

/** A new owner's lot with a monthly pass on sale, and a driver's booking made while the lot was on sale. */
async function soldLot() {
  const owner = await signedInAccount('owner_admin');
  const lotId = await makeLot(3, { ownerId: owner.user.id });
  const [{ name }] = await db().select({ name: lots.name }).from(lots).where(eq(lots.id, lotId));
  const product = await (await addProduct(lotId, productBody({ quantity: 2 }), owner.cookie)).json<Product>();
  const booked = await reservedCar(lotId, { start: inMinutes(60), hours: 2 });
  return { owner: owner.user, lotId, name, product, ...booked };
}

const suspension = (userId: string, action: 'suspend' | 'reactivate') =>
  call(`/api/admin/users/${userId}/${action}`, { method: 'POST', cookie: admin, json: {} });
const listing = (lotId: string, action: 'unlist' | 'list', json: unknown = { reason: 'Permit under review' }) =>
  call(`/api/admin/lots/${lotId}/${action}`, { method: 'POST', cookie: admin, json });

/** Whether each of search's orders and places (near a point, a map's box, none) finds the lot. */
async function foundBySearch(name: string) {
  const q = `q=${encodeURIComponent(name)}`;
  const searches = [`?${q}`, `?${q}&near=14.55,121.02&sort=cheapest`, `?${q}&bbox=121.00,14.54,121.04,14.56&sort=best`];
  return Promise.all(
    searches.map(async (search) => {
      const res = await call(`/api/lots${search}`);
      expect(res.status, search).toBe(200);
      return (await res.json<{ items: { name: string }[] }>()).items.some((lot) => lot.name === name);
    }),
  );
}

/** Every new sale at the lot is refused, 409 with the lot unavailable, and no money moves. */
async function refusesEverySale(lot: Awaited<ReturnType<typeof soldLot>>) {
  const other = await driver(5_000);
  const unavailable = lotUnavailable(lot.name);
  const before = [await balanceOf(other.user.id), await balanceOf(lot.user.id)];
  const sales = {
    booking: await reserve(other.cookie, { lotId: lot.lotId, start: inMinutes(60), durationHours: 1 }),
    extension: await extendBooking(lot.cookie, lot.booking.id, 1),
    change: await modifyBooking(lot.cookie, lot.booking.id, { start: inMinutes(120), durationHours: 1 }),
    pass: await buy(other.cookie, { productId: lot.product.id, plate: 'NBC 1234' }),
    payCode: await call('/api/wallet/pay-code', { method: 'POST', cookie: other.cookie, json: { lotId: lot.lotId, limitCents: 10_000 } }),
  };
  for (const [sale, res] of Object.entries(sales)) expect([sale, res.status, await messageOf(res)]).toEqual([sale, 409, unavailable]);
  expect([await balanceOf(other.user.id), await balanceOf(lot.user.id)]).toEqual(before);
  const passes = await (await call(`/api/lots/${lot.lotId}/pass-products`, { cookie: other.cookie })).json<{ products: unknown[] }>();
  expect(passes.products).toEqual([]);
}

describe('a suspended owner', () => {
  it('takes their lots out of every search, and back when reactivated', async () => {
    const lot = await soldLot();
    expect(await foundBySearch(lot.name)).toEqual([true, true, true]);
    expect((await suspension(lot.owner.id, 'suspend')).status).toBe(200);
    expect(await foundBySearch(lot.name)).toEqual([false, false, false]);
    expect((await suspension(lot.owner.id, 'reactivate')).status).toBe(200);
    expect(await foundBySearch(lot.name)).toEqual([true, true, true]);
  });

  it('sells nothing new at their lots: a booking, an extension, a change, a monthly pass, a pay code', async () => {
    const lot = await soldLot();
    expect((await suspension(lot.owner.id, 'suspend')).status).toBe(200);
    await refusesEverySale(lot);
    expect((await suspension(lot.owner.id, 'reactivate')).status).toBe(200);
    expect((await extendBooking(lot.cookie, lot.booking.id, 1)).status).toBe(200);
  });

  it('honours what was sold: a booked car checks in, and a booking is cancelled with its refund', async () => {
    const lot = await soldLot();
    const arriving = await reservedCar(lot.lotId, { plate: 'NAB 5678' });
    expect((await suspension(lot.owner.id, 'suspend')).status).toBe(200);
    const before = await balanceOf(lot.user.id);
    const cancelled = await cancelBooking(lot.cookie, lot.booking.id);
    expect([cancelled.status, (await cancelled.json<{ refundCents: number }>()).refundCents]).toEqual([200, 8000]);
    expect(await balanceOf(lot.user.id)).toBe(before + 8000);
    const entry = await gateEnter(admin, { lotId: lot.lotId, plate: 'NAB 5678', reservationId: arriving.booking.id });
    expect(entry.status, await entry.clone().text()).toBe(201);
    expect(await entry.json<Checkin>()).toMatchObject({ reservationId: arriving.booking.id, walkIn: false });
  });

  it('still moves a booking under way off a taken slot', async () => {
    const lot = await soldLot();
    await begunAgo(lot.booking.id, 10);
    const issue = await reported(lot.cookie, lot.lotId, {
      category: 'slot_taken',
      text: 'A van is in my slot.',
      reservationId: lot.booking.id,
    });
    expect((await suspension(lot.owner.id, 'suspend')).status).toBe(200);
    const moved = await chooseRemedy(lot.cookie, issue.id, 'move');
    expect(moved.status, await moved.clone().text()).toBe(200);
  });
});

describe('a lot Parkada unlisted', () => {
  it('leaves every search and sells nothing new until it is listed again', async () => {
    const lot = await soldLot();
    expect((await listing(lot.lotId, 'unlist')).status).toBe(200);
    expect(await foundBySearch(lot.name)).toEqual([false, false, false]);
    await refusesEverySale(lot);
    expect((await listing(lot.lotId, 'list')).status).toBe(200);
    expect(await foundBySearch(lot.name)).toEqual([true, true, true]);
    expect((await reserve(lot.cookie, { lotId: lot.lotId, start: inMinutes(300), durationHours: 1 })).status).toBe(201);
  });
});
