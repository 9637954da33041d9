/**
 * A passkey authenticator in software, for the worker tests: it answers WebAuthn registration and
 * authentication options with the JSON a browser would send (attestation `none`, ES256, P-256), built
 * as the WebAuthn spec lays the bytes out, so the server's real verification runs on it.
 */
import { isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

/** A P1363 (r‖s) ECDSA signature as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (half: Uint8Array) => {
    let start = 0;
    while (start < half.length - 1 && half[start] === 0) start += 1;
    const digits = [...half.slice(start)];
    const bytes = digits[0]! & 0x80 ? [0, ...digits] : digits;
    return new Uint8Array([0x02, bytes.length, ...bytes]);
  };
  const body = [...integer(raw.slice(0, 32)), ...integer(raw.slice(32))];
  return new Uint8Array([0x30, body.length, ...body]);
}

const counterBytes = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const clientData = (type: string, challenge: string, origin: string) =>
  utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export async function softwareAuthenticator() {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as JsonWebKey;
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  let counter = 0;
  let userHandle = '';

  return {
    id: b64(credentialId),
    /** The credential's public key (COSE, base64url) as the server stores it, for a test that saves a passkey directly. */
    publicKey: b64(cose),
    /** `navigator.credentials.create`: a new credential for the options' relying party and user. */
    async register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
      userHandle = options.user.id;
      const authData = isoUint8Array.concat([
        await sha256(utf8(options.rp.id!)),
        new Uint8Array([0x45]), // user present, user verified, attested credential data
        counterBytes(counter),
        new Uint8Array(16), // AAGUID
        new Uint8Array([0, credentialId.length]),
        credentialId,
        cose,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * `navigator.credentials.get`: the options' challenge signed with this credential, the person verified
     * (a PIN or biometric) unless `userVerified` is false, as a security key without one answers.
     */
    async authenticate(options: { challenge: string; rpId?: string }, origin: string, { userVerified = true } = {}) {
      counter += 1;
      const flags = userVerified ? 0x05 : 0x01; // user present, and user verified
      const authData = isoUint8Array.concat([await sha256(utf8(options.rpId!)), new Uint8Array([flags]), counterBytes(counter)]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signed = isoUint8Array.concat([authData, await sha256(data)]);
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed));
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(derSignature(raw)), userHandle },
        clientExtensionResults: {},
      };
    },
  };
}
