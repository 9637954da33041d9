/**
 * What a receipt's e-mail says (docs/payments.md, Receipts by e-mail): the newest document of a
 * reservation or a monthly pass, and the credit note issued beside it.
 */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { MailedDocument, ReceiptMailFacts } from '../../core/email';
import { periodLabelOf } from '../../core/monthly-passes';
import type { DB } from '../db/client';
import { receipts } from '../db/schema';
import { selectReceipts, type ReceiptRow } from './receipt-reads.data';

/** What numbered documents certify: a reservation's payments, or a monthly pass's sale. */
export type ReceiptSubject = { reservationId: string } | { monthlyPassId: string };

/** The receipt a VOID cancels. */
const cancelled = alias(receipts, 'cancelled');
/** The VOID of the receipt a new receipt replaces: issued by the same change. */
const creditNote = alias(receipts, 'credit_note');

/**
 * What the document's e-mail says: a RECEIPT with the credit note of the change that issued it (when it
 * replaces a receipt), or a VOID alone (everything refunded) as the credit note of the receipt it cancels.
 */
function mailOf(row: ReceiptRow, refs: { cancelledNumber: string | null; creditNote: MailedDocument | null }): ReceiptMailFacts {
  const { number, amountCents, vatCents, monthlyPassId, passProductName, passPeriodKind } = row;
  const document = { number, amountCents, vatCents };
  const what =
    monthlyPassId && passProductName && passPeriodKind
      ? `Monthly pass: ${passProductName}, ${row.vehiclePlate}, ${periodLabelOf({ periodKind: passPeriodKind, validFrom: row.startTs, validUntil: row.endTs })}`
      : `Parking${row.slotLabel ? `, slot ${row.slotLabel}` : ''}`;
  const mail = { lotName: row.lotName, what, issuedAt: row.createdAt };
  if (row.kind === 'VOID') return { ...mail, creditNote: { ...document, refersTo: refs.cancelledNumber ?? '' } };
  return {
    ...mail,
    receipt: document,
    creditNote: refs.creditNote ? { ...refs.creditNote, refersTo: row.replacesNumber ?? '' } : undefined,
  };
}

/** The subject's newest document (the highest place in the series: a subject's documents are all of one lot's), with its e-mail's facts. */
export async function newestReceiptMail(db: DB, subject: ReceiptSubject) {
  const [row] = await selectReceipts(db)
    .where(
      'reservationId' in subject ? eq(receipts.reservationId, subject.reservationId) : eq(receipts.monthlyPassId, subject.monthlyPassId),
    )
    .orderBy(desc(receipts.seq))
    .limit(1);
  if (!row) return null;
  const [refs] = await db
    .select({
      userId: receipts.userId,
      cancelledNumber: cancelled.number,
      creditNote: { number: creditNote.number, amountCents: creditNote.amountCents, vatCents: creditNote.vatCents },
    })
    .from(receipts)
    .leftJoin(cancelled, eq(cancelled.id, receipts.voidsId))
    .leftJoin(creditNote, eq(creditNote.voidsId, receipts.replacesId))
    .where(eq(receipts.id, row.id));
  return { id: row.id, userId: refs.userId, mail: mailOf(row, refs) };
}
