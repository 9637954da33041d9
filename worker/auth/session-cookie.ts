/**
 * The session cookie. `__Host-` makes the browser refuse it unless it is Secure, has Path=/ and no
 * Domain, so no sibling subdomain can set or overwrite it. Its Max-Age is what the session has left.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

export const SESSION_COOKIE = '__Host-parkada_session';

const attributes = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const;

export const readSessionCookie = <E extends AppEnv>(c: Context<E>) => getCookie(c, SESSION_COOKIE) ?? null;

export const writeSessionCookie = <E extends AppEnv>(c: Context<E>, sessionId: string, maxAgeSeconds: number) =>
  setCookie(c, SESSION_COOKIE, sessionId, { ...attributes, maxAge: maxAgeSeconds });

const clearSessionCookie = <E extends AppEnv>(c: Context<E>) => deleteCookie(c, SESSION_COOKIE, attributes);

/** The request's session has ended: no cookie for it, and nothing downstream may slide it. */
export function signedOut<E extends AppEnv>(c: Context<E>) {
  c.set('sessionId', null);
  clearSessionCookie(c);
}
