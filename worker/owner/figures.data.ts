/**
 * The records behind every money and occupancy figure (docs/owner.md, "Figures"), summed in SQL so a
 * year of a busy lot comes back as a few thousand rows at most. The platform's revenue (admin) and an owner's
 * revenue are the same definition, over every lot or over the owner's.
 *
 * Money received: every reservation charge (bookings, changes, extensions, overstays, walk-ins of
 * known drivers; refunds are negative charges) at the time it was charged, plus what walk-ins nobody
 * booked paid at the exit (they have no reservation, so no charge row).
 *
 * A stay holds a slot from its start to its end: reservations that were CONFIRMED, ACTIVE or COMPLETED
 * (a cancelled or no-show booking freed its slot), and walk-ins nobody booked, until their exit or now.
 *
 * Whole Manila days are read from the lot rollups (schema.ts, migrations/0020), which triggers keep
 * equal to these definitions; the records themselves are read only for a window that is not whole
 * days (the dashboard's today so far) and for walk-ins still inside.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteRaw } from 'drizzle-orm/sqlite-core/query-builders/raw';
import type { StaySpan } from '../../core/owner-figures';
import { addDays, MANILA_OFFSET_MS, manilaDateStart } from '../../core/time';
import { chunksOf } from '../../core/chunks';
import { readTogether, type DB } from '../db/client';
import { moneyHourRows, stayHourRows } from '../db/rollups';

/** Whose lots: one owner's (null: every owner's, for the super admin), optionally one lot of them. */
export type LotScope = { ownerId: string | null; lotId?: string };
/** A half-open window [from, to) of instants. */
export type Window = { from: Date; to: Date };

const MANILA_OFFSET_S = MANILA_OFFSET_MS / 1000;
/** SQLite's date modifier from UTC to Manila clock time. */
const MANILA = sql.raw(`'+${MANILA_OFFSET_S} seconds'`);
/** Seconds since the epoch, moved to Manila clock time. */
const manilaSeconds = (column: SQL) => sql`(unixepoch(${column}) + ${sql.raw(String(MANILA_OFFSET_S))})`;

const lotsIn = (scope: LotScope) =>
  sql`(SELECT id FROM lots WHERE 1 = 1${scope.ownerId ? sql` AND owner_id = ${scope.ownerId}` : sql``}${scope.lotId ? sql` AND id = ${scope.lotId}` : sql``})`;

/** Money received in a window as rows (lot_id, at, kind, cents), gate refunds negative. */
function money(scope: LotScope, { from, to }: Window) {
  const [fromIso, toIso] = [from.toISOString(), to.toISOString()];
  return sql`
    SELECT lot_id, created_at AS at, kind, amount_cents AS cents
      FROM charges
     WHERE lot_id IN ${lotsIn(scope)} AND created_at >= ${fromIso} AND created_at < ${toIso}
    UNION ALL
    SELECT lot_id, exit_ts, 'WALK_IN', amount_cents
      FROM checkins
     WHERE lot_id IN ${lotsIn(scope)} AND walk_in = 1 AND reservation_id IS NULL AND undone_at IS NULL AND amount_cents IS NOT NULL
       -- A stay enters before it leaves: bounding the entry too keeps the walk-ins a range of checkins_lot_idx.
       AND exit_ts >= ${fromIso} AND exit_ts < ${toIso} AND entry_ts < ${toIso}
    UNION ALL
    SELECT lot_id, created_at, 'MONTHLY_PASS', amount_cents
      FROM monthly_passes
     WHERE lot_id IN ${lotsIn(scope)} AND created_at >= ${fromIso} AND created_at < ${toIso}
    UNION ALL
    SELECT k.lot_id, g.created_at, 'REFUND', -g.amount_cents
      -- CROSS JOIN keeps the window's refunds the outer loop: the planner would otherwise read every stay of the lots.
      FROM gate_refunds g CROSS JOIN checkins k ON k.id = g.checkin_id
     WHERE k.lot_id IN ${lotsIn(scope)} AND g.created_at >= ${fromIso} AND g.created_at < ${toIso}`;
}

/** Monthly passes in a window: sold (first periods), renewed (next periods bought by auto-renew), lapsed (ending then, not renewed); `passCountsOf` reads it. */
export function passCounts(db: DB, scope: LotScope, { from, to }: Window) {
  const [fromIso, toIso] = [from.toISOString(), to.toISOString()];
  return db.all<{ sold: number; renewed: number; lapsed: number }>(sql`
    SELECT
      (SELECT count(*) FROM monthly_passes WHERE lot_id IN ${lotsIn(scope)} AND renews_id IS NULL AND created_at >= ${fromIso} AND created_at < ${toIso}) AS sold,
      (SELECT count(*) FROM monthly_passes WHERE lot_id IN ${lotsIn(scope)} AND renews_id IS NOT NULL AND created_at >= ${fromIso} AND created_at < ${toIso}) AS renewed,
      (SELECT count(*) FROM monthly_passes WHERE lot_id IN ${lotsIn(scope)} AND renewal = 'lapsed' AND valid_until >= ${fromIso} AND valid_until < ${toIso}) AS lapsed`);
}

export const passCountsOf = ([row]: { sold: number; renewed: number; lapsed: number }[]) => ({
  sold: row?.sold ?? 0,
  renewed: row?.renewed ?? 0,
  lapsed: row?.lapsed ?? 0,
});

/** Merchant validations valued at the scope's exits in a window: parking the merchants are to be invoiced for (docs/passes.md); `centsOf` reads it. */
export const validatedIn = (db: DB, scope: LotScope, { from, to }: Window) =>
  db.all<{ cents: number | null }>(sql`
    SELECT coalesce(sum(value_cents), 0) AS cents FROM validations
     WHERE lot_id IN ${lotsIn(scope)} AND valued_at >= ${from.toISOString()} AND valued_at < ${to.toISOString()}`);

/** The passes of the scope's lots valid for part of a window: their periods and valid hours. */
export const passesDuring = (db: DB, scope: LotScope, { from, to }: Window) =>
  db.all<{ validFrom: string; validUntil: string; daysMask: number; openMinute: number; closeMinute: number }>(sql`
    SELECT valid_from AS validFrom, valid_until AS validUntil, days_mask AS daysMask, open_minute AS openMinute, close_minute AS closeMinute
      FROM monthly_passes
     WHERE lot_id IN ${lotsIn(scope)} AND valid_from < ${to.toISOString()} AND valid_until > ${from.toISOString()}`);

/** Money received in a window of instants, from the records (a window that is not whole days), as one row; `moneyTotal` reads it. */
export const moneyTotalQuery = (db: DB, scope: LotScope, window: Window) =>
  db.all<{ cents: number | null }>(sql`SELECT sum(cents) AS cents FROM (${money(scope, window)})`);

export const centsOf = ([row]: { cents: number | null }[]) => row?.cents ?? 0;

export async function moneyTotal(db: DB, scope: LotScope, window: Window) {
  return centsOf(await moneyTotalQuery(db, scope, window));
}

/** Whole Manila days, `from` to `to` included (YYYY-MM-DD). */
export type Days = { from: string; to: string };

const moneyDays = (scope: LotScope, days: Days) => sql`lot_id IN ${lotsIn(scope)} AND day >= ${days.from} AND day <= ${days.to}`;

/** Money received in whole days per lot. */
export const moneyByLot = (db: DB, scope: LotScope, days: Days) =>
  db.all<{ lotId: string; cents: number }>(
    sql`SELECT lot_id AS lotId, sum(cents) AS cents FROM lot_money_days WHERE ${moneyDays(scope, days)} GROUP BY lot_id`,
  );

/** Money received per lot in a window of instants, from the records: a part of a day the rollups do not cut. */
export const moneyByLotIn = (db: DB, scope: LotScope, window: Window) =>
  db.all<{ lotId: string; cents: number }>(sql`SELECT lot_id AS lotId, sum(cents) AS cents FROM (${money(scope, window)}) GROUP BY lot_id`);

type MoneyPart = { part: 'day' | 'hour' | 'kind'; key: string | number; cents: number };

/**
 * Money received in whole days three ways: per Manila day, per clock hour and per kind of charge,
 * summed in SQL so a year comes back as a few hundred rows. Read it with `moneyOfDays`.
 */
export function moneyParts(db: DB, scope: LotScope, days: Days) {
  const where = moneyDays(scope, days);
  return db.all<MoneyPart>(sql`
    SELECT 'day' AS part, day AS key, sum(cents) AS cents FROM lot_money_days WHERE ${where} GROUP BY day
    UNION ALL SELECT 'kind', kind, sum(cents) FROM lot_money_days WHERE ${where} GROUP BY kind
    UNION ALL SELECT 'hour', hour, sum(cents) FROM (${moneyHourRows(lotsIn(scope), days.from, addDays(days.to, 1))}) GROUP BY hour`);
}

export function moneyOfDays(rows: MoneyPart[]) {
  const part = (name: MoneyPart['part']) => rows.filter((row) => row.part === name);
  const byHour = new Map(part('hour').map((row) => [Number(row.key), row.cents]));
  return {
    byDay: new Map(part('day').map((row) => [String(row.key), row.cents])),
    byHour: Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? 0),
    byKind: part('kind').map((row) => ({ kind: String(row.key), cents: row.cents })),
  };
}

/** Bookings (reservations not cancelled) that start in the window. */
const bookings = (scope: LotScope, window: Window) => sql`
  SELECT start_ts, unixepoch(end_ts) - unixepoch(start_ts) AS seconds
    FROM reservations
   WHERE lot_id IN ${lotsIn(scope)} AND status <> 'CANCELLED' AND start_ts >= ${window.from.toISOString()} AND start_ts < ${window.to.toISOString()}`;

export type BookingDay = { day: string; bookings: number; seconds: number; short: number; middle: number; long: number };
/** Stay-length bounds in hours: short below the first, long above the second, the middle including both. */
type LengthBounds = readonly [number, number];

/** Bookings per Manila day of their start in a window of instants, from the records: how many, their summed length, and how many were short, middle or long. */
export const bookingsByDay = (db: DB, scope: LotScope, window: Window, [short, long]: LengthBounds) =>
  db.all<BookingDay>(sql`
    SELECT date(start_ts, ${MANILA}) AS day, count(*) AS bookings, sum(seconds) AS seconds,
           sum(seconds < ${short * 3600}) AS short, sum(seconds >= ${short * 3600} AND seconds <= ${long * 3600}) AS middle, sum(seconds > ${long * 3600}) AS long
      FROM (${bookings(scope, window)}) GROUP BY day`);

/**
 * The same figures as `bookingsByDay`, for whole days, from the rollup: its rows by length, and the
 * days folded into a row each (their short and long counts were taken at STAY_LENGTH_BOUNDS).
 */
export const bookingDays = (db: DB, scope: LotScope, days: Days, [short, long]: LengthBounds) =>
  db.all<BookingDay>(sql`
    SELECT day, sum(bookings) AS bookings, sum(seconds) AS seconds, sum(short) AS short, sum(bookings - short - long) AS middle, sum(long) AS long
      FROM (
        SELECT day, bookings, seconds * bookings AS seconds, (seconds < ${short * 3600}) * bookings AS short, (seconds > ${long * 3600}) * bookings AS long
          FROM lot_booking_days WHERE ${moneyDays(scope, days)}
        UNION ALL
        SELECT day, bookings, seconds, short, long FROM lot_booking_days_folded WHERE ${moneyDays(scope, days)})
     GROUP BY day HAVING sum(bookings) > 0`);

/**
 * The Customers figures' rows D1 still holds for whole days (docs/owner.md, "Rollups"): each driver's
 * sums over the days' hot rows (`lotId` and `foldId` null), and over each fold waiting in the outbox (a
 * row per lot, fold and driver, which the service drops when the lot's object has added that fold
 * meanwhile); the scope's lots, whose objects hold the rest; and the last fold id given. One read, so a
 * fold between its tables is never seen half done.
 */
export async function customerDaysInD1(db: DB, scope: LotScope, days: Days) {
  const [rows, lots, [counter]] = await readTogether(db, [
    db.all<{ lotId: string | null; foldId: number | null; userId: string; bookings: number; cents: number; booked: number }>(sql`
      SELECT NULL AS lotId, NULL AS foldId, user_id AS userId, sum(bookings) AS bookings, sum(cents) AS cents, max(bookings > 0) AS booked
        FROM lot_customer_days WHERE ${moneyDays(scope, days)} GROUP BY user_id
      UNION ALL
      SELECT lot_id, fold_id, user_id, sum(bookings), sum(cents), max(bookings > 0)
        FROM customer_days_outbox WHERE ${moneyDays(scope, days)} GROUP BY lot_id, fold_id, user_id`),
    db.all<{ id: string }>(sql`SELECT id FROM lots WHERE id IN ${lotsIn(scope)}`),
    db.all<{ lastFoldId: number }>(sql`SELECT last_fold_id AS lastFoldId FROM customer_fold_counter WHERE id = 1`),
  ]);
  return { rows, lotIds: lots.map((lot) => lot.id), lastFoldId: counter?.lastFoldId ?? 0 };
}

/**
 * Of the drivers `booked`, those who booked at the scope's lots before `from` (the first day kept per
 * driver for the days moved, D1's hot days for the rest); and the e-mail of each of `spenders`.
 */
export async function knownCustomers(db: DB, scope: LotScope, from: string, booked: string[], spenders: string[]) {
  const lots = lotsIn(scope);
  const among = (ids: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  const earlierAmong = (ids: string[]) =>
    db.all<{ userId: string }>(sql`
      SELECT user_id AS userId FROM lot_customers WHERE lot_id IN ${lots} AND first_day < ${from} AND user_id IN ${among(ids)}
      UNION SELECT user_id FROM lot_customer_days WHERE lot_id IN ${lots} AND day < ${from} AND bookings > 0 AND user_id IN ${among(ids)}`);
  const emailsOf = (ids: string[]) => db.all<{ id: string; email: string }>(sql`SELECT id, email FROM users WHERE id IN ${among(ids)}`);
  // Ids a statement binds at once, as one JSON value well under D1's 2 MB a value (about 40 bytes an id).
  const readAll = async <T>(ids: string[], read: (some: string[]) => SQLiteRaw<T[]>) =>
    ids.length ? (await readTogether(db, chunksOf(ids, IDS_A_STATEMENT).map(read))).flat() : [];
  const [earlier, emails] = await Promise.all([readAll(booked, earlierAmong), readAll(spenders, emailsOf)]);
  return {
    earlier: new Set(earlier.map((row) => row.userId)),
    emails: new Map(emails.map((row) => [row.id, row.email])),
  };
}

const IDS_A_STATEMENT = 10_000;

/**
 * Stays as (lot_id, s, e) in Manila clock seconds, clipped to the window; `now` ends the stays still
 * inside. `insideOnly`: just the walk-ins still inside (the rollup holds every other stay).
 */
function stays(scope: LotScope, window: Window, now: Date, insideOnly = false) {
  const [from, to] = [window.from.getTime() / 1000 + MANILA_OFFSET_S, window.to.getTime() / 1000 + MANILA_OFFSET_S];
  const [fromIso, toIso, nowIso] = [window.from.toISOString(), window.to.toISOString(), now.toISOString()];
  const walkIns = (exit: SQL) => sql`
    SELECT lot_id, max(${manilaSeconds(sql`entry_ts`)}, ${from}) AS s, min(${manilaSeconds(sql`coalesce(exit_ts, ${nowIso})`)}, ${to}) AS e
      FROM checkins
     WHERE lot_id IN ${lotsIn(scope)} AND walk_in = 1 AND reservation_id IS NULL AND undone_at IS NULL
       AND entry_ts < ${toIso} AND ${exit}`;
  // A walk-in holds a slot in the window when it left after its start or is still inside: two ranges of
  // checkins_reservation_idx (`coalesce(exit_ts, now) > from` would read every walk-in). When now is before
  // the window, those inside end before they start, and every reader keeps only e > s.
  const inside = walkIns(sql`exit_ts IS NULL`);
  if (insideOnly) return inside;
  return sql`
    SELECT lot_id, max(${manilaSeconds(sql`start_ts`)}, ${from}) AS s, min(${manilaSeconds(sql`end_ts`)}, ${to}) AS e
      FROM reservations
     WHERE lot_id IN ${lotsIn(scope)} AND status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND end_ts > ${fromIso} AND start_ts < ${toIso}
    UNION ALL ${walkIns(sql`exit_ts > ${fromIso}`)}
    UNION ALL ${inside}`;
}

/** Stays holding a slot at an instant, per lot: over its next second, so a car still inside then counts. */
export const slotsTakenAt = (db: DB, scope: LotScope, at: Date) => {
  const second = { from: at, to: new Date(at.getTime() + 1000) };
  return db.all<{ lotId: string; taken: number }>(sql`
    SELECT lot_id AS lotId, count(*) AS taken FROM (${stays(scope, second, second.to)}) WHERE e > s GROUP BY lot_id`);
};

/**
 * Stays in a window summed by the clock hours they start and end in (Manila clock seconds at the top
 * of the hour): how many, the seconds they hold in their first hour, and in their last when it is a
 * later one. The hours between are held whole; `bookedHours` (core) lays them out hour by hour. One
 * pass over the lots' stays, a few rows per hour of the window.
 */
export const stayHours = (db: DB, scope: LotScope, window: Window, now = new Date(), insideOnly = false) =>
  db.all<StaySpan>(sql`
    SELECT lot_id AS lotId, s - s % 3600 AS startHour, e - e % 3600 AS endHour, count(*) AS stays,
           sum(min(e, s - s % 3600 + 3600) - s) AS firstSeconds, sum(e % 3600) AS lastSeconds
      FROM (${stays(scope, window, now, insideOnly)})
     WHERE e > s
     GROUP BY lot_id, startHour, endHour`);

/** Whole days as a window of instants. */
export const windowOfDays = (days: Days): Window => ({ from: manilaDateStart(days.from), to: manilaDateStart(addDays(days.to, 1)) });

/**
 * The rollup's clock hours of whole days held by stays, a day of a lot a row ("hour:seconds,…"), so
 * a year is a few hundred rows to read. `staySpans` makes them spans, with the walk-ins still inside
 * (`stayHours(…, insideOnly)`) that the rollup does not hold.
 */
export function rolledStayHours(db: DB, scope: LotScope, days: Days) {
  const { from, to } = windowOfDays(days);
  const [fromS, toS] = [from.getTime() / 1000 + MANILA_OFFSET_S, to.getTime() / 1000 + MANILA_OFFSET_S];
  return db.all<{ lotId: string; hours: string }>(sql`
    SELECT lot_id AS lotId, group_concat(hour || ':' || seconds) AS hours FROM (${stayHourRows(lotsIn(scope), fromS, toS)})
     WHERE seconds > 0
     GROUP BY lot_id, hour / 86400`);
}

/**
 * The slot-seconds the rollup's stays held in the lots' open hours over whole days, summed in SQL:
 * each lot's open hours are its week mask (`openWeekMask`: 24 characters a weekday from Sunday), and
 * a Manila clock day's weekday is (days since the epoch + 4) mod 7, 1 January 1970 being a Thursday.
 */
export function heldInOpenHoursQuery(db: DB, days: Days, masks: { lotId: string; mask: string }[]) {
  const { from, to } = windowOfDays(days);
  const [fromS, toS] = [from.getTime() / 1000 + MANILA_OFFSET_S, to.getTime() / 1000 + MANILA_OFFSET_S];
  // The masks go as one JSON value: D1 binds at most 100 values to a statement, and a scope may hold more lots.
  return db.all<{ seconds: number | null }>(sql`
    WITH masks(lot_id, mask) AS (SELECT json_extract(value, '$.lotId'), json_extract(value, '$.mask') FROM json_each(${JSON.stringify(masks)}))
    SELECT sum(s.seconds) AS seconds FROM (${stayHourRows(sql`(SELECT lot_id FROM masks)`, fromS, toS)}) s JOIN masks m ON m.lot_id = s.lot_id
     WHERE substr(m.mask, 1 + ((s.hour / 86400 + 4) % 7) * 24 + (s.hour % 86400) / 3600, 1) = '1'`);
}

export function staySpans(rolled: { lotId: string; hours: string }[], inside: StaySpan[]) {
  const spans: StaySpan[] = [];
  for (const { lotId, hours } of rolled)
    for (const pair of hours.split(',')) {
      const [hour, seconds] = pair.split(':').map(Number);
      spans.push({ lotId, startHour: hour, endHour: hour, stays: 1, firstSeconds: seconds, lastSeconds: 0 });
    }
  return spans.concat(inside);
}

/**
 * The gate camera's plate reads at the scope's lots in a window, by the entries they filled: how many,
 * how many the attendant kept as read, and the corrected ones, newest first (at most `limit`).
 */
export async function plateReadFigures(db: DB, scope: LotScope, { from, to }: Window, limit: number) {
  const inWindow = sql`c.lot_id IN ${lotsIn(scope)} AND c.plate_read_text IS NOT NULL AND c.undone_at IS NULL AND c.entry_ts >= ${from.toISOString()} AND c.entry_ts < ${to.toISOString()}`;
  const [counts] = await db.all<{ reads: number; kept: number }>(sql`
    SELECT count(*) AS reads, coalesce(sum(c.plate_read_corrected = 0), 0) AS kept FROM checkins c WHERE ${inWindow}`);
  const corrected = await db.all<{ id: string; lotName: string; at: string; read: string; plate: string; confidence: number }>(sql`
    SELECT c.id, l.name AS lotName, c.entry_ts AS at, c.plate_read_text AS read, c.plate, c.plate_read_confidence AS confidence
      FROM checkins c JOIN lots l ON l.id = c.lot_id
     WHERE ${inWindow} AND c.plate_read_corrected = 1
     ORDER BY c.entry_ts DESC LIMIT ${limit}`);
  // The window's reads D1 holds, by id, and the scope's lots: the service asks each lot's object for the rest.
  const inD1 = await db.all<{ id: string }>(sql`SELECT c.id FROM checkins c WHERE ${inWindow}`);
  const lots = await db.all<{ id: string; name: string }>(sql`SELECT id, name FROM lots WHERE id IN ${lotsIn(scope)}`);
  return { ...counts, corrected, inD1: inD1.map((row) => row.id), lots };
}
