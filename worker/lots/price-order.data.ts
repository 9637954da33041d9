/**
 * Search's "Cheapest" order (docs/search.md): a lot's price for the search's window computed in SQL by
 * the quote's own rule (`quote`, core/pricing.ts), on the same pricing columns `lotPricingOf` reads, so
 * the order is the order of the prices the cards show and every lot in the area can be ordered by it
 * in the query, a page at a time, without reading the others.
 */
import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RATE_CENTS } from '../../core/money';
import { billedHours, billedHoursByBand, tierMultiplier } from '../../core/pricing';
import type { VehicleType } from '../../core/vehicles';
import type { Cursor } from '../db/pages';
import { lots, pricing } from '../db/schema';
import { cardPriceSql } from './card-price.data';
import type { LotWindow } from './lots.data';

/**
 * The quote's total for the window, in SQL. Every figure the window fixes (its billed hours, the band
 * each starts in, the default tiers' multiplier) is a literal computed here in TypeScript, so the
 * statement binds no parameters for it (D1 allows 100) and SQLite reads only the lot's columns:
 * - each billed hour pays its band's applied rate while dynamic pricing is on (a rate of 0 or none:
 *   the base rate), else the base rate (0 or no pricing row: the default rate);
 * - PROGRESSIVE multiplies the sum by the longest tier the stay reaches (its own tiers, or the default
 *   ones when it has none), then rounds to the centavo as `Math.round` does for positive amounts;
 * - a lot on a rate card pays its card's price for the vehicle (card-price.data.ts).
 */
export function windowPriceSql(window: LotWindow, vehicleType: VehicleType = 'car'): SQL<number> {
  const durationMs = window.endMs - window.startMs;
  const hours = billedHours(durationMs);
  const base = sql`coalesce(nullif(${pricing.baseRate}, 0), ${sql.raw(String(DEFAULT_RATE_CENTS))})`;
  const bandRate = (band: string) =>
    sql`coalesce(CASE WHEN ${pricing.dynamicEnabled} = 1 AND json_valid(${pricing.bandRatesJson}) THEN nullif(json_extract(${pricing.bandRatesJson}, ${sql.raw(`'$."${band}".rateCents'`)}), 0) END, ${base})`;
  const gross = sql.join(
    [...billedHoursByBand(durationMs, window.startMs)].map(([band, count]) => sql`${sql.raw(String(count))} * ${bandRate(band)}`),
    sql` + `,
  );
  const tiers = pricing.progressiveJson;
  const defaultMultiplier = sql.raw(String(tierMultiplier({ strategy: 'PROGRESSIVE', baseRateCents: 0 }, hours)));
  const ownTier = sql`(SELECT json_extract(value, '$.rateMultiplier') FROM json_each(${tiers}) WHERE json_extract(value, '$.durationHours') <= ${sql.raw(String(hours))} ORDER BY json_extract(value, '$.durationHours') DESC, key LIMIT 1)`;
  const multiplier = sql`CASE WHEN ${pricing.strategy} = 'PROGRESSIVE' THEN (CASE WHEN json_valid(${tiers}) AND json_array_length(${tiers}) > 0 THEN coalesce(${ownTier}, 1) ELSE ${defaultMultiplier} END) ELSE 1 END`;
  const hourly = sql`CAST(round((${gross}) * (${multiplier})) AS INTEGER)`;
  const onCard = sql`${pricing.strategy} = 'RATE_CARD' AND json_valid(${pricing.rateCardJson})`;
  return sql<number>`(CASE WHEN ${onCard} THEN ${cardPriceSql(window, vehicleType)} ELSE ${hourly} END)`;
}

/**
 * "Under ₱100/hr" (`maxPriceCents`) in SQL: the window's price per billed hour (`hourlyCentsOf`,
 * core/search.ts) under the limit, i.e. the window's price under the limit × its billed hours.
 */
export const hourlyUnderSql = (window: LotWindow, maxCents: number, vehicleType?: VehicleType): SQL =>
  sql`${windowPriceSql(window, vehicleType)} < ${maxCents * billedHours(window.endMs - window.startMs)}`;

/** Where a page of "Cheapest" ended: the last lot's price, then its squared distance (its name without a point), then its id. */
type PriceCursor = { priceCents: number; tieKey: string | number };

/** The cursor of a row of the "Cheapest" order; the tie key is exactly what SQLite computed (a distance) or the name. */
export const priceCursorOf = (row: { priceCents: number | null; squaredDistance: number | null; name: string; id: string }): Cursor => ({
  key: `${row.priceCents}|${row.squaredDistance ?? row.name}`,
  id: row.id,
});

/** A cursor this order gave out, or null (another order's, or made up). */
export function priceCursor(cursor: Cursor, withPoint: boolean): PriceCursor | null {
  const bar = cursor.key.indexOf('|');
  const priceCents = Number(cursor.key.slice(0, bar));
  const rest = cursor.key.slice(bar + 1);
  if (bar < 1 || !Number.isInteger(priceCents)) return null;
  if (!withPoint) return { priceCents, tieKey: rest };
  return rest !== '' && Number.isFinite(Number(rest)) ? { priceCents, tieKey: Number(rest) } : null;
}

/** Rows after the cursor in (price, distance or name, id) order; a cursor not of this order starts nowhere. */
export function afterPrice(price: SQL<number>, tieBreak: SQL | typeof lots.name, cursor: Cursor, withPoint: boolean) {
  const at = priceCursor(cursor, withPoint);
  if (!at) return sql`0`;
  const next = sql`${tieBreak}`;
  return or(
    gt(price, at.priceCents),
    and(eq(price, at.priceCents), or(gt(next, at.tieKey), and(eq(next, at.tieKey), gt(lots.id, cursor.id)))),
  );
}
