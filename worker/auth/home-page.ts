/**
 * `/`: the landing page for a visitor, Find Parking (what drivers come for) for someone signed in. A request
 * without a session cookie gets the landing page prerendered at build (scripts/static-landing.ts),
 * which loads none of the SPA; one with a cookie gets the SPA, which checks the session itself (an
 * expired cookie still ends on the landing page, rendered by the SPA). Both are static assets, served
 * with their own headers (`_headers`); the answer varies with the cookie.
 */
import { getCookie } from 'hono/cookie';
import type { Handler } from 'hono';
import { STATIC_LANDING } from '../../core/static-landing';
import type { AppEnv } from '../env';
import { SESSION_COOKIE } from './session-cookie';

const varyOnCookie = (response: Response) => {
  const varied = new Response(response.body, response);
  varied.headers.append('Vary', 'Cookie');
  return varied;
};

export const homePage: Handler<AppEnv> = async (c) => {
  if (!getCookie(c, SESSION_COOKIE)) {
    const landing = await c.env.ASSETS.fetch(new Request(new URL(STATIC_LANDING.path, c.req.url), c.req.raw));
    // A build always has it; `vite dev` has none and answers with the SPA, which renders the same page.
    if (landing.ok || landing.status === 304) return varyOnCookie(landing);
  }
  return varyOnCookie(await c.env.ASSETS.fetch(c.req.raw));
};
