/**
 * Sessions live in KV under a random 256-bit id with a sliding 30-day TTL; D1 keeps a row per sign-in
 * for the audit trail. The cookie carries only the id.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

export const SESSION_COOKIE = 'parkada_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Re-write the KV entry (extending its TTL) at most once a day per session. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

type StoredSession = { userId: string; createdAt: string; refreshedAt: number };

const kvKey = (sessionId: string) => `session:${sessionId}`;

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function createSession(kv: KVNamespace, userId: string, now = Date.now()): Promise<string> {
  const sessionId = newSessionId();
  const record: StoredSession = { userId, createdAt: new Date(now).toISOString(), refreshedAt: now };
  await kv.put(kvKey(sessionId), JSON.stringify(record), { expirationTtl: SESSION_TTL_SECONDS });
  return sessionId;
}

/**
 * The user id of a live session, sliding its expiry forward when it is due; `slid` tells the caller
 * to send the cookie again so the browser's copy slides too.
 */
export async function resolveSession(kv: KVNamespace, sessionId: string, now = Date.now()): Promise<{ userId: string; slid: boolean } | null> {
  const record = await kv.get<StoredSession>(kvKey(sessionId), 'json');
  if (!record) return null;
  const slid = now - record.refreshedAt > SLIDE_AFTER_MS;
  if (slid) await kv.put(kvKey(sessionId), JSON.stringify({ ...record, refreshedAt: now }), { expirationTtl: SESSION_TTL_SECONDS });
  return { userId: record.userId, slid };
}

export const destroySession = (kv: KVNamespace, sessionId: string) => kv.delete(kvKey(sessionId));

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE) ?? null;

export function writeSessionCookie(c: Context<AppEnv>, sessionId: string) {
  setCookie(c, SESSION_COOKIE, sessionId, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
