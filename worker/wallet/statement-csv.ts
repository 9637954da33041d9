import { MANILA_TZ } from '../../core/time';
import type { statement } from './wallet.data';

const manilaStamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: MANILA_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** RFC 4180 quoting. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
/** Free text: a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
const inert = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);
const pesos = (cents: number) => (cents / 100).toFixed(2);

/** The month's ledger as CSV: Manila times, pesos with two decimals, running balance. */
export function statementCsv(data: Awaited<ReturnType<typeof statement>>): string {
  const header = ['Date (Asia/Manila)', 'Type', 'Description', 'Amount (PHP)', 'Balance (PHP)', 'Points', 'Reference'];
  const lines = data.rows.map((row) =>
    [
      manilaStamp.format(new Date(row.createdAt)).replace(',', ''),
      row.label,
      inert(row.description),
      pesos(row.amountCents),
      pesos(row.balanceCents),
      row.pointsDelta,
      inert(row.paymentReference ?? row.reservationId ?? ''),
    ].map(cell),
  );
  const opening = ['', 'Opening balance', '', '', pesos(data.openingCents), '', ''];
  const closing = ['', 'Closing balance', '', '', pesos(data.closingCents), '', ''];
  return [header, opening, ...lines, closing].map((line) => line.join(',')).join('\r\n') + '\r\n';
}
