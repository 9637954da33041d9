/** Find Parking's search (docs/search.md), shared by the API and the screens. */

/** Lots per page of a search unless asked (at most MAX_PAGE_SIZE, core/paging.ts). */
export const LOT_PAGE_SIZE = 50;
/** How far a search near a point reaches when it names no radius. */
export const DEFAULT_RADIUS_KM = 5;

/** A map viewport as `bbox=west,south,east,north` (degrees; Leaflet's `toBBoxString()`). */
export type Box = { south: number; west: number; north: number; east: number };

export const boxParam = (box: Box) => [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(',');
