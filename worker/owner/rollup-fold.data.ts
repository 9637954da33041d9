/**
 * The fold of the lot rollups (docs/owner.md, "Rollups"): rows of the grains that grow per hour or per
 * driver and day, once older than their hot window, are added into a row per lot and day (or moved
 * towards the lot's object) and deleted, in one D1 batch per lot and span of days, so a fold stopped midway leaves every
 * row counted once and the next run resumes. The readers read both tables (worker/db/rollups.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { STAY_LENGTH_BOUNDS } from '../../core/owner-figures';
import { sqlStatement, type DB } from '../db/client';
import { customerDaysOutbox } from '../db/schema';

/** A rollup fold: its hot table, the column its rows are ordered by, and the statements that fold a lot's keys [from, to). */
export type Grain = { table: string; key: string; fold: (lotId: string, from: number | string, to: number | string) => SQL[] };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** A day's 24 clock hours as a JSON array, summed from its hour rows. */
const dayArray = (hourOf: SQL, value: string) =>
  sql`json_array(${sql.join(
    HOURS.map((hour) => sql`sum(CASE WHEN ${hourOf} = ${sql.raw(String(hour))} THEN ${sql.raw(value)} ELSE 0 END)`),
    sql`, `,
  )})`;

/** A folded day's array plus the one folded into it again (rows that came late). */
const addedArrays = (column: string) =>
  sql.raw(
    `json_array(${HOURS.map((hour) => `json_extract(${column}, '$[${hour}]') + json_extract(excluded.${column}, '$[${hour}]')`).join(', ')})`,
  );

const inKeys = (key: string, lotId: string, from: number | string, to: number | string) =>
  sql`lot_id = ${lotId} AND ${sql.raw(key)} >= ${from} AND ${sql.raw(key)} < ${to}`;

const deleteKeys = (table: string, key: string, lotId: string, from: number | string, to: number | string) =>
  sql`DELETE FROM ${sql.raw(table)} WHERE ${inKeys(key, lotId, from, to)}`;

const [SHORT_S, LONG_S] = STAY_LENGTH_BOUNDS.map((hours) => hours * 3600);

/** An hourly rollup, folded into a row per lot and day holding the day's 24 hours (`hourOf` its rows) as a JSON array in `value`. */
const hourlyGrain = (table: string, key: string, dayOf: string, hourOf: string, value: string): Grain => ({
  table,
  key,
  fold: (lotId, from, to) => [
    sql`INSERT INTO ${sql.raw(`${table}_folded`)} (lot_id, day, ${sql.raw(value)})
        SELECT lot_id, ${sql.raw(dayOf)}, ${dayArray(sql.raw(hourOf), value)}
          FROM ${sql.raw(table)} WHERE ${inKeys(key, lotId, from, to)} GROUP BY lot_id, ${sql.raw(dayOf)}
        ON CONFLICT (lot_id, day) DO UPDATE SET ${sql.raw(value)} = ${addedArrays(value)}`,
    deleteKeys(table, key, lotId, from, to),
  ],
});

/** Slot-seconds by Manila clock hour (`hour`: Manila clock seconds). */
export const STAY_HOURS = hourlyGrain('lot_stay_hours', 'hour', 'hour / 86400', 'hour % 86400 / 3600', 'seconds');
/** Money by Manila day and clock hour. */
export const MONEY_HOURS = hourlyGrain('lot_money_hours', 'day', 'day', 'hour', 'cents');

export const BOOKING_DAYS: Grain = {
  table: 'lot_booking_days',
  key: 'day',
  fold: (lotId, from, to) => [
    sql`INSERT INTO lot_booking_days_folded (lot_id, day, bookings, seconds, short, long)
        SELECT lot_id, day, sum(bookings), sum(seconds * bookings), sum((seconds < ${SHORT_S}) * bookings), sum((seconds > ${LONG_S}) * bookings)
          FROM lot_booking_days WHERE ${inKeys('day', lotId, from, to)} GROUP BY lot_id, day
        ON CONFLICT (lot_id, day) DO UPDATE SET bookings = bookings + excluded.bookings, seconds = seconds + excluded.seconds,
          short = short + excluded.short, long = long + excluded.long`,
    deleteKeys('lot_booking_days', 'day', lotId, from, to),
  ],
};

/**
 * A lot's per-driver days leave D1 for its object (docs/owner.md, "Rollups"): moved into the outbox
 * under the next fold id of the counter, and the first day each driver booked kept in `lot_customers` (whether a driver of
 * a range is new), in the batch that deletes them; the object adds the fold once (`sendCustomerFolds`).
 */
export const CUSTOMER_DAYS: Grain = {
  table: 'lot_customer_days',
  key: 'day',
  fold: (lotId, from, to) => [
    sql`INSERT INTO customer_fold_counter (id, last_fold_id) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET last_fold_id = last_fold_id + 1`,
    sql`INSERT INTO customer_days_outbox (lot_id, fold_id, day, user_id, bookings, cents)
        SELECT lot_id, (SELECT last_fold_id FROM customer_fold_counter WHERE id = 1), day, user_id, bookings, cents
          FROM lot_customer_days WHERE ${inKeys('day', lotId, from, to)}`,
    sql`INSERT INTO lot_customers (lot_id, user_id, first_day)
        SELECT lot_id, user_id, min(day) FROM lot_customer_days WHERE ${inKeys('day', lotId, from, to)} AND bookings > 0 GROUP BY lot_id, user_id
        ON CONFLICT (lot_id, user_id) DO UPDATE SET first_day = min(first_day, excluded.first_day)`,
    deleteKeys('lot_customer_days', 'day', lotId, from, to),
  ],
};

/** Up to `limit` folds waiting in the outbox, a lot and fold id each. */
export const foldsInOutbox = (db: DB, limit: number) =>
  db.selectDistinct({ lotId: customerDaysOutbox.lotId, foldId: customerDaysOutbox.foldId }).from(customerDaysOutbox).limit(limit);

/** A fold's days, as the object adds them. */
export const daysOfFold = (db: DB, lotId: string, foldId: number) =>
  db
    .select({
      day: customerDaysOutbox.day,
      userId: customerDaysOutbox.userId,
      bookings: customerDaysOutbox.bookings,
      cents: customerDaysOutbox.cents,
    })
    .from(customerDaysOutbox)
    .where(and(eq(customerDaysOutbox.lotId, lotId), eq(customerDaysOutbox.foldId, foldId)));

/** Deletes a fold the object has added. */
export const deleteFold = (db: DB, lotId: string, foldId: number) =>
  db.delete(customerDaysOutbox).where(and(eq(customerDaysOutbox.lotId, lotId), eq(customerDaysOutbox.foldId, foldId)));

/** The lots with rows older than `before` in a grain's hot table, each with its oldest key: a seek per lot. */
export const lotsToFold = (db: DB, { table, key }: Grain, before: number | string) =>
  db.all<{ lotId: string; first: number | string }>(sql`
    SELECT lotId, first FROM (SELECT id AS lotId, (SELECT min(${sql.raw(key)}) FROM ${sql.raw(table)} WHERE lot_id = lots.id) AS first FROM lots)
     WHERE first < ${before}`);

/** A lot's oldest key in a grain's hot table, or null. */
export async function oldestKey(db: DB, { table, key }: Grain, lotId: string) {
  const [row] = await db.all<{ first: number | string | null }>(
    sql`SELECT min(${sql.raw(key)}) AS first FROM ${sql.raw(table)} WHERE lot_id = ${lotId}`,
  );
  return row?.first ?? null;
}

/** Folds a lot's keys [from, to) of a grain: one D1 batch, so it is all done or not at all. */
export const foldKeys = (db: DB, grain: Grain, lotId: string, from: number | string, to: number | string) =>
  db.$client.batch(grain.fold(lotId, from, to).map((statement) => sqlStatement(db, statement)));
