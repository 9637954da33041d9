/**
 * Prints a new private key for QR passes (ES256, a JWK with a kid) to put first in the
 * PASS_SIGNING_KEYS secret; see "Deploy" in README.md and docs/passes.md. Nothing leaves this machine.
 */
import { exportJWK, generateKeyPair } from 'jose';

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const kid = `pass-${new Date().toISOString().slice(0, 10)}-${crypto.randomUUID().slice(0, 8)}`;
console.log(JSON.stringify({ ...(await exportJWK(privateKey)), kid }));
