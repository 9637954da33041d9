/**
 * "Best for you" on a page of search results (docs/search.md): the page's lots ranked by
 * `rankForDriver` (core/suggestions.ts), each with its reasons. One batch reads what it needs: the
 * driver's history once, and the forecast for the page's lots only.
 */
import { forecastFromRollup, pastSameHours } from '../../core/forecast';
import { lotAmenities } from '../../core/lot-json';
import { driverHistoryOf, rankForDriver } from '../../core/suggestions';
import type { DB } from '../db/client';
import { bestForYouFigures } from './suggestions.data';

/** What a search result carries that the ranking reads. */
type Found = {
  id: string;
  amenitiesJson: string | null;
  distanceKm: number | null;
  availability: { total: number; free: number; quote: { totalCents: number }; problem: string | null };
};

export async function bestForYou<T extends Found>(db: DB, found: T[], userId: string | null, atMs: number, now: number) {
  if (!found.length) return [];
  const { stays, rollups } = await bestForYouFigures(
    db,
    userId,
    found.map((lot) => lot.id),
    pastSameHours(atMs, now, 0),
  );
  const history = driverHistoryOf(stays.map((row) => ({ lotId: row.lotId, stays: row.stays, amenities: lotAmenities(row) })));
  const candidates = found.map((lot) => {
    const rollup = rollups.get(lot.id);
    return {
      id: lot.id,
      priceCents: lot.availability.quote.totalCents,
      walkKm: lot.distanceKm,
      forecast: forecastFromRollup(atMs, now, lot.availability.total, rollup?.held ?? new Map(), rollup?.firstHour ?? null),
      amenities: lotAmenities(lot),
      bookable: lot.availability.free > 0 && !lot.availability.problem,
    };
  });
  const byId = new Map(found.map((lot) => [lot.id, lot]));
  return rankForDriver(candidates, history).map(({ id, reasons }) => ({ ...(byId.get(id) as T), reasons }));
}
