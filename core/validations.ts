/**
 * Merchant validations (docs/passes.md, "Merchant validations"): a shop at a lot pays for some of its
 * customers' parking. Each validation is worth hours free or pesos off, expires, and a merchant gives
 * at most its per-stay cap to one stay. Pure rules; the worker enforces them, the screens show them.
 */
import { csvPesos, inert, toCsv } from './csv';
import { gateCharge } from './gate';
import type { LotPricing } from './pricing';
import { HOUR_MS, MINUTE_MS } from './time';

/** How a validation reached the stay: a printed single-use code, or the merchant's cashier on the merchant link. */
export const VALIDATION_SOURCES = ['code', 'link'] as const;

/** A batch is at most this many codes (one printable sheet run). */
export const MAX_CODES_PER_BATCH = 500;
/** A validation gives at most this many free hours, or this much off. */
export const MAX_VALIDATION_HOURS = 24;
export const MAX_VALIDATION_CENTS = 500_000;
/** The merchant link's cashier may validate this many stays per window (the link is rate-limited). */
export const MERCHANT_LINK_LIMIT = 30;
export const MERCHANT_LINK_WINDOW_MS = 10 * MINUTE_MS;

/** What one validation is worth: hours free, or centavos off (exactly one of them). */
export type ValidationWorth = { hours: number | null; amountCents: number | null };

/** A single-use code: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L), grouped `XXXXX-XXXXX`. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_PATTERN = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/;
/** The code as typed or scanned: upper case, spaces dropped, the dash put back. */
export function normalizeCode(raw: string) {
  const plain = raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}

/** What a validation says in words: "2 h free" or "₱50.00 off". */
export const worthLabel = (worth: ValidationWorth, peso: (cents: number) => string) =>
  worth.hours ? `${worth.hours} h free` : `${peso(worth.amountCents ?? 0)} off`;

type Stay = { entryMs: number; exitMs: number; reservedUntilMs: number | null; pricing: LotPricing };

/** The gate charge of the stay as if it had left `hoursEarlier` hours sooner: nothing when that is before it began owing. */
const chargeLeavingEarlier = (stay: Stay, hoursEarlier: number) => {
  const exitMs = stay.exitMs - hoursEarlier * HOUR_MS;
  if (exitMs <= (stay.reservedUntilMs ?? stay.entryMs)) return 0;
  return gateCharge({ ...stay, exitMs }).amountCents;
};

export type AppliedValidation = ValidationWorth & { id: string; merchantId: string };

/**
 * What the stay pays at the exit after its validations, and what each one gave. They count in the
 * order they were applied: hours free take the last hours of what is owed off the charge (the stay
 * is charged as if it had left that much earlier), pesos off come off what is left. A merchant gives
 * one stay at most its cap (`caps`, centavos; null: no cap) over all its validations, and the charge
 * never goes below zero: a validation worth more than what is owed gives only what is owed.
 * Prepaid reserved time is never refunded: a reservation's validations only lower its overstay.
 */
export function validatedCharge(stay: Stay, validations: AppliedValidation[], caps: Map<string, number | null>) {
  const grossCents = gateCharge(stay).amountCents;
  let owed = grossCents;
  let hoursUsed = 0;
  const given = new Map<string, number>();
  const values = validations.map((validation) => {
    let worth: number;
    if (validation.hours) {
      worth = chargeLeavingEarlier(stay, hoursUsed) - chargeLeavingEarlier(stay, hoursUsed + validation.hours);
      hoursUsed += validation.hours;
    } else worth = validation.amountCents ?? 0;
    const cap = caps.get(validation.merchantId) ?? null;
    const capLeft = cap === null ? Number.POSITIVE_INFINITY : Math.max(0, cap - (given.get(validation.merchantId) ?? 0));
    const valueCents = Math.max(0, Math.min(worth, owed, capLeft));
    owed -= valueCents;
    given.set(validation.merchantId, (given.get(validation.merchantId) ?? 0) + valueCents);
    return { id: validation.id, valueCents };
  });
  return { grossCents, netCents: owed, validatedCents: grossCents - owed, values };
}

export type MerchantMonth = { month: string; merchantName: string; lotName: string; redeemed: number; valueCents: number };

/** The CSV of validations redeemed per merchant and month, for invoicing the merchants. */
export const validationReportCsv = (rows: MerchantMonth[]) =>
  toCsv([
    ['Month', 'Merchant', 'Lot', 'Validations redeemed', 'Value given (PHP)'],
    ...rows.map((row) => [row.month, inert(row.merchantName), inert(row.lotName), row.redeemed, csvPesos(row.valueCents)]),
  ]);
