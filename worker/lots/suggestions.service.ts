/**
 * "Best for you" on a page of search results (docs/search.md): the page's lots ranked by
 * `rankForDriver` (core/suggestions.ts), each with its reasons. The search's one batch reads all it
 * needs: the page with its stay rollups (the forecast for the page's lots only) and, for a signed-in
 * driver, their history.
 */
import { forecastFromRollup } from '../../core/forecast';
import { lotAmenities } from '../../core/lot-json';
import { driverHistoryOf, rankForDriver } from '../../core/suggestions';
import type { driverStays } from './suggestions.data';

/** What a search result carries that the ranking reads. */
type Found = {
  id: string;
  amenitiesJson: string | null;
  distanceKm: number | null;
  availability: { total: number; free: number; quote: { totalCents: number }; problem: string | null };
};
/** A lot's stay rollup at the forecast's hours, as the search read it (lots.data.ts, `stayRollupColumns`). */
type Rollup = { heldSeconds: number; firstStayHour: number | null };

type Stays = Awaited<ReturnType<typeof driverStays>>;

/** The page in "Best for you" order, each lot with its reasons. */
export function bestForYou<T extends Found>(found: T[], rollups: Map<string, Rollup>, stays: Stays, atMs: number, now: number) {
  const history = driverHistoryOf(stays.map((row) => ({ lotId: row.lotId, stays: row.stays, amenities: lotAmenities(row) })));
  const candidates = found.map((lot) => {
    const rollup = rollups.get(lot.id);
    return {
      id: lot.id,
      priceCents: lot.availability.quote.totalCents,
      walkKm: lot.distanceKm,
      forecast: forecastFromRollup(atMs, now, lot.availability.total, rollup?.heldSeconds ?? 0, rollup?.firstStayHour ?? null),
      amenities: lotAmenities(lot),
      bookable: lot.availability.free > 0 && !lot.availability.problem,
    };
  });
  const byId = new Map(found.map((lot) => [lot.id, lot]));
  return rankForDriver(candidates, history).map(({ id, reasons }) => ({ ...(byId.get(id) as T), reasons }));
}
