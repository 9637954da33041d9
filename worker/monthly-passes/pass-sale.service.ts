/**
 * The sale of a monthly pass (docs/passes.md, "Monthly passes"): drivers buy passes from the wallet.
 * A sale asks the lot object first to keep a slot for the pass in its valid hours (refused when the
 * lot cannot), then writes one D1 batch: the pass, its official receipt, the idempotency key and the
 * wallet's PAYMENT row; the pass insert's own trigger refuses a sale past the product's quantity, the
 * wallet's CHECK an overdraft, and the rollups count the money in the same transaction.
 */
import type { BuyPassRequest } from '../../core/monthly-pass-request';
import { passPeriod, periodPrice, scheduleLabel, type PassPeriod } from '../../core/monthly-passes';
import { lotUnavailable } from '../../core/lot-sale';
import { formatPeso } from '../../core/money';
import { notFound, refusal } from '../../core/refusal';
import { maskPlate } from '../../core/vehicles';
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import { violates } from '../db/constraints';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { notify } from '../notifications/notifications.service';
import { issuePassReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import { bookableLot } from '../reservations/reservations.service';
import { payFromWallet } from '../wallet/wallet.service';
import { passOf } from './driver-passes.service';
import {
  findPassRecord,
  findProduct,
  passInsert,
  plateHasPassDuring,
  renewalMark,
  validPassOfPlate,
  vehicleTypeOf,
  type MonthlyPass,
  type PassProduct,
} from './monthly-passes.data';
import { scheduleOf } from './pass-term';
import { lotOrNotFound } from './pass-products.service';

export type Sale = {
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

export type SaleResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'full' | 'sold out' | 'plate has a pass' | 'insufficient_funds'; balanceCents?: number; missingCents?: number };

/** The lot object keeps a slot for the pass, then the pass and its payment commit in one batch. */
export async function sell(env: Bindings, db: DB, sale: Sale): Promise<SaleResult> {
  const { product, period } = sale;
  const lot = await bookableLot(db, product.lotId);
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
  // The ledger keeps it ten years: it names the car by its masked plate, enough for the driver to tell (docs/privacy.md).
  const what = `Monthly pass: ${lot.name}, ${product.name}, ${period.label} (${maskPlate(sale.plate)})`;
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
  await emailReceipt({ env, db }, { monthlyPassId: id });
  return { ok: true, id };
}

/** POST /api/monthly-passes: a pass for one plate, paid from the driver's wallet (the request's); once per Idempotency-Key. */
export async function buyPass(env: Bindings, db: DB, input: BuyPassRequest, request: IdempotentRequest, now = new Date()) {
  const replay = await priorResource(db, request);
  if (replay) return { pass: await passOf(env, db, replay, now), replayed: true };
  const product = await findProduct(db, input.productId);
  if (!product) throw notFound('Pass');
  const lot = await lotOrNotFound(db, product.lotId);
  if (!lot.onSale) throw refusal('conflict', lotUnavailable(lot.name));
  if (product.paused) throw refusal('conflict', `${product.name} is not on sale at ${lot.name} now.`);
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
      userId: request.userId,
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
    notify(db, request.userId, {
      type: 'PAYMENT_SUCCESS',
      title: 'Monthly pass bought',
      message: `${lot.name}: ${input.plate} parks on its pass (${scheduleLabel(scheduleOf(product))}) for ${period.label}. ${formatPeso(amountCents)} paid from your wallet.`,
      metadata: { lotName: lot.name, monthlyPassId: sold.id },
    }),
  );
  return { pass: await passOf(env, db, sold.id, now), replayed: false };
}
