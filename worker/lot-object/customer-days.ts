/**
 * The lot's per-driver days (docs/owner.md, "Rollups"): D1's `lot_customer_days` past their hot window,
 * which the daily fold sends here a fold at a time (worker/owner/rollup-fold.service.ts), and beside them
 * a row per driver and month that triggers keep (migration 6), so the whole months of a long range are
 * read a row per driver and only its ends a row per driver and day. Every range is exact.
 */
import type { CustomerTotal } from '../../core/customers';
import { firstDayOf, lastDayOf, nextMonth, previousMonth } from '../../core/statements';
import { addDays } from '../../core/time';
import type { CustomerDay, CustomerTotals, CustomerTotalsQuery } from './protocol';

/** Days a statement adds: about 100 bytes each as JSON, well under SQLite's 2 MB a value. */
const DAYS_A_STATEMENT = 5_000;

const ADD_DAYS = `INSERT INTO customer_days (day, user_id, bookings, cents)
  SELECT json_extract(value, '$.day'), json_extract(value, '$.userId'), json_extract(value, '$.bookings'), json_extract(value, '$.cents')
    FROM json_each(?) WHERE true
  ON CONFLICT (day, user_id) DO UPDATE SET bookings = bookings + excluded.bookings, cents = cents + excluded.cents`;

/**
 * Adds a fold's days, once: a fold sent again (D1 kept its rows after the object added them) changes
 * nothing. Its id is remembered for good, a short row a lot and day.
 */
export function addCustomerDays(storage: DurableObjectStorage, foldId: number, days: CustomerDay[], now: number): void {
  storage.transactionSync(() => {
    if (storage.sql.exec('SELECT 1 FROM customer_folds WHERE fold_id = ?', foldId).toArray().length) return;
    // A statement's argument is at most 2 MB: a busy lot's month moved by migration 0065 is more.
    for (let i = 0; i < days.length; i += DAYS_A_STATEMENT) storage.sql.exec(ADD_DAYS, JSON.stringify(days.slice(i, i + DAYS_A_STATEMENT)));
    storage.sql.exec('INSERT INTO customer_folds (fold_id, at_ms) VALUES (?, ?)', foldId, now);
  });
}

/** An empty range of days or months: nothing sorts at or after "1" and before "0". */
const NONE = ['1', '0'] as const;

/**
 * The days [from, to] as the months wholly inside them and the days at either end: the ranges [a, b)
 * and [c, d] of days and [m, n] of months.
 */
function rangeParts(from: string, to: string) {
  const first = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const last = to === lastDayOf(to.slice(0, 7)) ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  if (first > last) return { head: [from, addDays(to, 1)], tail: NONE, months: NONE };
  return { head: [from, firstDayOf(first)], tail: [firstDayOf(nextMonth(last)), to], months: [first, last] };
}

/** Each driver's sums over the days [from, to], which of the pending folds the object has added, and its newest fold. */
export function customerTotals(sql: SqlStorage, { from, to, pending }: CustomerTotalsQuery): CustomerTotals {
  const { head, tail, months } = rangeParts(from, to);
  const drivers = sql
    .exec<{ userId: string; bookings: number; cents: number; booked: number }>(
      `SELECT user_id AS userId, sum(bookings) AS bookings, sum(cents) AS cents, max(booked) AS booked FROM (
         SELECT user_id, bookings, cents, bookings > 0 AS booked FROM customer_days WHERE day >= ? AND day < ?
         UNION ALL
         SELECT user_id, bookings, cents, bookings > 0 FROM customer_days WHERE day >= ? AND day <= ?
         UNION ALL
         SELECT user_id, bookings, cents, booked_days > 0 FROM customer_months WHERE month >= ? AND month <= ?)
        GROUP BY user_id HAVING max(booked) > 0 OR sum(cents) <> 0`,
      ...head,
      ...tail,
      ...months,
    )
    .toArray()
    .map((row): CustomerTotal => ({ ...row, booked: row.booked > 0 }));
  const applied = sql
    .exec<{ foldId: number }>(
      'SELECT fold_id AS foldId FROM customer_folds WHERE fold_id IN (SELECT value FROM json_each(?))',
      JSON.stringify(pending),
    )
    .toArray()
    .map((row) => row.foldId);
  const newest = sql.exec<{ newest: number | null }>('SELECT max(fold_id) AS newest FROM customer_folds').one().newest;
  return { drivers, applied, newest };
}
