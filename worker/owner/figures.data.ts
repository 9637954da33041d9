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
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StaySpan } from '../../core/owner-figures';
import { MANILA_OFFSET_MS } from '../../core/time';
import type { DB } from '../db/client';

/** Whose lots: one owner's (null: every owner's, for the super admin), optionally one lot of them. */
export type LotScope = { ownerId: string | null; lotId?: string };
/** A half-open window [from, to) of instants. */
export type Window = { from: Date; to: Date };

const MANILA_OFFSET_S = MANILA_OFFSET_MS / 1000;
/** SQLite's date modifier from UTC to Manila clock time. */
const MANILA = sql.raw(`'+${MANILA_OFFSET_S} seconds'`);
/** Seconds since the epoch, moved to Manila clock time. */
const manilaSeconds = (column: SQL) => sql`(unixepoch(${column}) + ${sql.raw(String(MANILA_OFFSET_S))})`;

const lotsIn = (scope: LotScope | 'all') =>
  scope === 'all'
    ? sql`(SELECT id FROM lots)`
    : sql`(SELECT id FROM lots WHERE 1 = 1${scope.ownerId ? sql` AND owner_id = ${scope.ownerId}` : sql``}${scope.lotId ? sql` AND id = ${scope.lotId}` : sql``})`;

/** Money received as rows (lot_id, at, kind, cents), gate refunds negative, with the paying user_id when `payer` is asked for. */
function money(scope: LotScope | 'all', window?: Window, payer = false) {
  const charged = window ? sql` AND c.created_at >= ${window.from.toISOString()} AND c.created_at < ${window.to.toISOString()}` : sql``;
  // A stay enters before it leaves: bounding the entry too keeps the walk-ins a range of checkins_lot_idx.
  const exited = window
    ? sql` AND exit_ts >= ${window.from.toISOString()} AND exit_ts < ${window.to.toISOString()} AND entry_ts < ${window.to.toISOString()}`
    : sql``;
  const refunded = window ? sql` AND g.created_at >= ${window.from.toISOString()} AND g.created_at < ${window.to.toISOString()}` : sql``;
  return sql`
    SELECT c.lot_id AS lot_id, c.created_at AS at, c.kind AS kind, c.amount_cents AS cents${payer ? sql`, r.user_id AS user_id` : sql``}
      FROM charges c${payer ? sql` JOIN reservations r ON r.id = c.reservation_id` : sql``}
     WHERE c.lot_id IN ${lotsIn(scope)}${charged}
    UNION ALL
    SELECT lot_id, exit_ts, 'WALK_IN', amount_cents${payer ? sql`, NULL` : sql``}
      FROM checkins
     WHERE lot_id IN ${lotsIn(scope)} AND walk_in = 1 AND reservation_id IS NULL AND undone_at IS NULL AND amount_cents IS NOT NULL${exited}
    UNION ALL
    SELECT k.lot_id, g.created_at, 'REFUND', -g.amount_cents${payer ? sql`, (SELECT user_id FROM reservations WHERE id = k.reservation_id)` : sql``}
      FROM gate_refunds g JOIN checkins k ON k.id = g.checkin_id
     WHERE k.lot_id IN ${lotsIn(scope)}${refunded}`;
}

/** Every lot's money received, all time (the super admin's Platform Revenue). */
export async function totalMoneyReceived(db: DB) {
  const [row] = await db.all<{ cents: number | null }>(sql`SELECT sum(cents) AS cents FROM (${money('all')})`);
  return row?.cents ?? 0;
}

/** Every lot's money received, all time, as a subquery (lot_id, cents) to join (the super admin's tenant and lot rankings). */
export const moneyPerLot = () => sql`(SELECT lot_id, sum(cents) AS cents FROM (${money('all')}) GROUP BY lot_id)`;

/** Money received in a window. */
export async function moneyTotal(db: DB, scope: LotScope, window: Window) {
  const [row] = await db.all<{ cents: number | null }>(sql`SELECT sum(cents) AS cents FROM (${money(scope, window)})`);
  return row?.cents ?? 0;
}

/** Money received in a window per lot. */
export const moneyByLot = (db: DB, scope: LotScope, window: Window) =>
  db.all<{ lotId: string; cents: number }>(sql`SELECT lot_id AS lotId, sum(cents) AS cents FROM (${money(scope, window)}) GROUP BY lot_id`);

/** Money received in a window per Manila day and clock hour, and kind of charge (one pass for the trend, the breakdown and the hours). */
export const moneyByHour = (db: DB, scope: LotScope, window: Window) =>
  db.all<{ day: string; hour: number; kind: string; cents: number }>(sql`
    SELECT date(at, ${MANILA}) AS day, CAST(strftime('%H', at, ${MANILA}) AS INTEGER) AS hour, kind, sum(cents) AS cents
      FROM (${money(scope, window)}) GROUP BY day, hour, kind`);

/** The customers who paid the most in a window: their e-mail, their bookings there and what they paid. */
export const topSpenders = (db: DB, scope: LotScope, window: Window, limit: number) =>
  db.all<{ email: string; cents: number; bookings: number }>(sql`
    SELECT u.email AS email, m.cents AS cents,
           (SELECT count(*) FROM reservations r
             WHERE r.user_id = m.user_id AND r.lot_id IN ${lotsIn(scope)} AND r.status <> 'CANCELLED'
               AND r.start_ts >= ${window.from.toISOString()} AND r.start_ts < ${window.to.toISOString()}) AS bookings
      FROM (SELECT user_id, sum(cents) AS cents FROM (${money(scope, window, true)}) WHERE user_id IS NOT NULL GROUP BY user_id) m
      JOIN users u ON u.id = m.user_id
     WHERE m.cents > 0
     ORDER BY m.cents DESC, u.email
     LIMIT ${limit}`);

/** Bookings (reservations not cancelled) that start in the window. */
const bookings = (scope: LotScope, window: Window) => sql`
  SELECT user_id, start_ts, unixepoch(end_ts) - unixepoch(start_ts) AS seconds
    FROM reservations
   WHERE lot_id IN ${lotsIn(scope)} AND status <> 'CANCELLED' AND start_ts >= ${window.from.toISOString()} AND start_ts < ${window.to.toISOString()}`;

/** Bookings per Manila day of their start: how many, their summed length, and how many were short, middle or long (bounds in hours, the middle including both). */
export const bookingsByDay = (db: DB, scope: LotScope, window: Window, [short, long]: readonly [number, number]) =>
  db.all<{ day: string; bookings: number; seconds: number; short: number; middle: number; long: number }>(sql`
    SELECT date(start_ts, ${MANILA}) AS day, count(*) AS bookings, sum(seconds) AS seconds,
           sum(seconds < ${short * 3600}) AS short, sum(seconds >= ${short * 3600} AND seconds <= ${long * 3600}) AS middle, sum(seconds > ${long * 3600}) AS long
      FROM (${bookings(scope, window)}) GROUP BY day`);

/** Customers who booked in the window, and how many of them booked these lots for the first time. */
export async function customerCounts(db: DB, scope: LotScope, window: Window) {
  const [row] = await db.all<{ customers: number; first: number | null }>(sql`
    SELECT count(*) AS customers, sum(first_ts >= ${window.from.toISOString()}) AS first FROM (
      SELECT b.user_id,
             (SELECT min(r.start_ts) FROM reservations r WHERE r.user_id = b.user_id AND r.lot_id IN ${lotsIn(scope)} AND r.status <> 'CANCELLED') AS first_ts
        FROM (${bookings(scope, window)}) b GROUP BY b.user_id)`);
  return { customers: row?.customers ?? 0, first: row?.first ?? 0 };
}

/** Stays as (lot_id, s, e) in Manila clock seconds, clipped to the window; `now` ends the stays still inside. */
function stays(scope: LotScope, window: Window, now: Date) {
  const [from, to] = [window.from.getTime() / 1000 + MANILA_OFFSET_S, window.to.getTime() / 1000 + MANILA_OFFSET_S];
  const [fromIso, toIso, nowIso] = [window.from.toISOString(), window.to.toISOString(), now.toISOString()];
  return sql`
    SELECT lot_id, max(${manilaSeconds(sql`start_ts`)}, ${from}) AS s, min(${manilaSeconds(sql`end_ts`)}, ${to}) AS e
      FROM reservations
     WHERE lot_id IN ${lotsIn(scope)} AND status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND end_ts > ${fromIso} AND start_ts < ${toIso}
    UNION ALL
    SELECT lot_id, max(${manilaSeconds(sql`entry_ts`)}, ${from}), min(${manilaSeconds(sql`coalesce(exit_ts, ${nowIso})`)}, ${to})
      FROM checkins
     WHERE lot_id IN ${lotsIn(scope)} AND walk_in = 1 AND reservation_id IS NULL AND undone_at IS NULL
       AND entry_ts < ${toIso} AND coalesce(exit_ts, ${nowIso}) > ${fromIso}`;
}

/** Stays holding a slot at an instant, per lot. */
export const slotsTakenAt = (db: DB, scope: LotScope, at: Date) =>
  db.all<{ lotId: string; taken: number }>(sql`
    SELECT lot_id AS lotId, count(*) AS taken FROM (${stays(scope, { from: at, to: new Date(at.getTime() + 1000) }, at)}) WHERE e > s GROUP BY lot_id`);

/**
 * Stays in a window summed by the clock hours they start and end in (Manila clock seconds at the top
 * of the hour): how many, the seconds they hold in their first hour, and in their last when it is a
 * later one. The hours between are held whole; `bookedHours` (core) lays them out hour by hour. One
 * pass over the lots' stays, a few rows per hour of the window.
 */
export const stayHours = (db: DB, scope: LotScope, window: Window, now = new Date()) =>
  db.all<StaySpan>(sql`
    SELECT lot_id AS lotId, s - s % 3600 AS startHour, e - e % 3600 AS endHour, count(*) AS stays,
           sum(min(e, s - s % 3600 + 3600) - s) AS firstSeconds, sum(e % 3600) AS lastSeconds
      FROM (${stays(scope, window, now)})
     WHERE e > s
     GROUP BY lot_id, startHour, endHour`);
