/**
 * Authenticator-app secrets are stored encrypted (AES-256-GCM, a fresh 96-bit IV each), with the key in
 * the SECOND_FACTOR_KEY secret (32 random bytes, base64url): a copy of the database alone cannot make
 * anyone's codes. The development key of .dev.vars is refused outside development (worker/http/development-secrets.ts).
 */
import { refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { fromBase64url, toBase64url } from '../../core/base64url';
import { usableSecret } from '../http/development-secrets';

async function secondFactorKey(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>): Promise<CryptoKey> {
  const raw = usableSecret(env, 'SECOND_FACTOR_KEY');
  if (!raw) {
    console.error('SECOND_FACTOR_KEY is missing, or is the development key outside development');
    throw refusal('unavailable', 'Second factors are not available right now. Please try again later.');
  }
  return crypto.subtle.importKey('raw', fromBase64url(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** "iv.ciphertext", both base64url. */
export async function encryptSecret(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await secondFactorKey(env), new TextEncoder().encode(secret));
  return `${toBase64url(iv)}.${toBase64url(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>, stored: string): Promise<string> {
  const [iv, sealed] = stored.split('.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64url(iv!) },
    await secondFactorKey(env),
    fromBase64url(sealed!),
  );
  return new TextDecoder().decode(plain);
}
