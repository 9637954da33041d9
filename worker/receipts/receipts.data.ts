/**
 * Receipts: official, numbered documents (BIR), append-only (docs/booking.md, Receipts). A paid
 * reservation gets its receipt in the same D1 batch as the booking payment. When a later change
 * (modify, extend, refund, overstay, a gate refund) moves the net amount paid, that change's batch
 * voids the current receipt with a new numbered VOID document referring to it and issues a new
 * receipt for the new net amount, which replaces the voided one (none when nothing is left paid).
 * A receipt's lines are the reservation's charges when it was issued, each with how it was paid (an
 * overstay in cash at the gate, the rest from the wallet); its payment reference is the wallet ledger
 * row that paid. A monthly pass's sale (and each renewal, a pass of its own) gets its receipt the same
 * way, in the sale's batch, in the pass's lot's series; a pass is never refunded (docs/passes.md), so
 * nothing voids one.
 *
 * Numbers: every document takes the next number of its lot's series (`receipt_series`), `GP1-000123`.
 * The series row is a D1 row advanced by a statement of the payment's own batch, and the document's
 * INSERT reads its number from that row in the same batch. A D1 batch is one transaction, so a batch
 * that fails (a short wallet, a record that moved on, a lapsed hold, a lost race) takes its number
 * back with everything else: numbers are gap-free and, the batches of one database being serialised,
 * never given twice. A counter elsewhere, such as the lot's Durable Object, could not do this: its
 * increment cannot roll back with the D1 transaction, so every failed payment would leave a gap (and
 * a counter advanced after the commit could be lost with the worker, leaving a receipt without a number).
 */
import { and, asc, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { passIdOf } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import { vatIncluded } from '../../core/pricing';
import { periodLabelOf } from '../../core/monthly-passes';
import { receiptInitials } from '../../core/receipts';
import { formatPeso } from '../../core/money';
import { worthLabel } from '../../core/validations';
import { validationsOfReservation } from '../validations/validations.data';
import type { DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import {
  charges,
  checkins,
  gateRefunds,
  lots,
  monthlyPasses,
  passProducts,
  receipts,
  reservations,
  slots,
  walletTransactions,
} from '../db/schema';
import { newId } from '../db/ids';
import { historyWhere } from '../reservations/reservation-lists.data';
import type { GatePaymentMethod } from '../../core/wallet';

/** The lot whose series numbers a reservation's (or a monthly pass's) documents (its name gives the prefix when the series opens). */
export type SeriesLot = { id: string; name: string };

/**
 * Opens the lot's series if it has none yet: a lot gets its prefix with its first document, in that
 * document's batch, so whatever made the lot (the owner's screens, the seed, a test) never has to.
 * The prefix is the name's initials and the next counter free for them (`GP1`, `GP2`, …), computed
 * inside the transaction, so two lots opening their series at once can never take the same one.
 */
const openSeries = (db: DB, lot: SeriesLot) => {
  const initials = receiptInitials(lot.name);
  return db.$client
    .prepare(
      `INSERT INTO receipt_series (lot_id, prefix, last_number)
       SELECT ?1, ?2 || (1 + coalesce((SELECT max(CAST(substr(prefix, ?3) AS INTEGER)) FROM receipt_series WHERE prefix GLOB ?4), 0)), 0
        WHERE NOT EXISTS (SELECT 1 FROM receipt_series WHERE lot_id = ?1)`,
    )
    .bind(lot.id, initials, initials.length + 1, `${initials}[0-9]*`);
};

/** The reservation's current receipt not voided yet (`r`: a receipt row; ?2: the reservation). */
const UNVOIDED_RECEIPT = `r.reservation_id = ?2 AND r.kind = 'RECEIPT' AND NOT EXISTS (SELECT 1 FROM receipts v WHERE v.voids_id = r.id)`;

/** Takes the next number of the lot's series; `ifUnvoided`: only when the reservation has a receipt to void (the same test as the void's INSERT). */
const takeNumber = (db: DB, lotId: string, ifUnvoided?: string) =>
  ifUnvoided
    ? db.$client
        .prepare(
          `UPDATE receipt_series SET last_number = last_number + 1 WHERE lot_id = ?1 AND EXISTS (SELECT 1 FROM receipts r WHERE ${UNVOIDED_RECEIPT})`,
        )
        .bind(lotId, ifUnvoided)
    : db.$client.prepare('UPDATE receipt_series SET last_number = last_number + 1 WHERE lot_id = ?1').bind(lotId);

/** The number the series just gave (`s`: its row). */
const NUMBER_TAKEN = `s.last_number, s.prefix || '-' || printf('%06d', s.last_number)`;

/**
 * A receipt for what the reservation's driver has paid in all, numbered by the series (after
 * `takeNumber`), covering the charges and gate refunds written so far (so after the batch's own),
 * replacing the reservation's last receipt if it has one (voided earlier in the batch).
 */
const receiptInsert = (db: DB, input: { reservationId: string; lotId: string; amountCents: number }) =>
  db.$client
    .prepare(
      `INSERT INTO receipts (id, kind, user_id, reservation_id, lot_id, seq, number, amount_cents, vat_cents, replaces_id, charge_lines, refund_lines)
       SELECT ?1, 'RECEIPT', (SELECT user_id FROM reservations WHERE id = ?2), ?2, s.lot_id, ${NUMBER_TAKEN}, ?4, ?5,
              (SELECT r.id FROM receipts r WHERE r.reservation_id = ?2 AND r.kind = 'RECEIPT'
                  AND NOT EXISTS (SELECT 1 FROM receipts later WHERE later.replaces_id = r.id)),
              (SELECT count(*) FROM charges WHERE reservation_id = ?2),
              (SELECT count(*) FROM gate_refunds g JOIN checkins c ON c.id = g.checkin_id WHERE c.reservation_id = ?2)
         FROM receipt_series s WHERE s.lot_id = ?3`,
    )
    .bind(newId(), input.reservationId, input.lotId, input.amountCents, vatIncluded(input.amountCents));

/** The VOID of the reservation's unvoided receipt, if it has one: its amount and lines, numbered by the series (after `takeNumber`). */
const voidInsert = (db: DB, input: { reservationId: string; lotId: string }) =>
  db.$client
    .prepare(
      `INSERT INTO receipts (id, kind, user_id, reservation_id, lot_id, seq, number, amount_cents, vat_cents, voids_id, charge_lines, refund_lines)
       SELECT ?1, 'VOID', r.user_id, r.reservation_id, s.lot_id, ${NUMBER_TAKEN}, r.amount_cents, r.vat_cents, r.id, r.charge_lines, r.refund_lines
         FROM receipt_series s, receipts r WHERE s.lot_id = ?3 AND ${UNVOIDED_RECEIPT}`,
    )
    .bind(newId(), input.reservationId, input.lotId);

/** The statements that issue a reservation's first receipt; run them in the batch that pays for it, after its charge. */
export const issueReceipt = (db: DB, input: { reservationId: string; lot: SeriesLot; amountCents: number }) => [
  openSeries(db, input.lot),
  takeNumber(db, input.lot.id),
  receiptInsert(db, { reservationId: input.reservationId, lotId: input.lot.id, amountCents: input.amountCents }),
];

/**
 * A monthly pass's receipt, numbered by the series (after `takeNumber`): the pass (written earlier in
 * the batch) is its one line, so its driver and amount are the pass's own; `payment_reference` holds
 * the idempotency key of the wallet PAYMENT of the same batch, which finds that ledger row.
 */
const passReceiptInsert = (db: DB, input: { monthlyPassId: string; lotId: string; amountCents: number; ledgerKey: string }) =>
  db.$client
    .prepare(
      `INSERT INTO receipts (id, kind, user_id, monthly_pass_id, lot_id, seq, number, amount_cents, vat_cents, payment_reference, charge_lines, refund_lines)
       SELECT ?1, 'RECEIPT', p.user_id, p.id, s.lot_id, ${NUMBER_TAKEN}, p.amount_cents, ?4, ?5, 1, 0
         FROM receipt_series s, monthly_passes p WHERE s.lot_id = ?3 AND p.id = ?2`,
    )
    .bind(newId(), input.monthlyPassId, input.lotId, vatIncluded(input.amountCents), input.ledgerKey);

/**
 * The statements that issue a monthly pass's receipt (a sale or a renewal: each is a pass of its own);
 * run them in the batch that pays for it, after the pass's insert. A failed batch takes no number, and
 * a retried sale, whose idempotency key or pass refuses the batch, never takes a second one.
 */
export const issuePassReceipt = (db: DB, input: { monthlyPassId: string; lot: SeriesLot; amountCents: number; ledgerKey: string }) => [
  openSeries(db, input.lot),
  takeNumber(db, input.lot.id),
  passReceiptInsert(db, {
    monthlyPassId: input.monthlyPassId,
    lotId: input.lot.id,
    amountCents: input.amountCents,
    ledgerKey: input.ledgerKey,
  }),
];

/**
 * The statements for a change of what a reservation's driver has paid in all (run them in that
 * change's batch, after its charge or gate refund): the VOID of the current receipt, then a new
 * receipt for the new net amount replacing it, or none when nothing is left paid (a full refund).
 * Only a change that moves money calls this; the receipts themselves are never updated.
 */
export const reissueReceipt = (db: DB, input: { reservationId: string; lot: SeriesLot; netPaidCents: number }) => {
  const { reservationId, lot } = input;
  const statements = [openSeries(db, lot), takeNumber(db, lot.id, reservationId), voidInsert(db, { reservationId, lotId: lot.id })];
  if (input.netPaidCents > 0)
    statements.push(takeNumber(db, lot.id), receiptInsert(db, { reservationId, lotId: lot.id, amountCents: input.netPaidCents }));
  return statements;
};

/**
 * The receipt a reservation's driver sees: its last one, which no later receipt replaces (a voided
 * one when the stay was refunded in full). One per reservation that ever had a receipt.
 */
export const isCurrentReceipt = () =>
  and(eq(receipts.kind, 'RECEIPT'), sql`NOT EXISTS (SELECT 1 FROM ${receipts} AS "later" WHERE "later"."replaces_id" = ${receipts.id})`);

const RECEIPT_METHOD_LABELS: Record<GatePaymentMethod, string> = { wallet: 'Parkada Wallet', cash: 'cash at the gate' };

const CHARGE_LABELS: Record<(typeof charges.$inferSelect)['kind'], string> = {
  BOOKING: 'Parking',
  MODIFICATION: 'Change of reservation',
  EXTENSION: 'Extension',
  REFUND: 'Refund to wallet',
  OVERSTAY: 'Overstay',
  WALK_IN: 'Parking (walk-in)',
};

/** The VOID that voided a receipt, the receipt it replaces, the receipt a VOID voids, the receipt that replaced a voided one. */
const voidedBy = alias(receipts, 'voided_by');
const replaced = alias(receipts, 'replaced');
const voided = alias(receipts, 'voided');
const replacedBy = alias(receipts, 'replaced_by');

const receiptColumns = {
  id: receipts.id,
  kind: receipts.kind,
  number: receipts.number,
  reservationId: receipts.reservationId,
  monthlyPassId: receipts.monthlyPassId,
  amountCents: receipts.amountCents,
  vatCents: receipts.vatCents,
  chargeLines: receipts.chargeLines,
  refundLines: receipts.refundLines,
  createdAt: receipts.createdAt,
  lotName: lots.name,
  lotAddress: lots.address,
  status: reservations.status,
  startTs: sql<string>`coalesce(${reservations.startTs}, ${monthlyPasses.validFrom})`,
  endTs: sql<string>`coalesce(${reservations.endTs}, ${monthlyPasses.validUntil})`,
  vehiclePlate: sql<string | null>`coalesce(${reservations.vehiclePlate}, ${monthlyPasses.plate})`,
  slotLabel: slots.label,
  passProductName: passProducts.name,
  passPeriodKind: monthlyPasses.periodKind,
  passCreatedAt: monthlyPasses.createdAt,
  voidedById: voidedBy.id,
  voidedByNumber: voidedBy.number,
  voidedAt: voidedBy.createdAt,
  replacesId: replaced.id,
  replacesNumber: replaced.number,
};

const selectReceipts = (db: DB) =>
  db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(lots, eq(lots.id, receipts.lotId))
    .leftJoin(reservations, eq(reservations.id, receipts.reservationId))
    .leftJoin(slots, eq(slots.id, reservations.slotId))
    .leftJoin(monthlyPasses, eq(monthlyPasses.id, receipts.monthlyPassId))
    .leftJoin(passProducts, eq(passProducts.id, monthlyPasses.productId))
    .leftJoin(voidedBy, eq(voidedBy.voidsId, receipts.id))
    .leftJoin(replaced, eq(replaced.id, receipts.replacesId));

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['all']>>[number];

/**
 * A receipt (id, number, amountCents, createdAt, lot.name) plus what a driver needs to file it as an
 * expense, and its references: the receipt it replaces, the VOID that voided it.
 */
const toSummary = ({
  lotName,
  lotAddress,
  chargeLines: _charges,
  refundLines: _refunds,
  voidedById,
  voidedByNumber,
  voidedAt,
  replacesId,
  replacesNumber,
  passProductName,
  passPeriodKind,
  passCreatedAt: _passCreatedAt,
  ...row
}: ReceiptRow) => ({
  ...row,
  passId: row.reservationId ? passIdOf(row.reservationId) : null,
  /** A monthly pass's receipt: what was bought (the rest is the pass's plate and period, in `vehiclePlate`, `startTs`, `endTs`). */
  monthlyPass:
    row.monthlyPassId && passProductName && passPeriodKind
      ? {
          id: row.monthlyPassId,
          productName: passProductName,
          periodLabel: periodLabelOf({ periodKind: passPeriodKind, validFrom: row.startTs, validUntil: row.endTs }),
        }
      : null,
  currency: 'PHP' as const,
  lot: { name: lotName, address: lotAddress },
  replaces: replacesId && replacesNumber ? { id: replacesId, number: replacesNumber } : null,
  voidedBy: voidedById && voidedByNumber && voidedAt ? { id: voidedById, number: voidedByNumber, createdAt: voidedAt } : null,
});

/**
 * The History filters over receipts: a reservation's by the reservation, a monthly pass's by its plate
 * and the start of its period (a pass has no reservation status, so a status filter leaves it out).
 */
const receiptHistoryWhere = (filter: HistoryFilter, now: Date) =>
  or(
    and(isNotNull(receipts.reservationId), historyWhere(filter, now)),
    and(
      isNotNull(receipts.monthlyPassId),
      historyWhere(filter, now, { plate: monthlyPasses.plate, status: reservations.status, startTs: monthlyPasses.validFrom }),
    ),
  );

/** A page of the driver's receipts (the current one of each reservation, one per monthly pass), newest first, whose reservations match the History filters. */
export async function listOwnReceipts(db: DB, userId: string, list: { filter: HistoryFilter; page: PageRequest }, now = new Date()) {
  const rows = await selectReceipts(db)
    .where(
      and(
        eq(receipts.userId, userId),
        isCurrentReceipt(),
        receiptHistoryWhere(list.filter, now),
        afterCursor(receipts.createdAt, receipts.id, list.page.cursor),
      ),
    )
    .orderBy(...newestFirst(receipts.createdAt, receipts.id))
    .limit(rowsToRead(list.page));
  return pageOf(rows, list.page, (row) => ({ key: row.createdAt, id: row.id }), toSummary);
}

export async function countOwnReceipts(db: DB, userId: string, filter: HistoryFilter, now = new Date()) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(receipts)
    .innerJoin(lots, eq(lots.id, receipts.lotId))
    .leftJoin(reservations, eq(reservations.id, receipts.reservationId))
    .leftJoin(monthlyPasses, eq(monthlyPasses.id, receipts.monthlyPassId))
    .where(and(eq(receipts.userId, userId), isCurrentReceipt(), receiptHistoryWhere(filter, now)));
  return { total };
}

export type CurrentReceipt = { id: string; number: string; voidNumber: string | null };

/** The current receipt of each of these reservations that has one: its id, its number and the number of the VOID that voided it, if any. */
export async function currentReceiptsOf(db: DB, reservationIds: string[]): Promise<Map<string, CurrentReceipt>> {
  if (!reservationIds.length) return new Map();
  const rows = await db
    .select({ id: receipts.id, number: receipts.number, reservationId: receipts.reservationId, voidNumber: voidedBy.number })
    .from(receipts)
    .leftJoin(voidedBy, eq(voidedBy.voidsId, receipts.id))
    .where(and(inArray(receipts.reservationId, reservationIds), isCurrentReceipt()));
  return new Map(rows.map(({ reservationId, ...receipt }) => [reservationId!, receipt]));
}

/** The receipt of each of these monthly passes that has one (a pass sold before receipts were issued for passes has none). */
export async function passReceiptsOf(db: DB, passIds: string[]): Promise<Map<string, { id: string; number: string }>> {
  if (!passIds.length) return new Map();
  const rows = await db
    .select({ id: receipts.id, number: receipts.number, monthlyPassId: receipts.monthlyPassId })
    .from(receipts)
    .where(and(inArray(receipts.monthlyPassId, passIds), isCurrentReceipt()));
  return new Map(rows.map(({ monthlyPassId, ...receipt }) => [monthlyPassId!, receipt]));
}

/**
 * A monthly pass's receipt as its driver reads it: its one line is the pass (product, plate, period,
 * amount), paid from the wallet by the ledger row of the sale (or the renewal).
 */
async function passReceipt(db: DB, row: ReceiptRow) {
  const summary = toSummary(row);
  const [payment] = await db
    .select({ id: walletTransactions.id })
    .from(receipts)
    .innerJoin(walletTransactions, eq(walletTransactions.idempotencyKey, receipts.paymentReference))
    .where(and(eq(receipts.id, row.id), eq(walletTransactions.type, 'PAYMENT')))
    .limit(1);
  return {
    ...summary,
    validations: [],
    voids: null,
    replacedBy: null,
    netOfVatCents: row.amountCents - row.vatCents,
    paymentMethod: RECEIPT_METHOD_LABELS.wallet,
    paymentReference: payment ? payment.id.slice(0, 13).toUpperCase() : null,
    lines: [
      {
        id: row.monthlyPassId!,
        kind: 'MONTHLY_PASS' as const,
        amountCents: row.amountCents,
        createdAt: row.passCreatedAt ?? row.createdAt,
        label: `Monthly pass: ${summary.monthlyPass?.productName}, ${row.vehiclePlate}, ${summary.monthlyPass?.periodLabel}`,
        method: RECEIPT_METHOD_LABELS.wallet,
      },
    ],
  };
}

/**
 * One document (a receipt or a VOID), for its driver or for the staff of its lot (`lotIds` from
 * `workableLotIds`): the gate's Recent Activity opens the receipt of a stay it just closed. Anyone
 * else gets nothing. Its lines are the charges and gate refunds it covers (a VOID: those of the
 * receipt it voids), so an older, voided receipt still reads as it was issued.
 */
export async function findReceipt(db: DB, id: string, reader: { userId: string; lotIds: string[] | 'all' }) {
  const readable =
    reader.lotIds === 'all'
      ? undefined
      : or(eq(receipts.userId, reader.userId), reader.lotIds.length ? inArray(receipts.lotId, reader.lotIds) : undefined);
  const [row] = await selectReceipts(db).where(and(eq(receipts.id, id), readable));
  if (!row) return null;
  if (!row.reservationId) return passReceipt(db, row);
  const [refs] = await db
    .select({ voidsId: voided.id, voidsNumber: voided.number, replacedById: replacedBy.id, replacedByNumber: replacedBy.number })
    .from(receipts)
    .leftJoin(voided, eq(voided.id, receipts.voidsId))
    .leftJoin(replacedBy, eq(replacedBy.replacesId, receipts.id))
    .where(eq(receipts.id, id));
  const lines = await db
    .select({ id: charges.id, kind: charges.kind, amountCents: charges.amountCents, createdAt: charges.createdAt, method: charges.method })
    .from(charges)
    .where(eq(charges.reservationId, row.reservationId))
    .orderBy(asc(charges.createdAt), sql`${charges}.rowid`)
    .limit(row.chargeLines);
  const gateRefundLines = await db
    .select({ id: gateRefunds.id, amountCents: gateRefunds.amountCents, createdAt: gateRefunds.createdAt, method: gateRefunds.method })
    .from(gateRefunds)
    .innerJoin(checkins, eq(checkins.id, gateRefunds.checkinId))
    .where(eq(checkins.reservationId, row.reservationId))
    .orderBy(asc(gateRefunds.createdAt), sql`${gateRefunds}.rowid`)
    .limit(row.refundLines);
  // Each charge says how it was paid: the wallet, or cash at the gate (an overstay or a walk-in).
  const methods = [...new Set(lines.map((line) => line.method))];
  const [payment] = await db
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.reservationId, row.reservationId), eq(walletTransactions.type, 'PAYMENT')))
    .orderBy(asc(walletTransactions.createdAt))
    .limit(1);
  // Merchant validations the stays were given (docs/passes.md): what each took off, and whose it was.
  const validated = await validationsOfReservation(db, row.reservationId);
  return {
    ...toSummary(row),
    validations: validated.map((validation) => ({
      id: validation.id,
      merchantName: validation.merchantName,
      label: worthLabel(validation, formatPeso),
      valueCents: validation.valueCents ?? 0,
    })),
    voids: refs.voidsId && refs.voidsNumber ? { id: refs.voidsId, number: refs.voidsNumber } : null,
    replacedBy: refs.replacedById && refs.replacedByNumber ? { id: refs.replacedById, number: refs.replacedByNumber } : null,
    netOfVatCents: row.amountCents - row.vatCents,
    paymentMethod: methods.map((method) => RECEIPT_METHOD_LABELS[method]).join(' and ') || RECEIPT_METHOD_LABELS.wallet,
    paymentReference: payment ? payment.id.slice(0, 13).toUpperCase() : null,
    lines: [
      ...lines.map((line) => ({ ...line, label: CHARGE_LABELS[line.kind], method: RECEIPT_METHOD_LABELS[line.method] })),
      // A gate charge paid back by the lot (docs/gate.md): the way it came.
      ...gateRefundLines.map(({ method, amountCents, ...line }) => ({
        ...line,
        kind: 'REFUND' as const,
        amountCents: -amountCents,
        label: 'Refund by the lot',
        method: RECEIPT_METHOD_LABELS[method],
      })),
    ],
  };
}
