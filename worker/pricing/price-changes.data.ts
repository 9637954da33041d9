/**
 * The record of a lot's price changes, written in the batch of each change, and what the rollups held
 * around them (docs/owner.md, "Price changes and what followed").
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DayRange } from '../../core/elasticity';
import { dayDate } from '../../core/elasticity';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import type { PriceBand } from '../../core/price-bands';
import { sqlStatement, statementOf, type DB } from '../db/client';
import { firstStayHour, moneyHourRows, stayHourRows } from '../db/rollups';
import { newId } from '../db/ids';
import { priceChanges } from '../db/schema';

/** The lot's price of an hour: its base rate, or on a rate card the card's (`cardHourCents`, core/rate-card.ts). */
const hourRateOf = (lotId: string) =>
  sql`coalesce((SELECT CASE WHEN strategy = 'RATE_CARD' AND json_valid(rate_card_json)
                  THEN CAST(round(1.0 * json_extract(rate_card_json, '$.classes.car.firstCents') / json_extract(rate_card_json, '$.classes.car.firstHours')) AS INTEGER)
                  ELSE base_rate END FROM pricing WHERE lot_id = ${lotId}), ${DEFAULT_RATE_CENTS})`;

/** Put before the statement that saves a new price of an hour (a base rate, a card): records the change from the one the batch finds, if it moves. */
export const baseRateChangeStatement = (db: DB, lotId: string, toCents: number, at: Date) =>
  sqlStatement(
    db,
    sql`INSERT INTO price_changes (id, lot_id, band, from_cents, to_cents, changed_at)
        SELECT ${newId()}, ${lotId}, NULL, ${hourRateOf(lotId)}, ${toCents}, ${at.toISOString()}
         WHERE ${hourRateOf(lotId)} <> ${toCents}`,
  );

/** A random UUID made in SQL: one for each row an INSERT … SELECT writes. */
const sqlUuid = sql.raw(
  `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`,
);

/**
 * Put before the statement that saves a new base rate: it clears the applied band rates, so in each
 * band's hours the price moves from the band rate to the new base: a row per band (one whose rate
 * was the new base says so, and keeps those hours out of the base change's).
 */
export const clearedBandChangesStatement = (db: DB, lotId: string, toCents: number, at: Date) =>
  sqlStatement(
    db,
    sql`INSERT INTO price_changes (id, lot_id, band, from_cents, to_cents, changed_at)
        SELECT ${sqlUuid}, p.lot_id, b.key, json_extract(b.value, '$.rateCents'), ${toCents}, ${at.toISOString()}
          FROM pricing p, json_each(p.band_rates_json) b
         WHERE p.lot_id = ${lotId} AND p.band_rates_json IS NOT NULL AND p.base_rate <> ${toCents}`,
  );

/** A band's applied rate, as dynamic pricing applies it. */
export const bandRateChangeStatement = (db: DB, lotId: string, band: PriceBand, fromCents: number, toCents: number, at: Date) =>
  statementOf(db, db.insert(priceChanges).values({ id: newId(), lotId, band, fromCents, toCents, changedAt: at.toISOString() }));

/** The lot's price changes, oldest first. */
export const priceChangesOf = (db: DB, lotId: string) =>
  db
    .select({
      id: priceChanges.id,
      changedAt: priceChanges.changedAt,
      band: priceChanges.band,
      fromCents: priceChanges.fromCents,
      toCents: priceChanges.toCents,
    })
    .from(priceChanges)
    .where(eq(priceChanges.lotId, lotId))
    .orderBy(asc(priceChanges.changedAt), asc(priceChanges.id));

/** The first Manila day the stay rollup holds anything for the lot (days since 1970-01-01), or null. */
export async function firstRecordedDay(db: DB, lotId: string): Promise<number | null> {
  const [row] = await db.all<{ hour: number | null }>(sql`SELECT ${firstStayHour(lotId)} AS hour`);
  return row?.hour == null ? null : Math.floor(row.hour / 86_400);
}

/**
 * For each window: slot-seconds held (`lot_stay_hours`) and money received (`lot_money_hours`) in
 * the window's days, in the hours of its week mask (168 characters from Sunday). One statement; the
 * windows go as one JSON value, since D1 binds at most 100 values.
 */
export async function heldInWindows(db: DB, lotId: string, windows: { range: DayRange; mask: string }[]) {
  if (!windows.length) return [];
  const json = JSON.stringify(
    windows.map(({ range, mask }) => ({
      from: range.first * 86_400,
      to: range.end * 86_400,
      fromDay: dayDate(range.first),
      toDay: dayDate(range.end),
      mask,
    })),
  );
  const rows = await db.all<{ i: number; seconds: number; cents: number }>(sql`
    WITH w AS (
      SELECT key AS i, json_extract(value, '$.from') AS f, json_extract(value, '$.to') AS t,
             json_extract(value, '$.fromDay') AS fd, json_extract(value, '$.toDay') AS td, json_extract(value, '$.mask') AS mask
        FROM json_each(${json}))
    SELECT w.i AS i,
           (SELECT coalesce(sum(s.seconds), 0) FROM (${stayHourRows(sql`(${lotId})`, sql`w.f`, sql`w.t`)}) s
             WHERE substr(w.mask, 1 + ((s.hour / 86400 + 4) % 7) * 24 + (s.hour % 86400) / 3600, 1) = '1') AS seconds,
           (SELECT coalesce(sum(m.cents), 0) FROM (${moneyHourRows(sql`(${lotId})`, sql`w.fd`, sql`w.td`)}) m
             WHERE substr(w.mask, 1 + CAST(strftime('%w', m.day) AS INTEGER) * 24 + m.hour, 1) = '1') AS cents
      FROM w ORDER BY w.i`);
  return rows.map(({ seconds, cents }) => ({ seconds, cents }));
}
