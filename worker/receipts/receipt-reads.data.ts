/**
 * Receipts as they are read: the driver's list and counts (History's Receipts tab), one document with
 * its lines, and the current receipt of reservations and monthly passes that other lists show. How
 * receipts are numbered and issued is receipts.data.ts.
 */
import { and, asc, count, eq, inArray, isNotNull, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { passIdOf } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import { formatPeso } from '../../core/money';
import { periodLabelOf } from '../../core/monthly-passes';
import type { CardLine } from '../../core/rate-card';
import { worthLabel } from '../../core/validations';
import type { GatePaymentMethod } from '../../core/wallet';
import type { DB } from '../db/client';
import { historyWhere } from '../db/history';
import { afterCursor, newestFirst, rowsToRead, type PageRequest } from '../db/pages';
import {
  charges,
  checkins,
  gateRefunds,
  lots,
  merchants,
  monthlyPasses,
  passProducts,
  receipts,
  reservations,
  slots,
  validations,
  walletTransactions,
} from '../db/schema';
import { isCurrentReceipt, voidedBy } from './receipts.data';

const RECEIPT_METHOD_LABELS: Record<GatePaymentMethod, string> = { wallet: 'Parkada Wallet', cash: 'cash at the gate' };

const CHARGE_LABELS: Record<(typeof charges.$inferSelect)['kind'], string> = {
  BOOKING: 'Parking',
  MODIFICATION: 'Change of reservation',
  EXTENSION: 'Extension',
  REFUND: 'Refund to wallet',
  OVERSTAY: 'Overstay',
  WALK_IN: 'Parking (walk-in)',
};

/** The receipt a receipt replaces, the receipt a VOID voids, the receipt that replaced a voided one. */
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
  lotId: receipts.lotId,
  userId: receipts.userId,
  reservationCreatedAt: reservations.createdAt,
};

export const selectReceipts = (db: DB) =>
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

export type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['all']>>[number];

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
  lotId: _lotId,
  userId: _userId,
  reservationCreatedAt: _booked,
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

/** A receipt whose booking left D1 for the archive: the History filters read its booking there (receipts.service.ts). */
const bookingArchived = () => sql`(${receipts.reservationId} IS NOT NULL AND ${reservations.id} IS NULL)`;

/**
 * The rows of a page of the driver's receipts (the current one of each reservation, one per monthly pass;
 * one more than the page, to say whether another follows), newest first: those whose reservations match
 * the History filters, and those whose reservations are archived, for the caller to filter.
 */
export const ownReceiptRows = (db: DB, userId: string, list: { filter: HistoryFilter; page: PageRequest }, now = new Date()) =>
  selectReceipts(db)
    .where(
      and(
        eq(receipts.userId, userId),
        isCurrentReceipt(),
        or(and(receiptHistoryWhere(list.filter, now), not(bookingArchived())), bookingArchived()),
        afterCursor(receipts.createdAt, receipts.id, list.page.cursor),
      ),
    )
    .orderBy(...newestFirst(receipts.createdAt, receipts.id))
    .limit(rowsToRead(list.page));

/** The driver's current receipts whose reservations are archived. */
export const ownReceiptsOfArchived = (db: DB, userId: string) =>
  selectReceipts(db).where(and(eq(receipts.userId, userId), isCurrentReceipt(), bookingArchived()));

export const receiptSummary = toSummary;

/** How many of the driver's receipts match the filters, those of archived reservations left out (the caller counts them). */
export async function countOwnReceipts(db: DB, userId: string, filter: HistoryFilter, now = new Date()) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(receipts)
    .innerJoin(lots, eq(lots.id, receipts.lotId))
    .leftJoin(reservations, eq(reservations.id, receipts.reservationId))
    .leftJoin(monthlyPasses, eq(monthlyPasses.id, receipts.monthlyPassId))
    .where(and(eq(receipts.userId, userId), isCurrentReceipt(), receiptHistoryWhere(filter, now), not(bookingArchived())));
  return total;
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
        cardLines: NO_CARD_LINES,
      },
    ],
  };
}

/**
 * One document (a receipt or a VOID), for its driver or for the staff of its lot (`lotIds` from
 * `workableLotIds`): the gate's Recent Activity opens the receipt of a stay it just closed. Anyone
 * else gets nothing. `receiptOf` reads it whole.
 */
export async function findReceiptRow(db: DB, id: string, reader: { userId: string; lotIds: string[] | 'all' }) {
  const readable =
    reader.lotIds === 'all'
      ? undefined
      : or(eq(receipts.userId, reader.userId), reader.lotIds.length ? inArray(receipts.lotId, reader.lotIds) : undefined);
  const [row] = await selectReceipts(db).where(and(eq(receipts.id, id), readable));
  return row ?? null;
}

/** A slot's label, for a receipt whose booking is archived (its slot stays in D1). */
export async function slotLabelOf(db: DB, slotId: string | null) {
  const [slot] = slotId ? await db.select({ label: slots.label }).from(slots).where(eq(slots.id, slotId)) : [];
  return slot?.label ?? null;
}

/** A charge as a receipt's line reads it, from D1 or from the archive. */
export type ChargeLine = Pick<typeof charges.$inferSelect, 'id' | 'kind' | 'amountCents' | 'createdAt' | 'method'> & {
  linesJson?: string | null;
};

/** A line not priced by a rate card. */
const NO_CARD_LINES: CardLine[] = [];

/** The document whole: its lines are its reservation's charges in D1 and `archived` (docs/payments.md, Archive). */
export const receiptOf = (db: DB, row: ReceiptRow, archived: ChargeLine[]) =>
  row.reservationId ? reservationReceipt(db, row, row.reservationId, archived) : passReceipt(db, row);

/**
 * The lines a reservation's document covers: its charges and gate refunds, as many as when it was
 * issued (a VOID: those of the receipt it voids), so an older, voided receipt still reads as it was.
 */
async function linesOf(db: DB, row: ReceiptRow, reservationId: string, archived: ChargeLine[]) {
  const inD1 = await db
    .select({
      id: charges.id,
      kind: charges.kind,
      amountCents: charges.amountCents,
      createdAt: charges.createdAt,
      method: charges.method,
      linesJson: charges.linesJson,
    })
    .from(charges)
    .where(eq(charges.reservationId, reservationId))
    .orderBy(asc(charges.createdAt), sql`${charges}.rowid`)
    .limit(row.chargeLines);
  // Archived charges are of closed months, so before those still in D1; a charge caught between the two writes of a move is in both.
  const lines = [
    ...archived.map(({ id, kind, amountCents, createdAt, method, linesJson }) => ({ id, kind, amountCents, createdAt, method, linesJson })),
    ...inD1,
  ];
  const charged = [...new Map(lines.map((line) => [line.id, line])).values()].slice(0, row.chargeLines);
  const refunded = await db
    .select({ id: gateRefunds.id, amountCents: gateRefunds.amountCents, createdAt: gateRefunds.createdAt, method: gateRefunds.method })
    .from(gateRefunds)
    .innerJoin(checkins, eq(checkins.id, gateRefunds.checkinId))
    .where(eq(checkins.reservationId, reservationId))
    .orderBy(asc(gateRefunds.createdAt), sql`${gateRefunds}.rowid`)
    .limit(row.refundLines);
  return { charged, refunded };
}

/** Merchant validations the reservation's stays were given (docs/passes.md), with their merchants. */
const validationsOf = (db: DB, reservationId: string) =>
  db
    .select({
      id: validations.id,
      merchantName: merchants.name,
      code: validations.code,
      valueCents: validations.valueCents,
      hours: validations.hours,
      amountCents: validations.amountCents,
    })
    .from(validations)
    .innerJoin(merchants, eq(merchants.id, validations.merchantId))
    .innerJoin(checkins, eq(checkins.id, validations.checkinId))
    .where(and(eq(checkins.reservationId, reservationId), isNotNull(validations.valuedAt)))
    .orderBy(asc(validations.redeemedAt));

/** A reservation's receipt (or VOID) as its reader sees it: its lines, how they were paid, and its references. */
async function reservationReceipt(db: DB, row: ReceiptRow, reservationId: string, archived: ChargeLine[]) {
  const [refs] = await db
    .select({ voidsId: voided.id, voidsNumber: voided.number, replacedById: replacedBy.id, replacedByNumber: replacedBy.number })
    .from(receipts)
    .leftJoin(voided, eq(voided.id, receipts.voidsId))
    .leftJoin(replacedBy, eq(replacedBy.replacesId, receipts.id))
    .where(eq(receipts.id, row.id));
  const { charged, refunded } = await linesOf(db, row, reservationId, archived);
  // Each charge says how it was paid: the wallet, or cash at the gate (an overstay or a walk-in).
  const methods = [...new Set(charged.map((line) => line.method))];
  const [payment] = await db
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.reservationId, reservationId), eq(walletTransactions.type, 'PAYMENT')))
    .orderBy(asc(walletTransactions.createdAt))
    .limit(1);
  // What each validation took off, and whose it was.
  const validated = await validationsOf(db, reservationId);
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
      // A charge priced by a rate card shows the card's lines as they were charged (docs/booking.md, Receipts).
      ...charged.map(({ linesJson, ...line }) => ({
        ...line,
        label: CHARGE_LABELS[line.kind],
        method: RECEIPT_METHOD_LABELS[line.method],
        cardLines: linesJson ? (JSON.parse(linesJson) as CardLine[]) : [],
      })),
      // A gate charge paid back by the lot (docs/gate.md): the way it came.
      ...refunded.map(({ method, amountCents, ...line }) => ({
        ...line,
        kind: 'REFUND' as const,
        amountCents: -amountCents,
        label: 'Refund by the lot',
        method: RECEIPT_METHOD_LABELS[method],
        cardLines: NO_CARD_LINES,
      })),
    ],
  };
}
