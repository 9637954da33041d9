/**
 * The map's tile server and its credit. A deployment names its own with MAP_TILES_URL and
 * MAP_TILES_ATTRIBUTION (README.md, Deploy): OpenStreetMap's server, the default, is for the demo and
 * local runs, since its policy forbids heavy production use. The SPA learns the tiles from the platform
 * settings answer, and the content security policy (core/security-headers.ts) allows exactly their origin.
 */
export type MapTiles = { url: string; attribution: string };

export const DEFAULT_MAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export const tileOrigin = (tiles: MapTiles) => new URL(tiles.url).origin;

export const DEFAULT_TILE_ORIGIN = tileOrigin(DEFAULT_MAP_TILES);

/**
 * Why a tile URL template cannot be used, or null. It is https, on one fixed host (no `{s}`: the policy
 * names a single origin), with the `{z}`, `{x}` and `{y}` the map fills in.
 */
export function tileUrlProblem(url: string): string | null {
  if (!URL.canParse(url)) return 'it is not a URL';
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:') return 'it is not https';
  if (/[{}%]/.test(hostname)) return 'its host is not one fixed name';
  const missing = ['{z}', '{x}', '{y}'].filter((placeholder) => !url.includes(placeholder));
  return missing.length ? `it has no ${missing.join(', ')}` : null;
}

/**
 * The tiles a deployment's setting names, or the default with why the setting was set aside: a bad
 * URL, or a URL without its attribution (a tile server's terms require its credit on the map).
 */
export function configuredMapTiles(setting: { url?: string; attribution?: string }): { tiles: MapTiles; problem: string | null } {
  if (!setting.url) return { tiles: DEFAULT_MAP_TILES, problem: null };
  const urlProblem = tileUrlProblem(setting.url);
  if (urlProblem) return { tiles: DEFAULT_MAP_TILES, problem: `MAP_TILES_URL is set aside: ${urlProblem}` };
  if (!setting.attribution?.trim())
    return { tiles: DEFAULT_MAP_TILES, problem: 'MAP_TILES_URL is set aside: MAP_TILES_ATTRIBUTION is not set' };
  return { tiles: { url: setting.url, attribution: setting.attribution }, problem: null };
}
