/**
 * A rate card's price of search's window in SQL (docs/search.md, "Cheapest on rate cards"): exactly
 * `cardPrice` (core/rate-card.ts) for the vehicle searched for, read from the lot's card and waivers
 * JSON. Every figure the window fixes (its length, its ends, the midnights of the nights it may cover)
 * is a literal computed here, so the statement binds no parameter for it (D1 allows 100).
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, DAY_MS, HOUR_MS, MINUTE_MS, manilaDate, manilaDateStart } from '../../core/time';
import type { VehicleType } from '../../core/vehicles';
import { pricing } from '../db/schema';
import type { LotWindow } from './lots.data';

const literal = (value: number | string) => sql.raw(typeof value === 'number' ? String(value) : `'${value}'`);
const card = (path: SQL | string) => sql`json_extract(${pricing.rateCardJson}, ${typeof path === 'string' ? literal(path) : path})`;

/** The vehicle's class on the card: its own, else the car's (as `classRateOf` does). */
const classField = (vehicleType: VehicleType, field: string) =>
  vehicleType === 'car'
    ? literal(`$.classes.car.${field}`)
    : sql`(CASE WHEN json_type(${pricing.rateCardJson}, ${literal(`$.classes.${vehicleType}`)}) = 'object' THEN ${literal(`$.classes.${vehicleType}.${field}`)} ELSE ${literal(`$.classes.car.${field}`)} END)`;

/** An ISO instant of the waivers JSON as epoch milliseconds, as `Date.parse` reads it. */
const epochMs = (iso: SQL) => sql`(CAST(strftime('%s', ${iso}) AS INTEGER) * 1000 + CAST(substr(strftime('%f', ${iso}), 4, 3) AS INTEGER))`;

/** The lot's waivers of these kinds as rows (k: their order, f and t: their span in ms); none when the JSON is not valid. */
const waiverSpans = (kinds: string) =>
  sql`(SELECT key AS k, ${epochMs(sql`json_extract(value, '$.from')`)} AS f, ${epochMs(sql`json_extract(value, '$.to')`)} AS t FROM json_each(CASE WHEN json_valid(${pricing.waiversJson}) THEN ${pricing.waiversJson} END) WHERE json_extract(value, '$.kind') IN (${sql.raw(kinds)}))`;

/**
 * How much of the window "all" waivers cover, overlapping waivers once (`coveredMs`): each waiver, in
 * order of its start, adds what it reaches past the window's start and every earlier waiver's end. A
 * lot that never had a waiver reads none (most lots: the search's cost stays a few expressions a lot).
 */
function waivedMs({ startMs, endMs }: LotWindow) {
  const reached = sql`coalesce((SELECT max(v.t) FROM ${waiverSpans("'all'")} v WHERE v.f < w.f OR (v.f = w.f AND v.k < w.k)), ${literal(startMs)})`;
  const covered = sql`coalesce((SELECT sum(max(0, min(w.t, ${literal(endMs)}) - max(w.f, ${literal(startMs)}, ${reached}))) FROM ${waiverSpans("'all'")} w), 0)`;
  return sql`(CASE WHEN ${pricing.waiversJson} IS NULL THEN 0 ELSE ${covered} END)`;
}

/** Started hours of `ms` (an integer, ≥ 0), as `startedHours` counts them. */
const startedHours = (ms: SQL) => sql`((${ms} + ${literal(HOUR_MS - 1)}) / ${literal(HOUR_MS)})`;
/** At most the daily maximum, when the class has one. */
const capped = (cents: SQL) => sql`min(${cents}, coalesce(cap, ${literal(Number.MAX_SAFE_INTEGER)}))`;

/**
 * The charged time `c` (ms) cut into 24-hour days (`timeLines`): the first opens with the first block
 * and goes on by succeeding hours, every later whole day is 24 succeeding hours, the last part its
 * started hours; each day at most the daily maximum. A window of a day at most has no later day.
 */
function timeCents(lengthMs: number) {
  const firstDayMs = lengthMs <= DAY_MS ? sql`c` : sql`min(c, ${literal(DAY_MS)})`;
  const firstDay = capped(sql`first_cents + max(0, ${startedHours(firstDayMs)} - first_hours) * succeeding_cents`);
  if (lengthMs <= DAY_MS) return sql`(CASE WHEN c <= 0 THEN 0 ELSE ${firstDay} END)`;
  const later = sql`max(0, c - ${literal(DAY_MS)})`;
  const wholeDays = sql`(${later} / ${literal(DAY_MS)}) * ${capped(sql`24 * succeeding_cents`)}`;
  const lastDay = sql`(${later} % ${literal(DAY_MS)})`;
  return sql`(CASE WHEN c <= 0 THEN 0 ELSE ${firstDay} + ${wholeDays} + (CASE WHEN ${lastDay} > 0 THEN ${capped(sql`${startedHours(lastDay)} * succeeding_cents`)} ELSE 0 END) END)`;
}

/**
 * The overnight fee of each night the window covers and no overnight or "all" waiver touches
 * (`overnightLines`): the candidate nights are those of the Manila dates from the day before the
 * window to its last, each from its midnight plus the card's `from` to `until` (the next day's when it
 * is not after `from`).
 */
function nightsCents({ startMs, endMs }: LotWindow) {
  const nights: SQL[] = [];
  for (let date = addDays(manilaDate(startMs), -1); date <= manilaDate(endMs); date = addDays(date, 1)) {
    const midnight = manilaDateStart(date).getTime();
    const from = sql`(${literal(midnight)} + night_from * ${literal(MINUTE_MS)})`;
    const until = sql`(${literal(midnight)} + night_until * ${literal(MINUTE_MS)} + (CASE WHEN night_until <= night_from THEN ${literal(DAY_MS)} ELSE 0 END))`;
    const waived = sql`EXISTS (SELECT 1 FROM ${waiverSpans("'overnight', 'all'")} w WHERE w.f < ${until} AND w.t > ${from})`;
    const covered = sql`${from} < ${literal(endMs)} AND ${until} > ${literal(startMs)}`;
    nights.push(sql`(CASE WHEN NOT (${covered}) THEN 0 WHEN ${pricing.waiversJson} IS NULL THEN 1 WHEN ${waived} THEN 0 ELSE 1 END)`);
  }
  return sql`(CASE WHEN night_cents IS NULL THEN 0 ELSE night_cents * (${sql.join(nights, sql` + `)}) END)`;
}

const minutesOf = (time: SQL) => sql`(CAST(substr(${time}, 1, 2) AS INTEGER) * 60 + CAST(substr(${time}, 4, 2) AS INTEGER))`;

/**
 * The card's total for the window and vehicle (no lost ticket): nothing within the grace period, else
 * the charged time (the window less what "all" waivers cover) plus the unwaived nights. The card's
 * figures are named once in a one-row subquery, so each is read from the JSON once per lot.
 */
export function cardPriceSql(window: LotWindow, vehicleType: VehicleType): SQL<number> {
  const lengthMs = window.endMs - window.startMs;
  const rate = (field: string) => card(classField(vehicleType, field));
  const figures = sql.join(
    [
      sql`${card('$.graceMinutes')} AS grace_minutes`,
      sql`${rate('firstHours')} AS first_hours`,
      sql`${rate('firstCents')} AS first_cents`,
      sql`${rate('succeedingCents')} AS succeeding_cents`,
      sql`${rate('dailyCapCents')} AS cap`,
      sql`${card('$.overnight.cents')} AS night_cents`,
      sql`${minutesOf(card('$.overnight.from'))} AS night_from`,
      sql`${minutesOf(card('$.overnight.until'))} AS night_until`,
      sql`${literal(lengthMs)} - ${waivedMs(window)} AS c`,
    ],
    sql`, `,
  );
  const total = sql`CASE WHEN ${literal(lengthMs)} <= grace_minutes * ${literal(MINUTE_MS)} THEN 0 ELSE ${timeCents(lengthMs)} + ${nightsCents(window)} END`;
  return sql<number>`(SELECT ${total} FROM (SELECT ${figures} LIMIT 1 OFFSET 0))`;
}
