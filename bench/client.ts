import { CURRENT_VERSIONS } from '../core/legal';

/** What the benches share: the running app's address, requests to it, and a signed-up driver. */
export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:5173';

export const json = <T>(res: Response) => res.json() as Promise<T>;

/** The p-th percentile of times sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A request to the app; an app that does not answer at all ends the bench, saying where it looked. */
export async function api(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const body = init.json === undefined ? init.body : JSON.stringify(init.json);
  return fetch(`${BASE_URL}${path}`, { ...init, headers, body }).catch((error: Error) => {
    throw new Error(
      `No answer from ${BASE_URL}${path} (${error.cause ?? error.message}): is \`npm start\` running there? BASE_URL to point elsewhere.`,
    );
  });
}

/** A new driver's session cookie. */
export async function signUpDriver(i: number): Promise<string> {
  const res = await api('/api/auth/signup', {
    method: 'POST',
    // Sign-ups are limited per client address (docs/foundation.md). Locally a given CF-Connecting-IP is
    // kept (Cloudflare would overwrite it), so each bench driver signs up as a client of its own.
    headers: { 'CF-Connecting-IP': `2001:db8:be:${Date.now().toString(16).slice(-4)}::${i.toString(16)}` },
    json: {
      firstName: 'Bench',
      lastName: `Driver ${i}`,
      email: `bench.${Date.now()}.${i}@example.ph`,
      mobile: '+63 917-0000000',
      role: 'parking_user',
      password: 'bench-password-123',
      ...CURRENT_VERSIONS,
    },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0];
}

/** A new driver with ₱20,000 in the wallet, credited through a sandbox top-up: their session cookie. */
export async function fundedDriver(i: number): Promise<string> {
  const cookie = await signUpDriver(i);
  const payment = await json<{ id: string }>(
    await api('/api/wallet/topup', {
      method: 'POST',
      cookie,
      json: { amountCents: 2_000_000, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  await api(`/api/payments/sandbox/${payment.id}/approve`, { method: 'POST', cookie });
  return cookie;
}
