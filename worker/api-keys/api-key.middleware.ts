/**
 * A request made with `Authorization: Bearer <key>` (docs/api.md): it acts as the key's account, the
 * same user object a session gives, within the key's scopes and the account's current role. Every write
 * is rate-limited per key and audited under the key's name. Wired by worker/app.ts after the session.
 */
import { createMiddleware } from 'hono/factory';
import { mayHoldScope, scopeNeeded, type ApiScope } from '../../core/api-scopes';
import { ROLE_LABELS, type Role } from '../../core/roles';
import { refusal } from '../../core/refusal';
import { SUSPENDED_MESSAGE, takeApiKeyWrite } from '../auth/auth.service';
import type { AppEnv } from '../env';
import { bearerOf, SAFE_METHODS } from '../http/middleware';
import { auditKeyWrite, authenticateApiKey } from './api-keys.service';

/** Refuses a request the key's scopes do not reach, or that its account's role no longer allows the key. */
function requireScope(scopes: readonly ApiScope[], role: Role, method: string, path: string) {
  const needed = scopeNeeded(method, path);
  if (!needed) throw refusal('forbidden', `An API key cannot reach ${method} ${path}: sign in to do this.`);
  if (!scopes.includes(needed)) throw refusal('forbidden', `This API key lacks the scope ${needed}.`);
  if (!mayHoldScope(needed, role)) throw refusal('forbidden', `The scope ${needed} is beyond this account's role, ${ROLE_LABELS[role]}.`);
}

export const withApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const secret = bearerOf(c);
  if (secret === null) return next();
  const holder = await authenticateApiKey(c.var.db, secret);
  if (!holder) throw refusal('unauthenticated', 'This API key is not valid: it was revoked, or never was a key.');
  const { key, user } = holder;
  if (user.suspendedAt) throw refusal('forbidden', SUSPENDED_MESSAGE);
  requireScope(key.scopes, user.role, c.req.method, c.req.path);
  // The key, not a session, is who asks: no step-up a session gave counts for it.
  const actor = { ...user, viaApiKey: key.name };
  c.set('user', actor);
  c.set('sessionId', null);
  if (SAFE_METHODS.has(c.req.method)) return next();
  await takeApiKeyWrite(c.env, key.id);
  await next();
  if (c.res.status >= 400) return;
  const write = { method: c.req.method, path: c.req.path, status: c.res.status };
  await auditKeyWrite(c.env, c.var.db, { user: actor, keyName: key.name }, write);
});
