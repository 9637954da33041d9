import { describe, expect, it } from 'vitest';
import { configuredMapTiles, DEFAULT_MAP_TILES, tileOrigin, tileUrlProblem } from './map-tiles';

const OWN = 'https://tiles.parkada.ph/styles/streets/{z}/{x}/{y}.png';

describe('a tile URL template', () => {
  it('is https on one host, with {z}, {x} and {y}', () => {
    expect(tileUrlProblem(OWN)).toBeNull();
    expect(tileUrlProblem('https://api.maptiler.com/maps/streets/{z}/{x}/{y}@2x.png?key=abc')).toBeNull();
  });

  it.each([
    ['not a URL', 'tiles/{z}/{x}/{y}.png', 'it is not a URL'],
    ['plain http', 'http://tiles.parkada.ph/{z}/{x}/{y}.png', 'it is not https'],
    ['a host per subdomain', 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'its host is not one fixed name'],
    ['no zoom or column', 'https://tiles.parkada.ph/{y}.png', 'it has no {z}, {x}'],
  ])('is refused when %s', (_case, url, problem) => {
    expect(tileUrlProblem(url)).toBe(problem);
  });

  it('gives the origin the policy allows', () => {
    expect(tileOrigin({ url: OWN, attribution: 'x' })).toBe('https://tiles.parkada.ph');
  });
});

describe('the configured tiles', () => {
  it('are the default when nothing is set', () => {
    expect(configuredMapTiles({})).toEqual({ tiles: DEFAULT_MAP_TILES, problem: null });
  });

  it('are the setting when its URL is good and it has its attribution', () => {
    expect(configuredMapTiles({ url: OWN, attribution: '© Parkada' })).toEqual({
      tiles: { url: OWN, attribution: '© Parkada' },
      problem: null,
    });
  });

  it('fall back to the default, saying why, for a bad URL or a missing attribution', () => {
    expect(configuredMapTiles({ url: 'http://tiles.parkada.ph/{z}/{x}/{y}.png', attribution: '© Parkada' })).toEqual({
      tiles: DEFAULT_MAP_TILES,
      problem: 'MAP_TILES_URL is set aside: it is not https',
    });
    expect(configuredMapTiles({ url: OWN, attribution: ' ' })).toEqual({
      tiles: DEFAULT_MAP_TILES,
      problem: 'MAP_TILES_URL is set aside: MAP_TILES_ATTRIBUTION is not set',
    });
  });
});
