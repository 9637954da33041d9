import { csvManilaTime, csvPesos, inert, toCsv } from '../../core/csv';
import type { statement } from './wallet.data';

/** The month's ledger as CSV: Manila times, pesos with two decimals, running balance. */
export function statementCsv(data: Awaited<ReturnType<typeof statement>>): string {
  const header = ['Date (Asia/Manila)', 'Type', 'Description', 'Amount (PHP)', 'Balance (PHP)', 'Points', 'Reference'];
  const lines = data.rows.map((row) => [
    csvManilaTime(row.createdAt),
    row.label,
    inert(row.description),
    csvPesos(row.amountCents),
    csvPesos(row.balanceCents),
    row.pointsDelta,
    inert(row.paymentReference ?? row.reservationId ?? ''),
  ]);
  const opening = ['', 'Opening balance', '', '', csvPesos(data.openingCents), '', ''];
  const closing = ['', 'Closing balance', '', '', csvPesos(data.closingCents), '', ''];
  return toCsv([header, opening, ...lines, closing]);
}
