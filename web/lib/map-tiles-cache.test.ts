import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMapTile, keepNewestTiles, MAP_TILES_CACHE } from './map-tiles-cache';

afterEach(() => vi.unstubAllGlobals());

/** Cache Storage as the browser keeps it: one cache's entries in the order they were put. */
function cacheOfTiles(count: number) {
  const urls = Array.from({ length: count }, (_, i) => `https://tile.openstreetmap.org/15/${i}/0.png`);
  const cache = {
    keys: async () => urls.map((url) => new Request(url)),
    delete: async (request: Request) => urls.splice(urls.indexOf(request.url), 1).length > 0,
  };
  vi.stubGlobal('caches', { open: async (name: string) => (name === MAP_TILES_CACHE ? cache : null) });
  return urls;
}

describe('the map tiles kept offline', () => {
  it('are at most 300, the oldest put going first', async () => {
    const urls = cacheOfTiles(302);
    await keepNewestTiles();
    expect(urls).toHaveLength(300);
    expect(urls[0]).toBe('https://tile.openstreetmap.org/15/2/0.png');
    expect(urls.at(-1)).toBe('https://tile.openstreetmap.org/15/301/0.png');
  });

  it('are all kept below the limit', async () => {
    const urls = cacheOfTiles(12);
    await keepNewestTiles();
    expect(urls).toHaveLength(12);
  });

  it("are images from another origin (the policy's one: the tile server), not the app's own", () => {
    const image = (url: string) => isMapTile({ destination: 'image' } as Request, new URL(url), 'https://parkada.ph');
    expect(image('https://tile.openstreetmap.org/15/1/2.png')).toBe(true);
    expect(image('https://parkada.ph/icons/icon-192.png')).toBe(false);
    expect(isMapTile({ destination: '' } as Request, new URL('https://tile.openstreetmap.org/x'), 'https://parkada.ph')).toBe(false);
  });
});
