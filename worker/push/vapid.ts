/**
 * The server's VAPID key (RFC 8292): a P-256 private JWK in the VAPID_PRIVATE_JWK secret (made by
 * `npm run vapid-key`), and the contact push services may write to, VAPID_SUBJECT.
 */
import type { VapidKeys } from '@block65/webcrypto-web-push';
import { Refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { fromBase64url, toBase64url } from '../../core/base64url';

/** The key in .dev.vars, known to everyone with this repository: never used outside development. */
const DEVELOPMENT_PUBLIC_KEY = 'BFoBBdBquhUMA2bMRBRGd4lG3WqgW8nu8egtMS9pfvDk_ilUldpDPudmamxBeurNqNgWinoThLmbPhB5yfseDLg';

/** The library's keys, every one present. */
export type Vapid = { [K in keyof VapidKeys]: string };

/**
 * The key and contact, or null when push is not set up here (logged when the key is malformed or is
 * the development key outside development). The public key is the JWK's point, uncompressed, as browsers take it.
 */
export function vapidOf(env: Bindings): Vapid | null {
  if (!env.VAPID_PRIVATE_JWK || !env.VAPID_SUBJECT) return null;
  try {
    const privateJWK = JSON.parse(env.VAPID_PRIVATE_JWK) as JsonWebKey;
    const publicKey = toBase64url(new Uint8Array([4, ...fromBase64url(privateJWK.x!), ...fromBase64url(privateJWK.y!)]));
    if (publicKey.length !== 87 || !privateJWK.d) throw new Error('not a P-256 private JWK');
    if (publicKey === DEVELOPMENT_PUBLIC_KEY && env.APP_ENV !== 'development') throw new Error('the development key outside development');
    return { subject: env.VAPID_SUBJECT, publicKey, privateKey: privateJWK.d };
  } catch (error) {
    console.error('VAPID_PRIVATE_JWK is unusable, so push is off:', error instanceof Error ? error.message : error);
    return null;
  }
}

export function requireVapid(env: Bindings): Vapid {
  const vapid = vapidOf(env);
  if (!vapid) throw new Refusal('unavailable', 'Push notifications are not set up on this server.');
  return vapid;
}
