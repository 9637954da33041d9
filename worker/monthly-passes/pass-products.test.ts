import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { passProducts } from '../db/schema';
import { newId } from '../db/ids';
import { driver, makeLot } from '../test/booking-fixtures';
import { call, db, messageOf } from '../test/helpers';
import { addProduct, owner, productBody, seedPasses, type Product } from '../test/pass-fixtures';

beforeAll(seedPasses);

describe('the owner’s pass products', () => {
  it('puts a product on sale, lists it, and pauses it (then drivers no longer see it)', async () => {
    const lotId = await makeLot(3);
    const created = await addProduct(
      lotId,
      productBody({ name: 'Weekday daytime', schedule: { daysMask: 0b011_1110, openMinute: 420, closeMinute: 1200 }, quantity: 2 }),
    );
    expect(created.status).toBe(201);
    const product = await created.json<Product>();
    expect(product).toMatchObject({ name: 'Weekday daytime', hours: 'Mon–Fri 07:00–20:00', quantity: 2, left: 2, paused: false });
    const listed = await (await call(`/api/owner/lots/${lotId}/pass-products`, { cookie: owner })).json<{
      slots: number;
      products: Product[];
    }>();
    expect(listed).toMatchObject({ slots: 3, products: [{ id: product.id }] });

    const { cookie } = await driver(0);
    const onSale = await (await call(`/api/lots/${lotId}/pass-products`, { cookie })).json<{
      products: { id: string; periods: { start: string | null; kind: string }[] }[];
    }>();
    expect(onSale.products).toMatchObject([{ id: product.id }]);
    expect(onSale.products[0].periods.map((p) => p.kind)).toEqual(['30days', 'month', 'month']);

    const paused = await call(`/api/owner/lots/${lotId}/pass-products/${product.id}`, {
      method: 'PATCH',
      cookie: owner,
      json: { paused: true },
    });
    expect(await paused.json()).toMatchObject({ paused: true });
    expect((await (await call(`/api/lots/${lotId}/pass-products`, { cookie })).json<{ products: [] }>()).products).toEqual([]);
  });

  it('never puts more passes on sale than the lot has slots, all products together', async () => {
    const lotId = await makeLot(2);
    expect((await addProduct(lotId, productBody({ quantity: 2 }))).status).toBe(201);
    const more = await addProduct(lotId, productBody({ quantity: 1 }));
    expect(more.status).toBe(409);
    expect(await messageOf(more)).toBe('This lot has 2 slots and 2 passes on sale already: at most 0 more can be put on sale.');
  });

  it.each([
    [{ priceCents: 10_000 }, /₱500 to ₱50,000/],
    [{ schedule: { daysMask: 0, openMinute: 0, closeMinute: 1440 } }, /at least one day/],
    [{ schedule: { daysMask: 1, openMinute: 600, closeMinute: 540 } }, /open before they close/],
    [{ name: '' }, /Name the pass/],
  ])('refuses a bad product %j with 400, adding nothing', async (over, message) => {
    const lotId = await makeLot(1);
    const res = await addProduct(lotId, productBody(over));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(message);
    expect(await db().select().from(passProducts).where(eq(passProducts.lotId, lotId))).toEqual([]);
  });

  it('answers 404 for a lot the caller does not manage', async () => {
    expect((await addProduct(newId(), productBody())).status).toBe(404);
  });
});
