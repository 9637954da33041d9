/**
 * Passkeys (WebAuthn) as the API takes them (docs/account.md, Passkeys): the browser's credential JSON
 * (checked in depth by @simplewebauthn/server; here only its shape and size) and a name the person gives.
 */
import { z } from 'zod';

export const RP_NAME = 'Parkada';

const base64url = (what: string, max: number) =>
  z
    .string({ error: `${what} is missing.` })
    .max(max, `${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `${what} is not base64url.`);

/** A credential as `@simplewebauthn/browser` returns it from `startRegistration` or `startAuthentication`. */
export const credentialSchema = z.looseObject({
  id: base64url('The credential id', 1024).min(1, 'The credential id is missing.'),
  rawId: base64url('The credential id', 1024),
  type: z.literal('public-key', { error: 'Only public-key credentials are passkeys.' }),
  response: z.looseObject({ clientDataJSON: base64url('The client data', 10_000) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

const passkeyNameSchema = z
  .string({ error: 'Name the passkey, e.g. "My phone".' })
  .trim()
  .min(1, 'Name the passkey, e.g. "My phone".')
  .max(60, 'A passkey name is at most 60 characters.');

/** POST /api/account/passkeys */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: credentialSchema });
/** PATCH /api/account/passkeys/:id */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
/** POST /api/auth/passkey */
export const passkeySignInSchema = z.object({ response: credentialSchema });

export const PASSKEY_NOT_VERIFIED = 'This passkey could not be verified. Try again.';
/** What the browser library answers, as the schema reads it (its types lack the index signature). */
export type CredentialInput = z.input<typeof credentialSchema>;
