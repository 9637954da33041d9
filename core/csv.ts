/** CSV as spreadsheets read it: RFC 4180 quoting, CRLF lines, formula-safe free text. */
import { toManilaInput } from './time';

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Free text: a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export const inert = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

/** Centavos as pesos with two decimals, no symbol (a number column). */
export const csvPesos = (cents: number) => (cents / 100).toFixed(2);

/** An instant as "2026-11-23 20:15", Manila time. */
export const csvManilaTime = (iso: string) => toManilaInput(new Date(iso)).replace('T', ' ');

export const toCsv = (rows: (string | number)[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
