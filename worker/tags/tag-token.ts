/**
 * The token a tag's URL carries: the tag's id and an HMAC-SHA-256 of it under TAG_SIGNING_SECRET,
 * cut to 128 bits, both base64url: 44 characters, so the whole URL fits the smallest common NFC tag
 * (NTAG213, 144 bytes). A token that does not verify names no tag and reads nothing from D1.
 */
import { fromBase64url, toBase64url } from '../../core/base64url';
import { refusal } from '../../core/refusal';
import type { Bindings } from '../env';
import { usableSecret } from '../http/development-secrets';

const ID_CHARS = 22;
const MAC_BYTES = 16;
/** What the MAC covers beside the id, so no other signature under this secret can pass for a tag's. */
const PURPOSE = 'parkada-lot-tag:';

export const TAG_NOT_OURS = 'This tag is not one of Parkada’s: its link does not verify.';

type Keyed = Pick<Bindings, 'TAG_SIGNING_SECRET' | 'APP_ENV'>;

async function keyOf(env: Keyed) {
  const secret = usableSecret(env, 'TAG_SIGNING_SECRET');
  if (!secret) throw refusal('unavailable', 'Entrance tags are not set up on this server.');
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const uuidBytes = (id: string) => Uint8Array.from(id.replaceAll('-', '').match(/../g)!, (pair) => Number.parseInt(pair, 16));
const uuidOf = (bytes: Uint8Array) => {
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const signed = (id: string) => new TextEncoder().encode(PURPOSE + id);

/** The token of tag `id` (a UUID). */
export async function signTag(env: Keyed, id: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await keyOf(env), signed(id)));
  return toBase64url(uuidBytes(id)) + toBase64url(mac.slice(0, MAC_BYTES));
}

/** The tag id a genuine token names, or the refusal. */
export async function tagIdOf(env: Keyed, token: string): Promise<string> {
  const key = await keyOf(env);
  if (!/^[A-Za-z0-9_-]{44}$/.test(token)) throw refusal('not_found', TAG_NOT_OURS);
  const id = uuidOf(fromBase64url(token.slice(0, ID_CHARS)));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed(id))).slice(0, MAC_BYTES);
  // Compared in constant time: the subtle API has no truncated verify, so both sides are hashed again.
  const [expected, given] = await Promise.all(
    [mac, fromBase64url(token.slice(ID_CHARS))].map(async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))),
  );
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected[i] ^ given[i];
  if (difference !== 0) throw refusal('not_found', TAG_NOT_OURS);
  return id;
}
