/**
 * Navigations get a page that paints before any JavaScript runs (docs/performance.md, The driver's
 * first screen), chosen by the session cookie:
 *   - `/` without one: the landing page prerendered at build, which loads none of the SPA;
 *   - `/` with one: the app's shell with Find Parking's heading (what drivers come for);
 *   - any other screen with one: the app's shell, the header's frame and the loading spinner;
 *   - any other screen without one: the SPA as it is (sign-in, sign-up, the public pages).
 * The SPA checks the session itself, so an expired cookie still ends where it should. All are static
 * assets, served with their own headers (`_headers`); the answer varies with the cookie. Anything
 * else under the worker (a file, the service worker's script) is the static asset it names. Their
 * content security policy is this deployment's, whose map tiles are a setting (core/map-tiles.ts):
 * `_headers` is written at build, with the default tiles.
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { tileOrigin } from '../../core/map-tiles';
import { contentSecurityPolicy } from '../../core/security-headers';
import { STATIC_PAGES, type StaticPage } from '../../core/static-pages';
import type { AppEnv, Bindings } from '../env';
import { mapTilesOf } from '../http/map-tiles';
import { SESSION_COOKIE } from './session-cookie';

/** A static asset's answer under this deployment's policy; a screen's also varies with the cookie. */
function served(response: Response, env: Bindings, { screen }: { screen: boolean }) {
  const answer = new Response(response.body, response);
  // Only where `_headers` gave one (a build): `vite dev` serves its pages without, and its inline preamble needs none.
  if (answer.headers.has('Content-Security-Policy'))
    answer.headers.set('Content-Security-Policy', contentSecurityPolicy(tileOrigin(mapTilesOf(env))));
  if (screen) answer.headers.append('Vary', 'Cookie');
  return answer;
}

/**
 * A screen of the SPA, as opposed to a file: the browser asks for a document (a client that does not
 * say what it asks for is taken at its word), at a path whose last segment has no extension.
 */
const isScreen = (path: string, destination: string | undefined) =>
  (destination === undefined || destination === 'document') && !/\.[a-z0-9]+$/i.test(path);

function pageFor(path: string, signedIn: boolean): StaticPage | undefined {
  if (path === '/') return signedIn ? 'findParking' : 'landing';
  return signedIn ? 'app' : undefined;
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Every GET outside the API that reaches the worker (`run_worker_first` in wrangler.toml). */
export const appPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isApi(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
  // A file is the same for everyone.
  if (!isScreen(c.req.path, c.req.header('Sec-Fetch-Dest'))) return served(await c.env.ASSETS.fetch(c.req.raw), c.env, { screen: false });
  const page = pageFor(c.req.path, Boolean(getCookie(c, SESSION_COOKIE)));
  if (page) {
    const prerendered = await c.env.ASSETS.fetch(new Request(new URL(STATIC_PAGES[page].path, c.req.url), c.req.raw));
    // A build always has them; `vite dev` has none and answers with the SPA, which renders the same.
    if (prerendered.ok || prerendered.status === 304) return served(prerendered, c.env, { screen: true });
  }
  return served(await c.env.ASSETS.fetch(c.req.raw), c.env, { screen: true });
};
