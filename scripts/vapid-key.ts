/**
 * Prints a new VAPID key pair for Web Push (docs/notifications.md): the private JWK for the
 * VAPID_PRIVATE_JWK secret, and the public key browsers subscribe with (the app reads it from
 * /api/push/vapid-public-key). A new key unsubscribes nobody, but browsers subscribed with the old
 * one refuse its messages until they subscribe again. Nothing leaves this machine.
 */
import { exportJWK, generateKeyPair } from 'jose';

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = await exportJWK(privateKey);
const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
console.log(`VAPID_PRIVATE_JWK='${JSON.stringify(jwk)}'`);
console.log(`Public key: ${point.toString('base64url')}`);
