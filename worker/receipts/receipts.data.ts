/**
 * Receipts: one per paid reservation, issued in the same D1 batch as the booking payment and kept
 * equal to the net amount paid by every later change (modify, extend, refund) in that change's batch.
 * Its lines are the reservation's charges, each with how it was paid (an overstay in cash at the gate,
 * the rest from the wallet); its payment reference is the wallet ledger row that paid.
 */
import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { passIdOf } from '../../core/booking';
import type { HistoryFilter } from '../../core/history';
import { vatIncluded } from '../../core/pricing';
import { statementOf, type DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { charges, checkins, gateRefunds, lots, receipts, reservations, slots, walletTransactions } from '../db/schema';
import { newId } from '../db/ids';
import { historyWhere } from '../reservations/reservation-lists.data';
import { shortIdOf } from '../../core/ids';
import type { GatePaymentMethod } from '../../core/wallet';

/** The receipt number printed on the document: short, upper case, derived from the receipt id. */
export const receiptNumber = (id: string) => `PKD-${shortIdOf(id)}`;

const totals = (amountCents: number) => ({ amountCents, vatCents: vatIncluded(amountCents) });

/** The statement that issues a reservation's receipt (run it in the booking's batch). */
export const issueReceipt = (db: DB, input: { userId: string; reservationId: string; amountCents: number }) =>
  statementOf(
    db,
    db.insert(receipts).values({ id: newId(), userId: input.userId, reservationId: input.reservationId, ...totals(input.amountCents) }),
  );

/** The statement that brings a receipt to the reservation's new net amount paid. */
export const reviseReceipt = (db: DB, reservationId: string, netPaidCents: number) =>
  statementOf(db, db.update(receipts).set(totals(netPaidCents)).where(eq(receipts.reservationId, reservationId)));

const RECEIPT_METHOD_LABELS: Record<GatePaymentMethod, string> = { wallet: 'Parkada Wallet', cash: 'cash at the gate' };

const CHARGE_LABELS: Record<(typeof charges.$inferSelect)['kind'], string> = {
  BOOKING: 'Parking',
  MODIFICATION: 'Change of reservation',
  EXTENSION: 'Extension',
  REFUND: 'Refund to wallet',
  OVERSTAY: 'Overstay',
  WALK_IN: 'Parking (walk-in)',
};

const receiptColumns = {
  id: receipts.id,
  reservationId: receipts.reservationId,
  amountCents: receipts.amountCents,
  vatCents: receipts.vatCents,
  createdAt: receipts.createdAt,
  lotName: lots.name,
  lotAddress: lots.address,
  status: reservations.status,
  startTs: reservations.startTs,
  endTs: reservations.endTs,
  vehiclePlate: reservations.vehiclePlate,
  slotLabel: slots.label,
};

const selectReceipts = (db: DB) =>
  db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(reservations, eq(reservations.id, receipts.reservationId))
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .leftJoin(slots, eq(slots.id, reservations.slotId));

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['all']>>[number];

/** A receipt (id, amountCents, createdAt, lot.name) plus what a driver needs to file it as an expense. */
const toSummary = ({ lotName, lotAddress, ...row }: ReceiptRow) => ({
  ...row,
  number: receiptNumber(row.id),
  passId: passIdOf(row.reservationId),
  currency: 'PHP' as const,
  lot: { name: lotName, address: lotAddress },
});

/** A page of the driver's receipts, newest first, whose reservations match the History filters. */
export async function listOwnReceipts(db: DB, userId: string, list: { filter: HistoryFilter; page: PageRequest }, now = new Date()) {
  const rows = await selectReceipts(db)
    .where(and(eq(receipts.userId, userId), historyWhere(list.filter, now), afterCursor(receipts.createdAt, receipts.id, list.page.cursor)))
    .orderBy(...newestFirst(receipts.createdAt, receipts.id))
    .limit(rowsToRead(list.page));
  return pageOf(rows, list.page, (row) => ({ key: row.createdAt, id: row.id }), toSummary);
}

export async function countOwnReceipts(db: DB, userId: string, filter: HistoryFilter, now = new Date()) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(receipts)
    .innerJoin(reservations, eq(reservations.id, receipts.reservationId))
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(and(eq(receipts.userId, userId), historyWhere(filter, now)));
  return { total };
}

/** The receipt id of each of these reservations that has one. */
export async function receiptIdsOf(db: DB, reservationIds: string[]): Promise<Map<string, string>> {
  if (!reservationIds.length) return new Map();
  const rows = await db
    .select({ id: receipts.id, reservationId: receipts.reservationId })
    .from(receipts)
    .where(inArray(receipts.reservationId, reservationIds));
  return new Map(rows.map((row) => [row.reservationId, row.id]));
}

/**
 * One receipt, for its driver or for the staff of its lot (`lotIds` from `workableLotIds`): the gate's
 * Recent Activity opens the receipt of a stay it just closed. Anyone else gets nothing.
 */
export async function findReceipt(db: DB, id: string, reader: { userId: string; lotIds: string[] | 'all' }) {
  const readable =
    reader.lotIds === 'all'
      ? undefined
      : or(eq(receipts.userId, reader.userId), reader.lotIds.length ? inArray(reservations.lotId, reader.lotIds) : undefined);
  const [row] = await selectReceipts(db).where(and(eq(receipts.id, id), readable));
  if (!row) return null;
  const lines = await db
    .select({ id: charges.id, kind: charges.kind, amountCents: charges.amountCents, createdAt: charges.createdAt })
    .from(charges)
    .where(eq(charges.reservationId, row.reservationId))
    .orderBy(asc(charges.createdAt));
  // An overstay is paid at the exit, from the wallet or in cash as the check-out recorded; every other line is the wallet's.
  const [stay] = await db
    .select({ paidBy: checkins.paidBy })
    .from(checkins)
    .where(and(eq(checkins.reservationId, row.reservationId), isNotNull(checkins.exitTs)))
    .limit(1);
  const methodOf = (kind: (typeof charges.$inferSelect)['kind']): GatePaymentMethod =>
    kind === 'OVERSTAY' && stay?.paidBy === 'cash' ? 'cash' : 'wallet';
  const gateRefundLines = await db
    .select({ id: gateRefunds.id, amountCents: gateRefunds.amountCents, createdAt: gateRefunds.createdAt, method: gateRefunds.method })
    .from(gateRefunds)
    .innerJoin(checkins, eq(checkins.id, gateRefunds.checkinId))
    .where(eq(checkins.reservationId, row.reservationId))
    .orderBy(asc(gateRefunds.createdAt));
  const methods = [...new Set(lines.map((line) => methodOf(line.kind)))];
  const [payment] = await db
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.reservationId, row.reservationId), eq(walletTransactions.type, 'PAYMENT')))
    .orderBy(asc(walletTransactions.createdAt))
    .limit(1);
  return {
    ...toSummary(row),
    netOfVatCents: row.amountCents - row.vatCents,
    paymentMethod: methods.map((method) => RECEIPT_METHOD_LABELS[method]).join(' and ') || RECEIPT_METHOD_LABELS.wallet,
    paymentReference: payment ? payment.id.slice(0, 13).toUpperCase() : null,
    lines: [
      ...lines.map((line) => ({ ...line, label: CHARGE_LABELS[line.kind], method: RECEIPT_METHOD_LABELS[methodOf(line.kind)] })),
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
