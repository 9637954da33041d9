/**
 * Sign-in failures are counted per e-mail and per client IP in KV over a fixed 15-minute window.
 * KV is eventually consistent, so the limit is approximate across locations; it still stops a
 * password-guessing loop, which is its job. A success clears the e-mail's counter.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

type Counter = { count: number; windowEnds: number };

const keys = (email: string, ip: string) => [
  [`signin-fail:email:${email}`, MAX_FAILURES_PER_EMAIL],
  [`signin-fail:ip:${ip}`, MAX_FAILURES_PER_IP],
] as const;

/** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function signInRetryAfter(kv: KVNamespace, email: string, ip: string, now = Date.now()): Promise<number> {
  let wait = 0;
  for (const [key, limit] of keys(email, ip)) {
    const counter = await kv.get<Counter>(key, 'json');
    if (counter && counter.count >= limit && counter.windowEnds > now) {
      wait = Math.max(wait, Math.ceil((counter.windowEnds - now) / 1000));
    }
  }
  return wait;
}

export async function recordSignInFailure(kv: KVNamespace, email: string, ip: string, now = Date.now()): Promise<void> {
  for (const [key] of keys(email, ip)) {
    const current = await kv.get<Counter>(key, 'json');
    const counter: Counter =
      current && current.windowEnds > now
        ? { count: current.count + 1, windowEnds: current.windowEnds }
        : { count: 1, windowEnds: now + SIGN_IN_WINDOW_SECONDS * 1000 };
    await kv.put(key, JSON.stringify(counter), { expirationTtl: Math.max(60, Math.ceil((counter.windowEnds - now) / 1000)) });
  }
}

export const clearSignInFailures = (kv: KVNamespace, email: string) => kv.delete(`signin-fail:email:${email}`);
