import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';

declare module '../env' {
  interface Bindings {
    /** Sign-in and sign-up attempt counters, one object per client IP or e-mail (worker/auth/rate-limit.ts). */
    ATTEMPT_LIMITER: DurableObjectNamespace<AttemptLimiter>;
  }
}

/** At most `limit` attempts under `key` in any `windowMs`. */
export type AttemptRule = { key: string; limit: number; windowMs: number };
/** A refusal is a result, not an exception: it is an expected outcome and crosses the RPC boundary cleanly. */
export type AttemptResult = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Counts attempts (sign-ins, sign-ups) over sliding windows, one instance per subject (a client IP, an
 * e-mail). Each attempt is a row with its time; `take` reads and writes them with synchronous SQL and
 * no await in between, so parallel requests to one subject are counted one after another and never
 * all see the same count. A KV counter could not do this: its read-modify-write lets every parallel
 * request through. Rows older than their window are deleted on the next attempt and by an alarm.
 */
export class AttemptLimiter extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS attempts (
      key TEXT NOT NULL,
      at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    )`);
    ctx.storage.sql.exec('CREATE INDEX IF NOT EXISTS attempts_key_at ON attempts (key, at)');
  }

  /**
   * Takes one attempt under every rule, or none when any rule's window is spent; then the answer says
   * how long until the busiest rule has room again. A refused attempt is not recorded, so the wait
   * never grows while someone keeps trying.
   */
  async take(rules: AttemptRule[], now = Date.now()): Promise<AttemptResult> {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM attempts WHERE expires_at <= ?', now);
    let retryAfterMs = 0;
    for (const { key, limit, windowMs } of rules) {
      const recent = sql
        .exec<{ at: number }>('SELECT at FROM attempts WHERE key = ? AND at > ? ORDER BY at DESC', key, now - windowMs)
        .toArray();
      // Room returns when the attempt `limit` places back from the newest leaves the window.
      if (recent.length >= limit) retryAfterMs = Math.max(retryAfterMs, recent[limit - 1].at + windowMs - now);
    }
    if (retryAfterMs > 0) return { ok: false, retryAfterMs };
    for (const { key, windowMs } of rules)
      sql.exec('INSERT INTO attempts (key, at, expires_at) VALUES (?, ?, ?)', key, now, now + windowMs);
    await this.ctx.storage.setAlarm(Math.max(...rules.map((rule) => now + rule.windowMs)));
    return { ok: true };
  }

  /** Gives back the latest attempt under each key (it turned out not to be a failure). */
  giveBack(keys: string[]): void {
    for (const key of keys) {
      this.ctx.storage.sql.exec(
        'DELETE FROM attempts WHERE rowid = (SELECT rowid FROM attempts WHERE key = ? ORDER BY at DESC LIMIT 1)',
        key,
      );
    }
  }

  /** Forgets every attempt under each key. */
  clear(keys: string[]): void {
    for (const key of keys) this.ctx.storage.sql.exec('DELETE FROM attempts WHERE key = ?', key);
  }

  /** Deletes spent attempts and wakes again for the rest, so an idle subject keeps no rows. */
  async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM attempts WHERE expires_at <= ?', Date.now());
    const { last } = sql.exec<{ last: number | null }>('SELECT MAX(expires_at) AS last FROM attempts').one();
    if (last !== null) await this.ctx.storage.setAlarm(last);
  }
}

/** The limiter of one subject, e.g. `ip:203.0.113.7` or `email:juan@example.ph`. */
export const attemptLimiter = (env: Pick<Bindings, 'ATTEMPT_LIMITER'>, subject: string) => env.ATTEMPT_LIMITER.getByName(subject);
