/**
 * The session cookie. `__Host-` makes the browser refuse it unless it is Secure, has Path=/ and no
 * Domain, so no sibling subdomain can set or overwrite it. Its Max-Age is what the session has left.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

export const SESSION_COOKIE = '__Host-parkada_session';

const attributes = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const;

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE) ?? null;

export const writeSessionCookie = (c: Context<AppEnv>, sessionId: string, maxAgeSeconds: number) =>
  setCookie(c, SESSION_COOKIE, sessionId, { ...attributes, maxAge: maxAgeSeconds });

const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, SESSION_COOKIE, attributes);

/** The request's session has ended: no cookie for it, and nothing downstream may slide it. */
export function signedOut(c: Context<AppEnv>) {
  c.set('sessionId', null);
  clearSessionCookie(c);
}
