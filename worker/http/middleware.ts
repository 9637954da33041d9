import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import type { AppEnv, SignedInEnv } from '../env';
import { apiError } from './errors';

/** One drizzle instance per request, on the context. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});

/** Methods that change nothing: neither a forgery nor a write the second factor must guard. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route's promise that someone is signed in, in its type: `c.var.user` after it is a SessionUser.
 * enforceRoles has already answered 401 on a signed-in path without a session; this keeps the type honest.
 */
export const signedIn = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user) throw apiError(401, 'Please sign in to continue.');
  await next();
});

/** What follows `Authorization: Bearer`, or null when the request carries no bearer. */
export function bearerOf(c: Context): string | null {
  const authorization = c.req.header('Authorization') ?? '';
  return /^Bearer(\s|$)/i.test(authorization) ? authorization.slice('Bearer'.length).trim() : null;
}

/**
 * An API key's request (docs/api.md): a bearer and no cookie, so nothing a forged page could ride on.
 * It is answered 401 unless the bearer is a live key.
 */
const bearerWithoutCookie = (c: Context) => bearerOf(c) !== null && !c.req.header('Cookie');

/**
 * Cross-site request forgery guard: a state-changing request must come from our own origin.
 * Browsers always send Origin (and Sec-Fetch-Site) on such requests; tools without them
 * (curl, the bench scripts) are not a forgery vector and pass, and neither is an API key's request.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !bearerWithoutCookie(c)) {
    const origin = c.req.header('Origin');
    const site = c.req.header('Sec-Fetch-Site');
    const ownOrigin = new URL(c.req.url).origin;
    if ((origin && origin !== ownOrigin) || (site && site !== 'same-origin' && site !== 'none')) {
      throw apiError(403, 'Cross-site request refused.');
    }
  }
  await next();
});
