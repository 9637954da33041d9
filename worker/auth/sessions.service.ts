/**
 * Sessions. The browser holds a random 256-bit id; the server keeps only its SHA-256 (`sessionKey`),
 * so a listing of KV or D1 holds nothing that signs anyone in. KV holds the session's times under
 * `session:<key>` (read on every request, expiring on its own); D1 keeps one row per sign-in under the
 * same key, which is how a user's sessions are found and ended together, and whose `revokedAt` is
 * checked on every request, so a sign-out holds everywhere at once even before KV's delete has reached
 * every location. How long a session lasts: core/session.ts.
 */
import { secondsLeft, sessionLive, slideDue, SESSION_LIFETIME_MS, type SessionTimes } from '../../core/session';
import type { DB } from '../db/client';
import type { SessionUser } from '../env';
import { findUserBySession } from '../users/users.data';
import { randomSecret, sha256Hex } from '../verification/verification.service';
import { insertSession, revokeSession, revokeSessionsSince } from './sessions.data';

const kvEntry = (key: string) => `session:${key}`;

/** What the server stores in place of a session id. */
export const sessionKey = sha256Hex;

/** KV refuses a TTL under a minute; a session that close to its end simply lasts that minute in KV (its times still end it). */
const kvTtl = (times: SessionTimes, now: number) => ({ expirationTtl: Math.max(60, secondsLeft(times, now)) });

export type NewSession = { sessionId: string; maxAgeSeconds: number };

export async function createSession(
  kv: KVNamespace,
  db: DB,
  userId: string,
  { userAgent = null as string | null, secondFactorAt = null as string | null, now = Date.now() } = {},
): Promise<NewSession> {
  const sessionId = randomSecret();
  const key = await sessionKey(sessionId);
  const times: SessionTimes = { createdAt: now, refreshedAt: now };
  await insertSession(db, { id: key, userId, userAgent, secondFactorAt, createdAt: new Date(now).toISOString() });
  await kv.put(kvEntry(key), JSON.stringify(times), kvTtl(times, now));
  return { sessionId, maxAgeSeconds: secondsLeft(times, now) };
}

export type LiveSession = { user: SessionUser; slid: boolean; maxAgeSeconds: number };

/**
 * The user of a live session, sliding its idle deadline when due; `slid` tells the caller to send the
 * cookie again with the new `maxAgeSeconds`, so the browser's copy ends when the session does.
 */
export async function resolveSession(kv: KVNamespace, db: DB, sessionId: string, now = Date.now()): Promise<LiveSession | null> {
  const key = await sessionKey(sessionId);
  const times = await kv.get<SessionTimes>(kvEntry(key), 'json');
  if (!times) return null;
  const user = sessionLive(times, now) ? await findUserBySession(db, key) : null;
  if (!user) {
    await kv.delete(kvEntry(key));
    return null;
  }
  const slid = slideDue(times, now);
  const current = slid ? { ...times, refreshedAt: now } : times;
  if (slid) await kv.put(kvEntry(key), JSON.stringify(current), kvTtl(current, now));
  return { user, slid, maxAgeSeconds: secondsLeft(current, now) };
}

/** Signs this session out. */
export async function endSession(kv: KVNamespace, db: DB, sessionId: string, now = Date.now()): Promise<void> {
  const key = await sessionKey(sessionId);
  await revokeSession(db, key, new Date(now).toISOString());
  await kv.delete(kvEntry(key));
}

/** Signs the user out everywhere: every session begun within the lifetime and not yet ended. */
export const endAllSessions = (kv: KVNamespace, db: DB, userId: string, now = Date.now()) => endSessionsBut(kv, db, userId, null, now);

/** Signs the user out everywhere but in this session (`keptSessionId`, the browser's id; null ends them all). */
export async function endSessionsBut(kv: KVNamespace, db: DB, userId: string, keptSessionId: string | null, now = Date.now()) {
  const kept = keptSessionId === null ? null : await sessionKey(keptSessionId);
  const since = new Date(now - SESSION_LIFETIME_MS).toISOString();
  const ended = await revokeSessionsSince(db, userId, since, new Date(now).toISOString(), kept);
  await Promise.all(ended.map(({ key }) => kv.delete(kvEntry(key))));
}
