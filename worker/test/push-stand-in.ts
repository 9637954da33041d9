/**
 * A browser and its push service, for the worker's Web Push tests. The browser makes its own P-256
 * key and auth secret, as `PushManager.subscribe` does; the push service takes the worker's POSTs in
 * place of `fetch` (`vi.stubGlobal('fetch', pushService.fetch)`) and answers what it is told to. The
 * browser opens what arrived as RFC 8291 says a browser does (aes128gcm), and the VAPID JWT is checked
 * against RFC 8292, independently of the library that made them.
 */
import { fromBase64url } from '../../core/base64url';
import { concatBytes } from '../../core/bytes';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** Chrome's push service (FCM), whose host the worker accepts; `fetch` is stubbed, so nothing leaves the test. */
const ORIGIN = 'https://fcm.googleapis.com';
type Bytes = Uint8Array<ArrayBuffer>;
const utf8 = (text: string) => new TextEncoder().encode(text);
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

async function hkdf(salt: Bytes, ikm: ArrayBuffer | Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

export type PushDelivery = { endpoint: string; headers: Headers; body: Bytes };

/** A browser subscribed to the stand-in push service: its subscription as the app sends it, and how it reads a message. */
export async function pushBrowser() {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const subscription = {
    endpoint: `${ORIGIN}/fcm/send/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: base64url(publicKey), auth: base64url(auth) },
  };

  /** RFC 8291 §3.4 and RFC 8188: the one record's header, the keys derived from ECDH and the auth secret, AES-128-GCM. */
  async function open({ headers, body }: PushDelivery): Promise<unknown> {
    if (headers.get('content-encoding') !== 'aes128gcm') throw new Error(`Content-Encoding ${headers.get('content-encoding')}`);
    const salt = body.slice(0, 16);
    const keyIdLength = body[20];
    const serverKey = body.slice(21, 21 + keyIdLength);
    const ciphertext = body.slice(21 + keyIdLength);
    const serverPublic = await crypto.subtle.importKey('raw', serverKey, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: serverPublic }, keys.privateKey, 256);
    const ikm = await hkdf(auth, shared, concatBytes(utf8('WebPush: info\0'), publicKey, serverKey), 32);
    const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
    const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
    const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));
    let end = padded.length - 1;
    while (padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('The last record does not end with the delimiter 0x02');
    return JSON.parse(new TextDecoder().decode(padded.slice(0, end)));
  }

  return { subscription, open };
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by that key, for
 * this push service's origin, expiring within 24 hours, with a contact. Answers the key and claims.
 */
export async function vapidOf({ headers }: PushDelivery) {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(headers.get('authorization') ?? '');
  if (!match) throw new Error(`Authorization ${headers.get('authorization')}`);
  const [, token, k] = match;
  const point = fromBase64url(k);
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: base64url(point.slice(1, 33)), y: base64url(point.slice(33)) }, 'ES256');
  const { payload } = await jwtVerify(token, key, { audience: ORIGIN, algorithms: ['ES256'] });
  return { publicKey: k, alg: decodeProtectedHeader(token).alg, claims: payload };
}

/** The push service: what it received, and the status it answers next (201, as push services do, unless told). */
export function pushServiceStandIn(passThrough: typeof fetch) {
  const service = {
    deliveries: [] as PushDelivery[],
    answers: [] as number[],
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (!request.url.startsWith(ORIGIN)) return passThrough(input, init);
      service.deliveries.push({ endpoint: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      return new Response(null, { status: service.answers.shift() ?? 201 });
    },
  };
  return service;
}
