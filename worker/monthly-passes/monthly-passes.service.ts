/**
 * Monthly passes (docs/passes.md, "Monthly passes"): owners sell pass products per lot, drivers buy
 * passes from the wallet. A sale asks the lot object first to keep a slot for the pass in its valid
 * hours (refused when the lot cannot), then writes one D1 batch: the pass, its official receipt, the
 * idempotency key and the wallet's PAYMENT row; the pass insert's own trigger refuses a sale past the product's quantity,
 * the wallet's CHECK an overdraft, and the rollups count the money in the same transaction.
 */
import type { BuyPassRequest } from '../../core/monthly-pass-request';
import {
  nextPeriod,
  passPeriod,
  passState,
  periodPrice,
  RENEW_DAYS_BEFORE_END,
  scheduleLabel,
  type PassPeriod,
  type PassSchedule,
} from '../../core/monthly-passes';
import { formatPeso } from '../../core/money';
import { notFound, refusal } from '../../core/refusal';
import { DAY_MS, formatDateTime, manilaMonthOf, manilaMonthRange } from '../../core/time';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { assertManagesLot } from '../lots/lot-access';
import { lotObject } from '../lot-object/stub';
import { notify } from '../notifications/notifications.data';
import { sendNotice } from '../notifications/notifications.service';
import { signMonthlyPass } from '../passes/passes.service';
import { issuePassReceipt, passReceiptsOf } from '../receipts/receipts.service';
import { lotForBooking } from '../reservations/reservations.data';
import { payFromWallet } from '../wallet/wallet.service';
import {
  findPass,
  findPassRecord,
  findProduct,
  plateHasPassDuring,
  productInsert,
  productPausedUpdate,
  renewalMark,
  saveAutoRenew,
  sellingLotOf,
  vehicleTypeOf,
  validPassOfPlate,
  passesOfDriver,
  passesNotEnded,
  markEndingNoticed,
  passesEndingUntold,
  passesToRenew,
  passInsert,
  productsOfLot,
  scheduleOf,
  slotCount,
  validNowByProduct,
  type MonthlyPass,
  type PassProduct,
  type PassRow,
} from './monthly-passes.data';

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

async function lotOrNotFound(db: DB, lotId: string) {
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
  if (!lot.isApproved || !lot.isActive) return { lotName: lot.name, products: [] };
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

export type MonthlyPassView = ReturnType<typeof passView>;
const passView = ({ pass, lotName, lotPlace, productName }: PassRow, now: Date) => ({
  id: pass.id,
  lotId: pass.lotId,
  lotName,
  /** The lot's pin and entrance, for Directions from the pass. */
  ...lotPlace,
  productId: pass.productId,
  productName,
  plate: pass.plate,
  periodKind: pass.periodKind,
  validFrom: pass.validFrom,
  validUntil: pass.validUntil,
  schedule: scheduleOf(pass),
  hours: scheduleLabel(scheduleOf(pass)),
  amountCents: pass.amountCents,
  autoRenew: pass.autoRenew,
  renewal: pass.renewal,
  state: passState(pass, now),
  createdAt: pass.createdAt,
});

/** The pass as its driver sees it: its QR while valid, and its official receipt (none for a pass sold before passes had receipts). */
const withToken = async (env: Bindings, row: PassRow, now: Date, receipt: { id: string; number: string } | null) => {
  const view = passView(row, now);
  const token =
    view.state === 'ended'
      ? null
      : await signMonthlyPass(env, {
          passId: view.id,
          plate: view.plate,
          lotId: view.lotId,
          schedule: view.schedule,
          validFrom: view.validFrom,
          validUntil: view.validUntil,
        });
  return { ...view, token, receipt };
};

/** One pass, just sold or replayed, with its QR and receipt. */
const passOf = async (env: Bindings, db: DB, passId: string, now: Date) =>
  withToken(env, (await findPass(db, passId))!, now, (await passReceiptsOf(db, [passId])).get(passId) ?? null);

type Sale = {
  /** The new pass's id. */
  id: string;
  product: PassProduct;
  userId: string;
  plate: string;
  period: PassPeriod;
  amountCents: number;
  autoRenew: boolean;
  idempotencyKey: string;
  renews?: MonthlyPass;
  before?: D1PreparedStatement[];
};

type SaleResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'full' | 'sold out' | 'plate has a pass' | 'insufficient_funds'; balanceCents?: number; missingCents?: number };

/** The lot object keeps a slot for the pass, then the pass and its payment commit in one batch. */
async function sell(env: Bindings, db: DB, sale: Sale): Promise<SaleResult> {
  const { product, period } = sale;
  const lot = await lotForBooking(db, product.lotId);
  if (!lot) throw notFound('Parking lot');
  const vehicleType = (await vehicleTypeOf(db, sale.userId, sale.plate)) ?? 'car';
  const { id } = sale;
  const stub = lotObject(env, lot.id);
  const kept = await stub.reservePass({
    passId: id,
    vehicleType,
    fromMs: Date.parse(period.validFrom),
    untilMs: Date.parse(period.validUntil),
    schedule: scheduleOf(product),
    slots: lot.slots,
    sameCarPassId: sale.renews?.id ?? (await validPassOfPlate(db, lot.id, sale.plate, new Date()))?.id,
  });
  if (!kept.ok) return { ok: false, reason: 'full' };
  const what = `Monthly pass: ${lot.name}, ${product.name}, ${period.label} (${sale.plate})`;
  try {
    const paid = await payFromWallet(
      db,
      { userId: sale.userId, reservationId: null, amountCents: sale.amountCents, description: what, idempotencyKey: sale.idempotencyKey },
      [
        passInsert(db, {
          id,
          productId: product.id,
          lotId: lot.id,
          userId: sale.userId,
          plate: sale.plate,
          vehicleType,
          periodKind: period.kind,
          validFrom: period.validFrom,
          validUntil: period.validUntil,
          ...scheduleOf(product),
          amountCents: sale.amountCents,
          autoRenew: sale.autoRenew,
          renewsId: sale.renews?.id ?? null,
        }),
        ...(sale.renews ? [renewalMark(db, sale.renews.id, 'renewed')] : []),
        // Its official receipt, numbered in the lot's series by this batch (docs/booking.md, Receipts).
        ...issuePassReceipt(db, { monthlyPassId: id, lot, amountCents: sale.amountCents, ledgerKey: sale.idempotencyKey }),
        ...(sale.before ?? []),
      ],
    );
    if (!paid.ok) {
      await stub.releasePass(id);
      if (paid.reason === 'duplicate') throw refusal('conflict', 'This pass was just paid for. Look at your passes again.');
      return { ok: false, reason: 'insufficient_funds', balanceCents: paid.balanceCents, missingCents: paid.missingCents };
    }
  } catch (error) {
    // A lost answer may hide a batch that committed: the slot is let go only when D1 has no such pass
    // (when D1 cannot say either, the daily follow drops the slot of a sale it never recorded).
    if (!(await findPassRecord(db, id).then(Boolean, () => true))) await stub.releasePass(id);
    if (violates(error, 'monthly_passes_sold_out')) return { ok: false, reason: 'sold out' };
    if (violates(error, 'monthly_passes_plate_overlap')) return { ok: false, reason: 'plate has a pass' };
    throw error;
  }
  return { ok: true, id };
}

/** POST /api/monthly-passes: a pass for one plate, paid from the wallet; once per Idempotency-Key. */
export async function buyPass(
  env: Bindings,
  db: DB,
  user: SessionUser,
  input: BuyPassRequest,
  request: IdempotentRequest,
  now = new Date(),
) {
  const replay = await priorResource(db, request);
  if (replay) return { pass: await passOf(env, db, replay, now), replayed: true };
  const product = await findProduct(db, input.productId);
  if (!product) throw notFound('Pass');
  const lot = await lotOrNotFound(db, product.lotId);
  if (product.paused || !lot.isApproved || !lot.isActive) throw refusal('conflict', `${product.name} is not on sale at ${lot.name} now.`);
  const period = passPeriod(input.start, now);
  if ('refused' in period) throw refusal('invalid', period.refused);
  const overlap = await plateHasPassDuring(db, lot.id, input.plate, period);
  const plateHasPass = () => refusal('conflict', `${input.plate} already has a monthly pass at ${lot.name} for part of ${period.label}.`);
  if (overlap) throw plateHasPass();
  const amountCents = periodPrice(product.priceCents, period, now);
  const id = newId();
  let sold: SaleResult;
  try {
    sold = await sell(env, db, {
      id,
      product,
      userId: user.id,
      plate: input.plate,
      period,
      amountCents,
      autoRenew: input.autoRenew,
      idempotencyKey: `monthly-pass:${request.key}`,
      before: [recordIdempotencyKey(db, request, id)],
    });
  } catch (error) {
    const twin = violates(error, 'idempotency_keys') ? await priorResource(db, request) : null;
    if (twin) return { pass: await passOf(env, db, twin, now), replayed: true };
    throw error;
  }
  if (!sold.ok) {
    if (sold.reason === 'insufficient_funds')
      throw refusal(
        'insufficient_funds',
        `Your wallet holds ${formatPeso(sold.balanceCents!)}; this pass costs ${formatPeso(amountCents)}.`,
        {
          missingCents: sold.missingCents,
          balanceCents: sold.balanceCents,
          amountCents,
          detail: `Top up at least ${formatPeso(sold.missingCents!)} to buy it.`,
        },
      );
    if (sold.reason === 'plate has a pass') throw plateHasPass();
    throw refusal(
      'conflict',
      sold.reason === 'sold out'
        ? `${product.name} is sold out at ${lot.name} for ${period.label}.`
        : `${lot.name} cannot keep a slot for a pass in those hours for ${period.label}: its bookings and passes take every slot.`,
    );
  }
  await afterCommit('Monthly pass notice', () =>
    notify(db, user.id, {
      type: 'PAYMENT_SUCCESS',
      title: 'Monthly pass bought',
      message: `${lot.name}: ${input.plate} parks on its pass (${scheduleLabel(scheduleOf(product))}) for ${period.label}. ${formatPeso(amountCents)} paid from your wallet.`,
      metadata: { lotName: lot.name },
    }),
  );
  return { pass: await passOf(env, db, sold.id, now), replayed: false };
}

/** GET /api/monthly-passes: the driver's passes, latest first, each still valid with its signed QR. */
export async function myPasses(env: Bindings, db: DB, user: SessionUser, now: Date) {
  const rows = await passesOfDriver(db, user.id);
  const receipts = await passReceiptsOf(
    db,
    rows.map((row) => row.pass.id),
  );
  return { passes: await Promise.all(rows.map((row) => withToken(env, row, now, receipts.get(row.pass.id) ?? null))) };
}

/** PATCH /api/monthly-passes/:id: auto-renew on, or off (the pass then ends at its period's end, not refunded). */
export async function setAutoRenew(env: Bindings, db: DB, user: SessionUser, passId: string, autoRenew: boolean, now: Date) {
  const row = await findPass(db, passId);
  if (!row || row.pass.userId !== user.id) throw notFound('Monthly pass');
  if (row.pass.renewal) throw refusal('conflict', `This pass was already ${row.pass.renewal} on ${formatDateTime(row.pass.validUntil)}.`);
  if (passState(row.pass, now) === 'ended') throw refusal('conflict', 'This pass has ended.');
  await saveAutoRenew(db, passId, autoRenew);
  return passOf(env, db, passId, now);
}

/**
 * The daily run: each pass with auto-renew on that ends within 3 days is renewed for its next period
 * from the wallet (once: the renewal's unique `renews_id` and its ledger key), or lapses, notified,
 * when the wallet is short, the product is paused or sold out, or no slot can be kept.
 */
export async function renewDuePasses(env: Bindings, db: DB, now = new Date()) {
  const due = await passesToRenew(db, now.toISOString(), new Date(now.getTime() + RENEW_DAYS_BEFORE_END * DAY_MS).toISOString());
  let renewed = 0;
  let lapsed = 0;
  for (const pass of due) {
    const product = (await findProduct(db, pass.productId))!;
    const lot = await lotOrNotFound(db, product.lotId);
    const period = nextPeriod(pass.periodKind, pass.validUntil);
    const amountCents = product.priceCents;
    let result: SaleResult | { ok: false; reason: 'paused' | 'closed' };
    try {
      result =
        !lot.isApproved || !lot.isActive
          ? { ok: false, reason: 'closed' }
          : product.paused
            ? { ok: false, reason: 'paused' }
            : await sell(env, db, {
                id: newId(),
                product,
                userId: pass.userId,
                plate: pass.plate,
                period,
                amountCents,
                autoRenew: true,
                idempotencyKey: `monthly-pass-renewal:${pass.id}`,
                renews: pass,
              });
    } catch (error) {
      // Renewed meanwhile by a concurrent run.
      if (violates(error, 'monthly_passes_renewal_unique') || violates(error, 'monthly_passes.renews_id')) continue;
      // One pass's failure (say its lot object did not answer) leaves it for tomorrow's run, not the others.
      console.error('Monthly pass renewal failed', pass.id, error);
      continue;
    }
    if (result.ok) {
      renewed++;
      await afterCommit('Pass renewal notice', () =>
        sendNotice({ env, db }, pass.userId, {
          note: {
            type: 'PAYMENT_SUCCESS',
            title: 'Monthly pass renewed',
            message: `${pass.plate}: your pass (${product.name}) is renewed for ${period.label}. ${formatPeso(amountCents)} paid from your wallet.`,
          },
          email: { facts: [{ label: 'Paid from your wallet', pesos: amountCents }], link: PASSES_LINK },
        }),
      );
      continue;
    }
    lapsed++;
    await renewalMark(db, pass.id, 'lapsed').run();
    const why =
      result.reason === 'insufficient_funds'
        ? `your wallet holds ${formatPeso(result.balanceCents ?? 0)}, short of ${formatPeso(amountCents)}`
        : result.reason === 'paused'
          ? 'the lot has paused this pass'
          : result.reason === 'closed'
            ? 'the lot no longer takes bookings'
            : result.reason === 'plate has a pass'
              ? `${pass.plate} already has a pass there for ${period.label}`
              : 'the lot has no pass left to keep for you';
    await afterCommit('Pass lapse notice', () =>
      sendNotice({ env, db }, pass.userId, {
        note: {
          type: 'PAYMENT_FAILED',
          title: 'Monthly pass not renewed',
          message: `${pass.plate}: your pass (${product.name}) ends ${formatDateTime(pass.validUntil)} and was not renewed: ${why}.`,
        },
        push: passPushTarget(pass.id),
        email: { link: PASSES_LINK },
      }),
    );
  }
  return { renewed, lapsed };
}

/** An e-mail about a pass leads to the Passes screen. */
const PASSES_LINK = { label: 'Open Passes', path: '/passes' };

/** A phone's notification about a pass opens the Passes screen. */
const passPushTarget = (passId: string) => ({ url: '/passes', tag: `pass-${passId}` });

/**
 * The daily run's other half: a pass with auto-renew off that ends within 3 days is about to lapse,
 * and its driver hears so once, in the app and on the phone, in time to buy the next period.
 */
export async function warnEndingPasses(env: Bindings, db: DB, now = new Date()) {
  const ending = await passesEndingUntold(db, now.toISOString(), new Date(now.getTime() + RENEW_DAYS_BEFORE_END * DAY_MS).toISOString());
  let warned = 0;
  for (const pass of ending) {
    if (!(await markEndingNoticed(db, pass.id, now.toISOString()))) continue;
    warned++;
    const product = (await findProduct(db, pass.productId))!;
    await afterCommit('Pass ending notice', () =>
      sendNotice({ env, db }, pass.userId, {
        note: {
          type: 'PASS_ENDING',
          title: 'Monthly pass ending',
          message: `${pass.plate}: your pass (${product.name}) ends ${formatDateTime(pass.validUntil)}. Buy the next period from Passes, or turn on auto-renew, to keep your slot.`,
        },
        push: passPushTarget(pass.id),
        email: { link: PASSES_LINK },
      }),
    );
  }
  return { warned };
}

/**
 * The daily run's other half: each lot object's passes are made D1's passes not yet ended, so a slot
 * is kept for every pass sold and for no sale that failed.
 */
export async function followPassesInLots(env: Bindings, db: DB, now = new Date()) {
  const live = await passesNotEnded(db, now.toISOString());
  const byLot = new Map<string, MonthlyPass[]>();
  for (const pass of live) byLot.set(pass.lotId, [...(byLot.get(pass.lotId) ?? []), pass]);
  let lots = 0;
  for (const [lotId, passes] of byLot) {
    await lotObject(env, lotId).followPasses(
      passes.map((pass) => ({
        passId: pass.id,
        vehicleType: pass.vehicleType,
        fromMs: Date.parse(pass.validFrom),
        untilMs: Date.parse(pass.validUntil),
        schedule: scheduleOf(pass),
      })),
      now.getTime(),
    );
    lots++;
  }
  return { lots };
}
