/**
 * The map's tile server is a setting (MAP_TILES_URL, MAP_TILES_ATTRIBUTION): the signed-in screens
 * learn it from the platform settings, and every answer's content security policy follows its
 * origin. A bad setting is logged and the default drawn.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAP_TILES } from '../../core/map-tiles';
import { contentSecurityPolicy } from '../../core/security-headers';
import { call, cookieFor, seedOnce } from '../test/helpers';

const OWN = { MAP_TILES_URL: 'https://tiles.parkada.ph/streets/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: '&copy; Parkada maps' };

let cookie = '';
beforeAll(async () => {
  await seedOnce();
  cookie = await cookieFor('parking_user');
});

const mapTilesUnder = async (bindings: Record<string, string>) => {
  const res = await call('/api/platform/settings', { cookie, bindings });
  expect(res.status).toBe(200);
  return (await res.json<{ mapTiles: unknown }>()).mapTiles;
};

/** The screens' static assets: a stand-in that names what it was asked for (worker/auth/app-pages.test.ts). */
/** The static assets of a build: each with the policy `_headers` gives it, the default tiles'. */
const assets = (headers: Record<string, string>) =>
  ({
    fetch: async (input: RequestInfo | URL) => new Response(`asset:${new URL(new Request(input).url).pathname}`, { headers }),
  }) as Fetcher;
const ASSETS = assets({ 'Content-Security-Policy': contentSecurityPolicy() });

describe('the map tiles setting', () => {
  it('is the OpenStreetMap default when unset', async () => {
    expect(await mapTilesUnder({})).toEqual(DEFAULT_MAP_TILES);
  });

  it('is served to the screens as configured', async () => {
    expect(await mapTilesUnder(OWN)).toEqual({ url: OWN.MAP_TILES_URL, attribution: OWN.MAP_TILES_ATTRIBUTION });
  });

  it.each([
    ['plain http', { ...OWN, MAP_TILES_URL: 'http://tiles.parkada.ph/{z}/{x}/{y}.png' }, 'it is not https'],
    ['no {z}/{x}/{y}', { ...OWN, MAP_TILES_URL: 'https://tiles.parkada.ph/streets.png' }, 'it has no {z}, {x}, {y}'],
    ['no attribution', { MAP_TILES_URL: OWN.MAP_TILES_URL }, 'MAP_TILES_ATTRIBUTION is not set'],
  ])('falls back to the default with a logged warning when %s', async (_case, bindings, why) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await mapTilesUnder(bindings)).toEqual(DEFAULT_MAP_TILES);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(why));
      const policy = (await call('/api/lots', { bindings })).headers.get('Content-Security-Policy');
      expect(policy).toContain("img-src 'self' data: https://tile.openstreetmap.org;");
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the content security policy follows the tile server', () => {
  const policyOf = (res: Response) => res.headers.get('Content-Security-Policy') ?? '';

  it('on API answers: images and connections from its origin, not the default', async () => {
    const policy = policyOf(await call('/api/lots', { bindings: OWN }));
    expect(policy).toContain("img-src 'self' data: https://tiles.parkada.ph;");
    expect(policy).toContain("connect-src 'self' https://tiles.parkada.ph;");
    expect(policy).not.toContain('openstreetmap');
  });

  it("on the screens and the service worker's script, which the worker serves from the static assets", async () => {
    for (const [path, cookieHeader] of [
      ['/', ''],
      ['/lots/abc', `${cookie}`],
      ['/service-worker.js', ''],
    ]) {
      const res = await call(path, { bindings: { ...OWN, ASSETS }, headers: cookieHeader ? { Cookie: cookieHeader } : {} });
      expect(await res.text()).toMatch(/^asset:/);
      expect(policyOf(res)).toContain("connect-src 'self' https://tiles.parkada.ph;");
      expect(policyOf(res)).toContain("frame-ancestors 'none'");
    }
  });

  it('leaves a page without a policy as it is: `vite dev` serves none, and its inline preamble must run', async () => {
    const res = await call('/', { bindings: { ...OWN, ASSETS: assets({}) } });
    expect(await res.text()).toMatch(/^asset:/);
    expect(res.headers.get('Content-Security-Policy')).toBeNull();
  });
});
