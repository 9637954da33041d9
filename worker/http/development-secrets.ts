/**
 * The secrets committed in .dev.vars for local runs (docs/foundation.md, Local values and environments):
 * known to everyone with this repository, so each is refused unless APP_ENV is exactly `development`,
 * exactly as if it were not set. The keys that are JSON (the pass keys, the VAPID key) are recognised
 * by their public half where they are read (worker/passes/pass-keys.ts, worker/push/vapid.ts).
 */
import type { Bindings } from '../env';

const DEVELOPMENT_SECRETS = {
  DEVICE_COOKIE_SECRET: 'dev-device-cookie-secret-not-for-production',
  EMAIL_LINK_SECRET: 'development-email-link-secret-not-for-production',
  SECOND_FACTOR_KEY: 'k1GHNJSrIX45wTAKHiAgviAtarr5KktVlQQZAPgnZkk',
  TAG_SIGNING_SECRET: 'dev-tag-signing-secret-not-for-production',
} as const satisfies Partial<Record<keyof Bindings, string>>;

export type SecretName = keyof typeof DEVELOPMENT_SECRETS;
export const SECRET_NAMES = Object.keys(DEVELOPMENT_SECRETS) as SecretName[];

/** The secret when this server may use it: set, and not the development value outside development (logged). */
export function usableSecret(env: Pick<Bindings, SecretName | 'APP_ENV'>, name: SecretName): string | null {
  const value = env[name];
  if (!value) return null;
  if (value === DEVELOPMENT_SECRETS[name] && env.APP_ENV !== 'development') {
    console.error(`${name} is the development value of .dev.vars outside development: refused`);
    return null;
  }
  return value;
}
