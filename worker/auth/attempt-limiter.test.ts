import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../core/time';
import { attemptLimiter, type AttemptLimiter } from './attempt-limiter';

/** Ahead of the real clock, so the cleanup alarms these attempts schedule never fire during a test. */
const T0 = Date.now() + DAY_MS;
const rule = (key: string, limit = 3) => ({ key, limit, windowMs: 10 * MINUTE_MS });
let subjects = 0;
const fresh = () => attemptLimiter(env, `test:${++subjects}`);
const rows = (stub: DurableObjectStub<AttemptLimiter>) =>
  runInDurableObject(stub, (_instance, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM attempts').one().n);

describe('attempt limiter object', () => {
  it('allows `limit` attempts in any window and says when the next one may come', async () => {
    const limiter = fresh();
    for (const minute of [0, 1, 2]) expect(await limiter.take([rule('a')], T0 + minute * MINUTE_MS)).toEqual({ ok: true });
    // The oldest of the three leaves the window at minute 10.
    expect(await limiter.take([rule('a')], T0 + 3 * MINUTE_MS)).toEqual({ ok: false, retryAfterMs: 7 * MINUTE_MS });
    expect(await limiter.take([rule('a')], T0 + 10 * MINUTE_MS - 1)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await limiter.take([rule('a')], T0 + 10 * MINUTE_MS)).toEqual({ ok: true });
    // A sliding window: the attempts of minutes 1 and 2 still count, so a fourth is refused until minute 11.
    expect(await limiter.take([rule('a')], T0 + 10 * MINUTE_MS + 1)).toEqual({ ok: false, retryAfterMs: MINUTE_MS - 1 });
  });

  it('takes from every rule or from none', async () => {
    const limiter = fresh();
    expect(await limiter.take([rule('narrow', 1), rule('wide', 5)], T0)).toEqual({ ok: true });
    expect((await limiter.take([rule('narrow', 1), rule('wide', 5)], T0 + 1)).ok).toBe(false);
    // The refused attempt did not count under the wide rule: four more fit in it.
    for (let i = 0; i < 4; i++) expect((await limiter.take([rule('wide', 5)], T0 + 2 + i)).ok).toBe(true);
    expect((await limiter.take([rule('wide', 5)], T0 + 10)).ok).toBe(false);
  });

  it('counts parallel attempts one after another', async () => {
    const limiter = fresh();
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.take([rule('burst', 5)], T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it('gives back the latest attempt, or forgets them all', async () => {
    const limiter = fresh();
    for (let i = 0; i < 3; i++) await limiter.take([rule('a'), rule('b')], T0 + i);
    await limiter.giveBack(['a']);
    expect((await limiter.take([rule('a')], T0 + 5)).ok).toBe(true);
    expect((await limiter.take([rule('a')], T0 + 6)).ok).toBe(false);
    await limiter.clear(['b']);
    for (let i = 0; i < 3; i++) expect((await limiter.take([rule('b')], T0 + 10 + i)).ok).toBe(true);
  });

  it('deletes spent attempts on its alarm and stops waking once none are left', async () => {
    const limiter = fresh();
    await limiter.take([rule('recent')]);
    await runInDurableObject(limiter, (_instance, state) => {
      const spent = Date.now() - MINUTE_MS;
      state.storage.sql.exec('INSERT INTO attempts (key, at, expires_at) VALUES (?, ?, ?)', 'spent', spent - 10 * MINUTE_MS, spent);
    });
    expect(await rows(limiter)).toBe(2);
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    expect(await rows(limiter)).toBe(1);
    await limiter.clear(['recent']);
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    expect(await runDurableObjectAlarm(limiter)).toBe(false);
  });
});
