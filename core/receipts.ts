/**
 * Official receipt numbers (BIR): every document the product issues, a receipt or the void of one,
 * takes the next number of its lot's series, `PREFIX-000123`, gap-free and never reused
 * (docs/booking.md, Receipts; the allocation is worker/receipts/receipts.data.ts).
 */
/** A receipt certifies what was paid; a void cancels one receipt (a new document referring to it, the receipt itself is never changed). */
export const RECEIPT_KINDS = ['RECEIPT', 'VOID'] as const;

/** Digits of a number in its series: `000123`; the millionth document and after simply have more. */
const RECEIPT_NUMBER_DIGITS = 6;

/**
 * The letters a lot's series prefix starts with: the initials of the words of its name (ASCII letters
 * and digits make a word; accents dropped; a word starting with a digit gives none), at most three,
 * upper case; `L` for a name with none. The series adds a counter that keeps the prefix unique
 * ("Greenbelt 3 Parking" → `GP` → `GP1`, the next lot with initials GP → `GP2`).
 * migrations/0022_receipt_numbers.sql applies the same rule in SQL to the lots that existed then.
 */
export function receiptInitials(lotName: string): string {
  const plain = lotName.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const words = plain.match(/[A-Za-z0-9]+/g) ?? [];
  const initials = words
    .map((word) => word[0])
    .filter((first) => /[A-Za-z]/.test(first))
    .slice(0, 3)
    .join('')
    .toUpperCase();
  return initials || 'L';
}

/** A document's number: its series' prefix and its place in the series, `GP1-000123`. */
export const receiptNumberOf = (prefix: string, place: number) => `${prefix}-${String(place).padStart(RECEIPT_NUMBER_DIGITS, '0')}`;

/** The shape of every number issued: prefix (initials and counter), a dash, at least six digits. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z]{1,3}\d+-\d{6,}$/;
