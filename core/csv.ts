/** CSV as spreadsheets read it: RFC 4180 quoting, CRLF lines, formula-safe free text. */
import { MANILA_TZ } from './time';

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Free text: a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export const inert = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

/** Centavos as pesos with two decimals, no symbol (a number column). */
export const csvPesos = (cents: number) => (cents / 100).toFixed(2);

const manilaStamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: MANILA_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** An instant as "2026-11-23 20:15", Manila time. */
export const csvManilaTime = (iso: string) => manilaStamp.format(new Date(iso)).replace(',', '');

export const toCsv = (rows: (string | number)[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
