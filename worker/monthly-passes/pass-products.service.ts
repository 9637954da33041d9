/**
 * Pass products (docs/passes.md, "Monthly passes"): what an owner puts on sale at a lot, and what a
 * lot sells to drivers, each with its price for the periods on sale.
 */
import { passPeriod, periodPrice, scheduleLabel, type PassPeriod, type PassSchedule } from '../../core/monthly-passes';
import { notFound, refusal } from '../../core/refusal';
import { manilaMonthOf, manilaMonthRange } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { assertManagesLot } from '../lots/lots.service';
import {
  findProduct,
  productInsert,
  productPausedUpdate,
  productsOfLot,
  sellingLotOf,
  slotCount,
  validNowByProduct,
  type PassProduct,
} from './monthly-passes.data';
import { scheduleOf } from './pass-term';

type ProductInput = { name: string; priceCents: number; schedule: PassSchedule; quantity: number };

const productView = (product: PassProduct, validNow: number) => ({
  id: product.id,
  lotId: product.lotId,
  name: product.name,
  priceCents: product.priceCents,
  schedule: scheduleOf(product),
  hours: scheduleLabel(scheduleOf(product)),
  quantity: product.quantity,
  paused: product.paused,
  validNow,
  left: Math.max(0, product.quantity - validNow),
});

export async function lotOrNotFound(db: DB, lotId: string) {
  const lot = await sellingLotOf(db, lotId);
  if (!lot) throw notFound('Parking lot');
  return lot;
}

// ——— Owners ———

/** GET /api/owner/lots/:lotId/pass-products. */
export async function ownerProducts(db: DB, user: SessionUser, lotId: string, now: Date) {
  await assertManagesLot(db, user, lotId);
  const [products, validNow, slots] = await Promise.all([
    productsOfLot(db, lotId),
    validNowByProduct(db, lotId, now),
    slotCount(db, lotId),
  ]);
  return { slots, products: products.map((product) => productView(product, validNow.get(product.id) ?? 0)) };
}

/**
 * POST /api/owner/lots/:lotId/pass-products: a new product, on sale at once (no approval: a pass
 * changes neither the lot's place nor its hours, and the lot is approved already). An owner cannot put
 * more passes on sale, all products together, than the lot has slots.
 */
export async function createProduct(db: DB, user: SessionUser, lotId: string, input: ProductInput) {
  await assertManagesLot(db, user, lotId);
  const [products, slots] = await Promise.all([productsOfLot(db, lotId), slotCount(db, lotId)]);
  const onSale = products.reduce((sum, product) => sum + product.quantity, 0);
  if (onSale + input.quantity > slots)
    throw refusal(
      'conflict',
      `This lot has ${slots} slots and ${onSale} passes on sale already: at most ${Math.max(0, slots - onSale)} more can be put on sale.`,
    );
  const id = newId();
  await commit(db, [
    productInsert(db, { id, lotId, name: input.name, priceCents: input.priceCents, quantity: input.quantity, ...input.schedule }),
    auditStatement(db, user, { action: 'UPDATE_PASS_PRODUCTS', subject: `lot:${lotId}`, context: { created: id, ...input } }),
  ]);
  return productView((await findProduct(db, id))!, 0);
}

/** PATCH /api/owner/lots/:lotId/pass-products/:productId: pause or resume sales; passes sold stand. */
export async function pauseProduct(db: DB, user: SessionUser, lotId: string, productId: string, paused: boolean, now: Date) {
  await assertManagesLot(db, user, lotId);
  const product = await findProduct(db, productId);
  if (!product || product.lotId !== lotId) throw notFound('Pass');
  await commit(db, [
    productPausedUpdate(db, productId, paused),
    auditStatement(db, user, { action: 'UPDATE_PASS_PRODUCTS', subject: `lot:${lotId}`, context: { productId, paused } }),
  ]);
  return productView({ ...product, paused }, (await validNowByProduct(db, lotId, now)).get(productId) ?? 0);
}

// ——— Drivers ———

/** The periods a driver may buy at `now`: 30 days from today, this calendar month (from now) and the next, with the `start` to send. */
function periodsOnSale(now: Date): { start: string | null; period: PassPeriod }[] {
  const month = (at: Date) => manilaMonthOf(at);
  const next = month(new Date(Date.parse(manilaMonthRange(month(now)).end)));
  return [
    { start: null, period: passPeriod(undefined, now) },
    { start: month(now), period: passPeriod(month(now), now) },
    { start: next, period: passPeriod(next, now) },
  ].filter((row): row is { start: string | null; period: PassPeriod } => !('refused' in row.period));
}

/** GET /api/lots/:lotId/pass-products: the passes on sale, each with its price for 30 days, this month and the next. */
export async function productsOnSale(db: DB, lotId: string, now: Date) {
  const lot = await lotOrNotFound(db, lotId);
  if (!lot.onSale) return { lotName: lot.name, products: [] };
  const [products, validNow] = await Promise.all([productsOfLot(db, lotId), validNowByProduct(db, lotId, now)]);
  const periods = periodsOnSale(now);
  return {
    lotName: lot.name,
    products: products
      .filter((product) => !product.paused)
      .map((product) => ({
        ...productView(product, validNow.get(product.id) ?? 0),
        periods: periods.map(({ start, period }) => ({
          start,
          kind: period.kind,
          label: period.label,
          priceCents: periodPrice(product.priceCents, period, now),
        })),
      })),
  };
}
