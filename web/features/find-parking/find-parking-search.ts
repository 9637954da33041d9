/**
 * Find Parking's search as it lives in the URL (`validateSearch` of `/`), so a search is a link and
 * the back button restores it. A value a link gets wrong is dropped, never an error screen.
 */
import { DURATION_HOURS } from '../../../core/booking';
import { MANILA_CENTER } from '../../../core/geo';
import { placeNamed } from '../../../core/places';
import { SORTS, type Sort } from '../../../core/suggestions';
import { fromManilaInput } from '../../../core/time';
import type { LotSearch } from '../../lib/booking';
import { choiceParam, flagParam, patternParam, textParam } from '../../lib/search-params';

const POINT = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/;
const BOX = /^-?\d{1,3}(\.\d+)?(,-?\d{1,3}(\.\d+)?){3}$/;
const ARRIVAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const FILTERS = { openNow: 'Open Now', accessible: 'Accessible', ev: 'EV Charging', under100: 'Under ₱100/hr' } as const;
export type Filter = keyof typeof FILTERS;

const DEFAULT_PLACE = 'Downtown Manila';

export type FindParkingSearch = {
  /** What the location box says: a place of the gazetteer, "My location", or text for lot names and addresses. */
  place?: string;
  /** The device's position, for "My location". */
  at?: string;
  /** The map's viewport once the driver moved it (`west,south,east,north`). */
  bbox?: string;
  /** Arrival, Manila wall-clock time as the arrival input takes it. */
  arrive?: string;
  hours?: number;
  /** The vehicle searched for; absent is a car (the API's default). */
  vehicle?: SearchedVehicle;
  /** The list's order; absent is nearest first. */
  sort?: Exclude<Sort, 'nearest'>;
} & Partial<Record<Filter, true>>;

/** A vehicle a search names (`?vehicle=`), here and on the lot page it leads to; a car is named by none. */
export type SearchedVehicle = 'motorcycle';
export const vehicleParam = (value: unknown): SearchedVehicle | undefined => choiceParam(value, ['motorcycle'] as const);

/** The orders the list offers, as the sort control names them. */
export const SORT_LABELS: Record<Sort, string> = { nearest: 'Nearest', cheapest: 'Cheapest', best: 'Best for you' };

export const findParkingSearch = (raw: Record<string, unknown>): FindParkingSearch => ({
  place: textParam(raw.place, 100),
  at: patternParam(raw.at, POINT),
  bbox: patternParam(raw.bbox, BOX),
  arrive: patternParam(raw.arrive, ARRIVAL),
  hours: choiceParam(raw.hours, DURATION_HOURS),
  openNow: flagParam(raw.openNow),
  accessible: flagParam(raw.accessible),
  ev: flagParam(raw.ev),
  under100: flagParam(raw.under100),
  vehicle: vehicleParam(raw.vehicle),
  sort: choiceParam(
    raw.sort,
    SORTS.filter((sort) => sort !== 'nearest'),
  ),
});

/** Where the search is: a point (a named place or the device), or text with no point. */
export function whereOf(search: FindParkingSearch): { label: string; point: [number, number] | null; q?: string } {
  const label = search.place ?? DEFAULT_PLACE;
  if (search.at) return { label, point: search.at.split(',').map(Number) as [number, number] };
  const place = placeNamed(label);
  if (place) return { label: place.name, point: place.point };
  return { label, point: null, q: label || undefined };
}

/**
 * The window searched: the arrival the URL names (else `defaultArrival`, the next quarter hour) for
 * the hours it names (else the driver's default duration).
 */
export function windowOf(search: FindParkingSearch, defaultDuration: string | undefined, defaultArrival: string) {
  return { start: fromManilaInput(search.arrive ?? defaultArrival), hours: search.hours ?? Number(defaultDuration ?? 2) };
}

/** The API's query for a search: the viewport once the map moved, else the place; the window; the filters. */
export function lotQueryOf(search: FindParkingSearch, window: { start: string; hours: number }): LotSearch {
  const where = whereOf(search);
  return {
    start: window.start,
    durationHours: String(window.hours),
    ...(search.bbox ? { bbox: search.bbox } : where.point ? { near: where.point.join(',') } : {}),
    ...(where.q && { q: where.q }),
    ...(search.openNow && { openNow: 'true' }),
    ...(search.accessible && { accessible: 'true' }),
    ...(search.ev && { ev: 'true' }),
    ...(search.under100 && { maxPriceCents: '10000' }),
    ...(search.sort && { sort: search.sort }),
    ...(search.vehicle && { vehicleType: search.vehicle }),
  };
}

/** What the map shows first: the viewport of the link, else the place, else all of Manila. */
export function mapViewOf(search: FindParkingSearch): { bbox?: string; center: [number, number]; zoom: number } {
  const where = whereOf(search);
  return { bbox: search.bbox, center: where.point ?? MANILA_CENTER, zoom: where.point ? 14 : 12 };
}
