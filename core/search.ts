/** Find Parking's search (docs/search.md), shared by the API and the screens. */

/** Lots per page of a search unless asked (at most MAX_PAGE_SIZE, core/paging.ts). */
export const LOT_PAGE_SIZE = 50;
/** How far a search near a point reaches when it names no radius. */
export const DEFAULT_RADIUS_KM = 5;

/** A map viewport as `bbox=west,south,east,north` (degrees; Leaflet's `toBBoxString()`). */
export type Box = { south: number; west: number; north: number; east: number };

export const boxParam = (box: Box) => [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(',');

/**
 * A lot's hourly figure for the searched window: the window's quote (core/pricing.ts, with the band
 * rates in force then) per billed hour, rounded down. The card's "/hr" and the "Under ₱100/hr" filter
 * (`maxPriceCents`) both read it, so a lot the filter keeps never shows ₱100/hr or more.
 */
export const hourlyCentsOf = (quote: { totalCents: number; hours: number }) => Math.floor(quote.totalCents / quote.hours);
