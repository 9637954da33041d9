import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALWAYS_VALID } from '../../core/monthly-passes';
import { lots } from '../db/schema';
import { driver, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, key, seedOnce } from '../test/helpers';

/** Where a driver is sent: the lot's pin, and its entrance when the owner set one apart from it. */
type Place = { geoLat: number; geoLng: number; entranceLat: number | null; entranceLng: number | null };

// makeLot's pin is 14.55, 121.02; the cars turn in about 150 m north-east of it.
const pin = { geoLat: 14.55, geoLng: 121.02 };
const entrance = { entranceLat: 14.5512, entranceLng: 121.0208 };

let withEntrance = '';
let atPin = '';
beforeAll(async () => {
  await seedOnce();
  withEntrance = await makeLot(2);
  await db().update(lots).set(entrance).where(eq(lots.id, withEntrance));
  atPin = await makeLot(1);
});

describe('the entrance on what drivers read', () => {
  it('is on the lot page and in search, null where the pin is the entrance; the walk is still measured from the pin', async () => {
    expect(await (await call(`/api/lots/${withEntrance}`)).json<Place>()).toMatchObject({ ...pin, ...entrance });
    expect(await (await call(`/api/lots/${atPin}`)).json<Place>()).toMatchObject({ ...pin, entranceLat: null, entranceLng: null });
    const { items } = await (await call('/api/lots?near=14.55,121.02&radiusKm=1&limit=100')).json<{
      items: (Place & { id: string; distanceKm: number })[];
    }>();
    expect(items.find((lot) => lot.id === withEntrance)).toMatchObject({ ...entrance, distanceKm: 0 });
  });

  it('is on the reservation, as booked and as read again', async () => {
    const { cookie } = await driver(1_000);
    const booked = await reserve(cookie, { lotId: withEntrance, start: inMinutes(60), durationHours: 1 });
    expect(booked.status).toBe(201);
    const reservation = await booked.json<Place & { id: string }>();
    expect(reservation).toMatchObject({ ...pin, ...entrance });
    expect(await (await call(`/api/reservations/${reservation.id}`, { cookie })).json()).toMatchObject({ ...pin, ...entrance });
    const other = await (await reserve(cookie, { lotId: atPin, start: inMinutes(60), durationHours: 1 })).json<Place>();
    expect(other).toMatchObject({ entranceLat: null, entranceLng: null });
  });

  it('is on the monthly pass', async () => {
    const product = await (
      await call(`/api/owner/lots/${withEntrance}/pass-products`, {
        method: 'POST',
        cookie: await cookieFor('owner_admin'),
        json: { name: '24/7 Monthly', priceCents: 300_000, schedule: ALWAYS_VALID, quantity: 1 },
      })
    ).json<{ id: string }>();
    const { cookie } = await driver(5_000);
    const sold = await call('/api/monthly-passes', {
      method: 'POST',
      cookie,
      json: { productId: product.id, plate: 'NAB 1234' },
      headers: key(),
    });
    expect(sold.status).toBe(201);
    expect(await sold.json()).toMatchObject({ ...pin, ...entrance });
    const { passes } = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Place[] }>();
    expect(passes).toMatchObject([{ ...pin, ...entrance }]);
  });
});
