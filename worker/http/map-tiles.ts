/**
 * The map's tiles of this deployment (MAP_TILES_URL and MAP_TILES_ATTRIBUTION, core/map-tiles.ts). A
 * bad setting is logged, once per reason in an isolate, and the default drawn: a map, never a broken page.
 */
import { configuredMapTiles, type MapTiles } from '../../core/map-tiles';
import type { Bindings } from '../env';

const logged = new Set<string>();

export function mapTilesOf(env: Bindings): MapTiles {
  const { tiles, problem } = configuredMapTiles({ url: env.MAP_TILES_URL, attribution: env.MAP_TILES_ATTRIBUTION });
  if (problem && !logged.has(problem)) {
    logged.add(problem);
    console.warn(`${problem}; the map draws ${tiles.url}`);
  }
  return tiles;
}
