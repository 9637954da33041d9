/**
 * The service worker's cache of map tiles (web/features/push/service-worker.ts, docs/notifications.md,
 * Installing the app). A tile is an image from another origin: the content security policy allows
 * images from one other origin only, the tile server of MAP_TILES_URL (core/security-headers.ts), so
 * the service worker needs no copy of the setting.
 */
export const MAP_TILES_CACHE = 'parkada-map-tiles';

/** About 5 MB of tiles: the streets around the lots a driver looked at, and no more. */
const MAX_CACHED_TILES = 300;

export const isMapTile = (request: Request, url: URL, appOrigin: string) => request.destination === 'image' && url.origin !== appOrigin;

/** After each tile kept: the oldest kept go beyond the limit (a cache lists its entries in the order they were put). */
export async function keepNewestTiles() {
  const cache = await caches.open(MAP_TILES_CACHE);
  const tiles = await cache.keys();
  await Promise.all(tiles.slice(0, Math.max(0, tiles.length - MAX_CACHED_TILES)).map((tile) => cache.delete(tile)));
}

/** Before signing out (web/lib/leave-browser.ts): the tiles tell where this person looked for parking. */
export const forgetMapTiles = async () => 'caches' in globalThis && (await caches.delete(MAP_TILES_CACHE));
