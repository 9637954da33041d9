/**
 * The keys that sign QR passes. PASS_SIGNING_KEYS holds a JSON array of private P-256 JWKs, each
 * with a `kid`: the first signs new passes, every one of them verifies and is published (public
 * half only) at GET /api/passes/jwks, so a gate verifies passes without holding anything that could
 * forge one. A rotation puts the new key first and keeps the old one until its passes have ended.
 */
import { calculateJwkThumbprint, createLocalJWKSet, errors, importJWK, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Bindings } from '../env';
import { refusal } from '../../core/refusal';

export const PASS_ALGORITHM = 'ES256';
export const PASSES_UNAVAILABLE = 'QR passes are unavailable: the pass signing key is not configured. Please contact the administrator.';

/** The key committed in .dev.vars for local runs, by its RFC 7638 thumbprint: never trusted outside development. */
const DEVELOPMENT_KEY_THUMBPRINT = 'TJpm98xlJVe4B5UsCeMszZ-IIOpw6fLBmx-EJc_pmDA';

/** A P-256 coordinate or private scalar: 32 bytes, base64url. */
const scalar = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const privateKeysSchema = z
  .array(z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: scalar, y: scalar, d: scalar, kid: z.string().min(1).max(100) }))
  .min(1)
  .refine((keys) => new Set(keys.map((key) => key.kid)).size === keys.length, 'two keys share a kid');

type PublicPassKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string; kid: string; alg: typeof PASS_ALGORITHM; use: 'sig' };
export type PassKeys = { signing: { kid: string; key: CryptoKey }; jwks: { keys: PublicPassKey[] } };

/** Logs why, and answers 503 rather than sign with (or publish) a key we cannot trust. */
function refuse(reason: string): never {
  console.error(`QR passes refused: PASS_SIGNING_KEYS ${reason}.`);
  throw refusal('unavailable', PASSES_UNAVAILABLE);
}

function parseKeys(raw: string | undefined) {
  if (!raw) refuse('is not set');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    refuse('is not JSON');
  }
  const parsed = privateKeysSchema.safeParse(json);
  if (!parsed.success) refuse(`is not a list of private P-256 JWKs with a kid each (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

export async function passKeys(env: Bindings): Promise<PassKeys> {
  const keys = parseKeys(env.PASS_SIGNING_KEYS);
  const published = keys.map(({ kty, crv, x, y, kid }): PublicPassKey => ({ kty, crv, x, y, kid, alg: PASS_ALGORITHM, use: 'sig' }));
  if (env.APP_ENV !== 'development') {
    for (const key of published) {
      if ((await calculateJwkThumbprint(key)) === DEVELOPMENT_KEY_THUMBPRINT)
        refuse(`holds the development key "${key.kid}" outside development`);
    }
  }
  let imported: CryptoKey[];
  try {
    imported = await Promise.all(keys.map((key) => importJWK(key, PASS_ALGORITHM) as Promise<CryptoKey>));
  } catch {
    refuse('holds a key that is not a valid P-256 private key');
  }
  return { signing: { kid: keys[0].kid, key: imported[0] }, jwks: { keys: published } };
}

/** Who signs what the pass keys sign: passes and pay codes, told apart by their audience. */
export const ISSUER = 'parkada';

/** Why a gate refuses a pass: a bad signature, key, issuer, audience or algorithm is `forged`. */
export type PassRefusal = 'forged' | 'expired' | 'not-yet-valid';

/** The refusal a `verifySigned` error stands for. */
export function passRefusalOf(error: unknown): { valid: false; reason: PassRefusal } {
  if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return { valid: false, reason: 'not-yet-valid' };
  return { valid: false, reason: 'forged' };
}

/**
 * Verifies a token the pass keys signed for `audience`: ES256 under one of our published keys only
 * (never HS256 or `none`), no clock tolerance. Throws jose's errors, which say why.
 */
export async function verifySigned(env: Bindings, token: string, audience: string, requiredClaims: string[], now: Date) {
  const { jwks } = await passKeys(env);
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
    algorithms: [PASS_ALGORITHM],
    issuer: ISSUER,
    audience,
    requiredClaims,
    currentDate: now,
  });
  return payload;
}
