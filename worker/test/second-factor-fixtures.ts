/** The phone in the test's hand, and accounts that add a second factor (worker/auth/*factor*.test.ts). */
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Role } from '../../core/roles';
import { call, ORIGIN, verifiedAccount } from './helpers';
import type { softwareAuthenticator } from './software-authenticator';

/** The app's code `steps` steps from `at` (a step is 30 seconds). */
export const codeOf = (secret: string, steps = 0, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at + steps * 30_000 });

const stepOf = (at: number) => Math.floor(at / 30_000);

/** Proof for adding a factor: the password while the account has none (else `{}`, after a step-up). */
const proof = (password?: string) => (password === undefined ? {} : { password });

/**
 * Enrols an authenticator app for the session's account with a code of the step before now, so the
 * current step is left for the test. A confirm that crossed into the next step found that code two
 * steps old: only then is it tried again, so no test depends on how long a request takes.
 */
export async function enrol(cookie: string, password?: string) {
  const started = await call('/api/account/second-factor/totp', { method: 'POST', cookie, json: proof(password) });
  expect(started.status, await started.clone().text()).toBe(200);
  const { secret, otpauthUrl } = await started.json<{ secret: string; otpauthUrl: string }>();
  const confirm = () => call('/api/account/second-factor/totp/confirm', { method: 'POST', cookie, json: { code: codeOf(secret, -1) } });
  const step = stepOf(Date.now());
  let confirmed = await confirm();
  if (confirmed.status !== 200 && stepOf(Date.now()) !== step) confirmed = await confirm();
  expect(confirmed.status).toBe(200);
  const { recoveryCodes: codes } = await confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, otpauthUrl, codes };
}

/** A verified account of this role (a driver unless told) that enrolled an authenticator app in its session. */
export async function enrolledAccount(role: Role = 'parking_user') {
  const { user, cookie, password } = await verifiedAccount(role);
  return { user, userId: user.id, email: user.email, password, cookie, ...(await enrol(cookie, password)) };
}

/** Adds a passkey of this authenticator to the session's account: the registration options, then the new credential. */
export async function addPasskey(cookie: string, authenticator: Awaited<ReturnType<typeof softwareAuthenticator>>, password?: string) {
  const asked = await call('/api/account/passkeys/registration-options', { method: 'POST', cookie, json: proof(password) });
  if (asked.status !== 200) return asked;
  const response = await authenticator.register(await asked.json<never>(), ORIGIN);
  return call('/api/account/passkeys', { method: 'POST', cookie, json: { name: 'My phone', response } });
}

export const login = (json: Record<string, unknown>, ip?: string) =>
  call('/api/auth/login', { method: 'POST', json, headers: ip ? { 'CF-Connecting-IP': ip } : undefined });

/** The step-up with the app's code of the current step. */
export const stepUpWith = (cookie: string, secret: string, steps = 0) =>
  call('/api/auth/step-up', { method: 'POST', cookie, json: { code: codeOf(secret, steps) } });
