/**
 * The hourly lot rollups as their readers see them (docs/owner.md, "Rollups"): the rows the triggers
 * write per lot and clock hour, and the days the daily Cron folded into a row each
 * (worker/owner/rollup-fold.data.ts), unpacked. A reader that reads these never sees a fold happen.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A bound: a number, or a column or expression of the statement around. */
type Bound = SQL | number | string;

/**
 * Slot-seconds held per clock hour, as rows (lot_id, hour, seconds), at the lots `lots` (an SQL list
 * or subquery for `lot_id IN`), in Manila clock seconds [from, to).
 */
export const stayHourRows = (lots: SQL, from: Bound, to: Bound) => sql`
  SELECT lot_id, hour, seconds FROM lot_stay_hours WHERE lot_id IN ${lots} AND hour >= ${from} AND hour < ${to}
  UNION ALL
  SELECT f.lot_id, f.day * 86400 + j.key * 3600, j.value FROM lot_stay_hours_folded f, json_each(f.seconds) j
   WHERE f.lot_id IN ${lots} AND f.day >= CAST((${from}) / 86400 AS INTEGER) AND f.day < CAST(((${to}) + 86399) / 86400 AS INTEGER)
     AND f.day * 86400 + j.key * 3600 >= ${from} AND f.day * 86400 + j.key * 3600 < ${to}`;

/** Money received per Manila day and clock hour, as rows (lot_id, day, hour, cents), at the lots `lots`, days [from, to). */
export const moneyHourRows = (lots: SQL, from: Bound, to: Bound) => sql`
  SELECT lot_id, day, hour, cents FROM lot_money_hours WHERE lot_id IN ${lots} AND day >= ${from} AND day < ${to}
  UNION ALL
  SELECT f.lot_id, f.day, j.key, j.value FROM lot_money_hours_folded f, json_each(f.cents) j
   WHERE f.lot_id IN ${lots} AND f.day >= ${from} AND f.day < ${to}`;

/** The lot's first clock hour with a stay (Manila clock seconds), or null: `lot` is a value or a column. */
export const firstStayHour = (lot: SQL | string) => sql`(
  SELECT min(hour) FROM (
    SELECT min(hour) AS hour FROM lot_stay_hours WHERE lot_id = ${lot} AND seconds > 0
    UNION ALL
    SELECT min(f.day * 86400 + j.key * 3600) FROM lot_stay_hours_folded f, json_each(f.seconds) j
     WHERE f.lot_id = ${lot} AND j.value > 0
       AND f.day = (SELECT min(day) FROM lot_stay_hours_folded g WHERE g.lot_id = ${lot} AND g.seconds GLOB '*[1-9]*')))`;

/** The slot-seconds the folded days hold in the given clock hours (Manila clock seconds) at a lot: a seek per hour. */
export const foldedStaySeconds = (lot: SQL | string, hours: number[]) => sql`coalesce((
  SELECT sum(json_extract(f.seconds, '$[' || (h.value % 86400 / 3600) || ']'))
    FROM json_each(${JSON.stringify(hours)}) h JOIN lot_stay_hours_folded f ON f.lot_id = ${lot} AND f.day = h.value / 86400), 0)`;
