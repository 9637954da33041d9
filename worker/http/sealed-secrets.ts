/**
 * Secrets Parkada must read back are stored sealed (AES-256-GCM, a fresh 96-bit IV each): authenticator-app
 * secrets (a copy of the database alone cannot make anyone's codes) and webhooks' signing secrets (nor
 * sign a forged delivery). The key is the SECOND_FACTOR_KEY secret (32 random bytes, base64url), named
 * for its first use. The development key of .dev.vars is refused outside development (development-secrets.ts).
 */
import { refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { fromBase64url, toBase64url } from '../../core/base64url';
import { usableSecret } from './development-secrets';

async function sealingKey(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>): Promise<CryptoKey> {
  const raw = usableSecret(env, 'SECOND_FACTOR_KEY');
  if (!raw) {
    console.error('SECOND_FACTOR_KEY is missing, or is the development key outside development');
    throw refusal('unavailable', 'This is not available right now. Please try again later.');
  }
  return crypto.subtle.importKey('raw', fromBase64url(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** "iv.ciphertext", both base64url. */
export async function encryptSecret(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealingKey(env), new TextEncoder().encode(secret));
  return `${toBase64url(iv)}.${toBase64url(new Uint8Array(sealed))}`;
}

export async function decryptSecret(env: Pick<Bindings, 'SECOND_FACTOR_KEY' | 'APP_ENV'>, stored: string): Promise<string> {
  const [iv, sealed] = stored.split('.');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv!) }, await sealingKey(env), fromBase64url(sealed!));
  return new TextDecoder().decode(plain);
}
