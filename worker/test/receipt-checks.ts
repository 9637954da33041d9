/** What every test of money can ask of the numbered documents (docs/booking.md, Receipts). */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { receiptNumberOf } from '../../core/receipts';
import { receipts, receiptSeries } from '../db/schema';
import { db } from './helpers';

/**
 * A lot's documents in series order. Fails unless they are numbered 1…N, no gap and no number twice,
 * each `PREFIX-00000n` of the lot's series, and the series' last number is N.
 */
export async function expectGapFreeSeries(lotId: string) {
  const documents = await db().select().from(receipts).where(eq(receipts.lotId, lotId)).orderBy(asc(receipts.seq));
  const [series] = await db().select().from(receiptSeries).where(eq(receiptSeries.lotId, lotId));
  expect(
    documents.map((document) => document.seq),
    `series of lot ${lotId}`,
  ).toEqual(documents.map((_, i) => i + 1));
  expect(series?.lastNumber ?? 0, `last number of lot ${lotId}`).toBe(documents.length);
  for (const document of documents) expect(document.number).toBe(receiptNumberOf(series.prefix, document.seq));
  return documents;
}

/**
 * A reservation's documents are one chain: a first receipt, then for each change of the amount paid a
 * VOID of the receipt in force and (unless nothing is left paid) a new receipt replacing it, each
 * void after the receipt it voids and each receipt after the void of the one it replaces. Fails
 * unless the chain holds and what it certifies now (the current receipt's amount, or nothing once
 * it is voided) is `netPaidCents`. Answers the documents in issue order.
 */
export async function expectReceiptChain(reservationId: string, netPaidCents: number) {
  const documents = await db().select().from(receipts).where(eq(receipts.reservationId, reservationId)).orderBy(asc(receipts.seq));
  if (documents.length === 0) {
    expect(netPaidCents, `${reservationId} has no receipt`).toBe(0);
    return documents;
  }
  const [first, ...rest] = documents;
  expect(first, `first document of ${reservationId}`).toMatchObject({ kind: 'RECEIPT', replacesId: null });
  let current = first;
  let voided = false;
  for (const document of rest) {
    if (document.kind === 'VOID') {
      expect(voided, `${document.number} voids a receipt already voided`).toBe(false);
      expect(document).toMatchObject({ voidsId: current.id, amountCents: current.amountCents, vatCents: current.vatCents });
      voided = true;
    } else {
      expect(voided, `${document.number} replaces a receipt still in force`).toBe(true);
      expect(document.replacesId).toBe(current.id);
      current = document;
      voided = false;
    }
  }
  expect(voided ? 0 : current.amountCents, `what the receipts of ${reservationId} certify`).toBe(netPaidCents);
  return documents;
}
