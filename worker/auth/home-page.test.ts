/**
 * `/` picks its static page by the session cookie. The static assets are the build's, absent from
 * the worker tests, so ASSETS here is a stand-in that names the file it was asked for; the browser
 * test (e2e/landing.test.ts) runs the real build.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { SESSION_COOKIE } from './session-cookie';

const LANDING_ETAG = '"landing-v1"';

/** Answers `/landing` as the prerendered page (304 when the browser has it) and anything else as the SPA. */
const assets = {
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/landing') {
      if (request.headers.get('If-None-Match') === LANDING_ETAG) return new Response(null, { status: 304 });
      return new Response('landing page', { headers: { ETag: LANDING_ETAG } });
    }
    return new Response('spa');
  },
} as Fetcher;

const home = (headers: Record<string, string> = {}) => app.request('/', { headers }, { ...env, ASSETS: assets });

describe('/', () => {
  it('is the prerendered landing page without a session cookie, and varies with the cookie', async () => {
    const res = await home();
    expect(await res.text()).toBe('landing page');
    expect(res.headers.get('Vary')).toContain('Cookie');
  });

  it('is the SPA with a session cookie, whatever the cookie holds (the SPA checks the session)', async () => {
    const res = await home({ Cookie: `${SESSION_COOKIE}=anything` });
    expect(await res.text()).toBe('spa');
    expect(res.headers.get('Vary')).toContain('Cookie');
  });

  it('answers a revalidation of the landing page with 304, not with the SPA', async () => {
    const res = await home({ 'If-None-Match': LANDING_ETAG });
    expect(res.status).toBe(304);
  });

  it('serves the SPA when the build has no landing page', async () => {
    const spaOnly = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
        new URL(new Request(input, init).url).pathname === '/landing' ? new Response('no such file', { status: 404 }) : new Response('spa'),
    } as Fetcher;
    const res = await app.request('/', {}, { ...env, ASSETS: spaOnly });
    expect(await res.text()).toBe('spa');
  });
});
