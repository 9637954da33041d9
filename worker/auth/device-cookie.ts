/**
 * The device cookie (OWASP's device-cookie pattern; docs/foundation.md, Attempt limits). After a
 * successful sign-in the browser gets a cookie naming the account it signed in to, signed with
 * DEVICE_COOKIE_SECRET (an HS256 JWT with a random device id). A later sign-in to that account from
 * that browser is a known device: its failures are counted for that device alone, so a stranger's
 * guesses from elsewhere cannot lock it out. `__Host-` keeps sibling subdomains from setting it.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { DAY_MS } from '../../core/time';
import type { AppEnv, Bindings } from '../env';
import { usableSecret } from '../http/development-secrets';
import { randomSecret } from '../verification/verification.service';

export const DEVICE_COOKIE = '__Host-parkada_device';
/** A device stays known for a year after its last sign-in. */
const DEVICE_LIFETIME_SECONDS = (365 * DAY_MS) / 1000;
const PURPOSE = 'sign-in-device';

/** Where a sign-in comes from: a browser that signed in to this account before (its device id), or unknown. */
export type SignInDevice = { known: true; id: string } | { known: false };
export const UNKNOWN_DEVICE: SignInDevice = { known: false };

type Keyed = Pick<Bindings, 'DEVICE_COOKIE_SECRET' | 'APP_ENV'>;

/** Whether this server sets device cookies: only with a usable DEVICE_COOKIE_SECRET. */
export const knowsDevices = (env: Keyed) => usableSecret(env, 'DEVICE_COOKIE_SECRET') !== null;

function keyOf(env: Keyed) {
  const secret = usableSecret(env, 'DEVICE_COOKIE_SECRET');
  return secret ? new TextEncoder().encode(secret) : null;
}

/** The device id the cookie names for this account; null for no cookie, another account's, or one not ours. */
async function deviceIdFor(env: Keyed, cookie: string | undefined, email: string) {
  const key = keyOf(env);
  if (!key || !cookie) return null;
  const claims = await jwtVerify(cookie, key, { algorithms: ['HS256'] }).then(
    ({ payload }) => payload,
    () => null,
  );
  return claims?.purpose === PURPOSE && claims.sub === email && typeof claims.jti === 'string' ? claims.jti : null;
}

/** What this request's device cookie says about a sign-in to `email`. */
export async function signInDevice<E extends AppEnv>(c: Context<E>, email: string): Promise<SignInDevice> {
  const id = await deviceIdFor(c.env, getCookie(c, DEVICE_COOKIE), email);
  return id ? { known: true, id } : UNKNOWN_DEVICE;
}

/**
 * The browser signed in to `email`: it is (still) a known device of that account, for another year.
 * It keeps its device id when it had one for this account. Without DEVICE_COOKIE_SECRET nothing is set.
 */
export async function rememberDevice<E extends AppEnv>(c: Context<E>, email: string): Promise<void> {
  const key = keyOf(c.env);
  if (!key) return;
  const id = (await deviceIdFor(c.env, getCookie(c, DEVICE_COOKIE), email)) ?? randomSecret();
  const token = await new SignJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(email)
    .setJti(id)
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_LIFETIME_SECONDS}s`)
    .sign(key);
  setCookie(c, DEVICE_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: DEVICE_LIFETIME_SECONDS });
}
