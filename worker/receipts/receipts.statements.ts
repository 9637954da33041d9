import { vatIncluded } from '../../core/pricing';
import { receiptInitials } from '../../core/receipts';
import type { DB } from '../db/client';
import { newId } from '../db/ids';

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
const receiptInsert = (db: DB, input: { reservationId: string; lotId: string; amountCents: number; archivedLines?: number }) =>
  db.$client
    .prepare(
      `INSERT INTO receipts (id, kind, user_id, reservation_id, lot_id, seq, number, amount_cents, vat_cents, replaces_id, charge_lines, refund_lines)
       SELECT ?1, 'RECEIPT', (SELECT user_id FROM reservations WHERE id = ?2), ?2, s.lot_id, ${NUMBER_TAKEN}, ?4, ?5,
              (SELECT r.id FROM receipts r WHERE r.reservation_id = ?2 AND r.kind = 'RECEIPT'
                  AND NOT EXISTS (SELECT 1 FROM receipts later WHERE later.replaces_id = r.id)),
              (SELECT count(*) FROM charges WHERE reservation_id = ?2) + ?6,
              (SELECT count(*) FROM gate_refunds g JOIN checkins c ON c.id = g.checkin_id WHERE c.reservation_id = ?2)
         FROM receipt_series s WHERE s.lot_id = ?3`,
    )
    .bind(newId(), input.reservationId, input.lotId, input.amountCents, vatIncluded(input.amountCents), input.archivedLines ?? 0);

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
 * Only a change that moves money calls this; the receipts themselves are never updated. `archivedLines`:
 * the reservation's charges already moved to the archive, which the new receipt covers too.
 */
export const reissueReceipt = (db: DB, input: { reservationId: string; lot: SeriesLot; netPaidCents: number; archivedLines?: number }) => {
  const { reservationId, lot, archivedLines } = input;
  const statements = [openSeries(db, lot), takeNumber(db, lot.id, reservationId), voidInsert(db, { reservationId, lotId: lot.id })];
  if (input.netPaidCents > 0)
    statements.push(
      takeNumber(db, lot.id),
      receiptInsert(db, { reservationId, lotId: lot.id, amountCents: input.netPaidCents, archivedLines }),
    );
  return statements;
};
