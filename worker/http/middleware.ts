import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { apiAccess, roleAllowed } from '../../core/roles';
import { readSessionCookie, writeSessionCookie } from '../auth/session-cookie';
import { resolveSession } from '../auth/sessions';
import { requireEnrolment } from '../auth/second-factor.service';
import { createDb } from '../db/client';
import type { AppEnv, SignedInEnv } from '../env';
import { apiError } from './errors';

/** One drizzle instance per request, on the context. */
export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});

/** Resolves the session cookie to the current user (or null) for everything downstream. */
export const withSession = createMiddleware<AppEnv>(async (c, next) => {
  const sessionId = readSessionCookie(c);
  const session = sessionId ? await resolveSession(c.env.SESSIONS, c.var.db, sessionId) : null;
  c.set('sessionId', session ? sessionId : null);
  c.set('user', session?.user ?? null);
  await next();
  // The session slid forward: so does the cookie, unless the request ended this session or started another.
  if (session?.slid && sessionId && c.var.sessionId === sessionId) writeSessionCookie(c, sessionId, session.maxAgeSeconds);
});

/**
 * Spec section 6 enforced on the server: 401 without a session, 403 with the wrong role.
 * A path no route serves falls through to the JSON 404 for everyone.
 */
export const enforceRoles = createMiddleware<AppEnv>(async (c, next) => {
  if (!matchedRoutes(c).some((route) => route.method !== 'ALL')) return next();
  const access = apiAccess(c.req.method, c.req.path);
  const user = c.var.user;
  if (access !== 'public' && !user) throw apiError(401, 'Please sign in to continue.');
  if (!roleAllowed(access, user?.role)) throw apiError(403, 'Your account does not have access to this.');
  // Owners' and admins' writes wait for the second factor the platform requires of them (docs/account.md).
  if (user && Array.isArray(access) && !SAFE_METHODS.has(c.req.method)) await requireEnrolment(c, user);
  await next();
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route's promise that someone is signed in, in its type: `c.var.user` after it is a SessionUser.
 * enforceRoles has already answered 401 on a signed-in path without a session; this keeps the type honest.
 */
export const signedIn = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user) throw apiError(401, 'Please sign in to continue.');
  await next();
});

/**
 * Cross-site request forgery guard: a state-changing request must come from our own origin.
 * Browsers always send Origin (and Sec-Fetch-Site) on such requests; tools without them
 * (curl, the bench scripts) are not a forgery vector and pass.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('Origin');
    const site = c.req.header('Sec-Fetch-Site');
    const ownOrigin = new URL(c.req.url).origin;
    if ((origin && origin !== ownOrigin) || (site && site !== 'same-origin' && site !== 'none')) {
      throw apiError(403, 'Cross-site request refused.');
    }
  }
  await next();
});
