/**
 * Navigations pick their prerendered page by the session cookie (worker/auth/app-pages.ts). The
 * static assets are the build's, absent from the worker tests, so ASSETS here is a stand-in that
 * names the file it was asked for; the browser tests (e2e/landing.test.ts, e2e/find-parking.test.ts)
 * run the real build.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { SESSION_COOKIE } from './session-cookie';

const LANDING_ETAG = '"landing-v1"';
const PRERENDERED = ['/landing', '/find-parking-shell', '/app-shell'];

/** Answers a prerendered page by its name (304 for the landing page the browser has) and anything else as "spa:<path>". */
const assets = {
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/landing' && request.headers.get('If-None-Match') === LANDING_ETAG) return new Response(null, { status: 304 });
    if (PRERENDERED.includes(path)) return new Response(path.slice(1), { headers: { ETag: LANDING_ETAG } });
    return new Response(`spa:${path}`);
  },
} as Fetcher;

const signedIn = { Cookie: `${SESSION_COOKIE}=anything` };
const visit = (path: string, headers: Record<string, string> = {}, ASSETS = assets) => app.request(path, { headers }, { ...env, ASSETS });

describe('a navigation', () => {
  it("to `/` is the landing page without a session cookie, Find Parking's shell with one", async () => {
    expect(await (await visit('/')).text()).toBe('landing');
    // Whatever the cookie holds: the SPA checks the session itself.
    expect(await (await visit('/', signedIn)).text()).toBe('find-parking-shell');
  });

  it("to any other screen is the app's shell with a session cookie, the SPA as it is without", async () => {
    for (const path of ['/lots/abc', '/reservation/abc', '/owner/reports', '/attendant/scan']) {
      expect(await (await visit(path, signedIn)).text()).toBe('app-shell');
      expect(await (await visit(path)).text()).toBe(`spa:${path}`);
    }
  });

  it('to a file is that file, signed in or not, the same for everyone', async () => {
    const file = await visit('/manifest.webmanifest', signedIn);
    expect(await file.text()).toBe('spa:/manifest.webmanifest');
    expect(file.headers.get('Vary') ?? '').not.toContain('Cookie');
    // Without an extension too, when the browser says it is not fetching a page.
    const worker = await visit('/.well-known/apple-app-site-association', { ...signedIn, 'Sec-Fetch-Dest': 'empty' });
    expect(await worker.text()).toBe('spa:/.well-known/apple-app-site-association');
    expect(await (await visit('/lots/abc', { ...signedIn, 'Sec-Fetch-Dest': 'document' })).text()).toBe('app-shell');
  });

  it('varies with the cookie', async () => {
    for (const headers of [{}, signedIn]) expect((await visit('/lots/abc', headers)).headers.get('Vary')).toContain('Cookie');
  });

  it('answers a revalidation of the landing page with 304, not with the SPA', async () => {
    const res = await visit('/', { 'If-None-Match': LANDING_ETAG });
    expect(res.status).toBe(304);
  });

  it('falls back to the SPA when the build has no prerendered pages (vite dev)', async () => {
    const spaOnly = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(new Request(input, init).url).pathname;
        return PRERENDERED.includes(path) ? new Response('no such file', { status: 404 }) : new Response(`spa:${path}`);
      },
    } as Fetcher;
    expect(await (await visit('/', {}, spaOnly)).text()).toBe('spa:/');
    expect(await (await visit('/lots/abc', signedIn, spaOnly)).text()).toBe('spa:/lots/abc');
  });

  it('leaves the API to the API', async () => {
    for (const headers of [{}, signedIn]) {
      const res = await visit('/api/no-such-route', headers);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.json()).toHaveProperty('message');
    }
  });
});
