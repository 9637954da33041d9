/** The session on every API request, and the access rules of core/roles.ts (wired by worker/app.ts). */
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { apiAccess, roleAllowed, suspendedMayReach } from '../../core/roles';
import { refusal } from '../../core/refusal';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { SAFE_METHODS } from '../http/middleware';
import { SUSPENDED_MESSAGE } from './auth.service';
import { requireEnrolment } from './second-factor.service';
import { readSessionCookie, writeSessionCookie } from './session-cookie';
import { resolveSession } from './sessions.service';

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
  if (user?.suspendedAt && access !== 'public' && !suspendedMayReach(c.req.path)) throw refusal('forbidden', SUSPENDED_MESSAGE);
  // Owners' and admins' writes wait for the second factor the platform requires of them (docs/account.md).
  if (user && Array.isArray(access) && !SAFE_METHODS.has(c.req.method)) await requireEnrolment(c, user);
  await next();
});
