/**
 * Passkeys (docs/account.md, Passkeys), with @simplewebauthn/server. Each ceremony's challenge is a
 * token of the one verification path (worker/verification/verification.service.ts): stored as a hash for 5
 * minutes, used up by the response that signs it, so a response cannot be replayed.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import { PASSKEY_NOT_VERIFIED, RP_NAME, type credentialSchema } from '../../core/passkeys';
import { notFound, refusal } from '../../core/refusal';
import type { VerificationType } from '../../core/verification';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { findUserById } from '../users/users.data';
import { SUSPENDED_MESSAGE } from './auth.service';
import { deletePasskey, findPasskey, passkeyIdsOf, recordPasskeyUse, renamePasskey, savePasskey } from './passkeys.data';
import { hasSecondFactor } from './second-factor.data';
import {
  factorChanged,
  forgetRecoveryCodesWithoutFactor,
  issueRecoveryCodes,
  markGiven,
  requireMayAddFactor,
  requireRecentSecondFactor,
  type FactorProof,
  type RequestScope,
} from './second-factor.service';
import { consumeVerification, prepareToken, prepareUnnamedToken } from '../verification/verification.service';
import { takePasskeyChallenge } from './rate-limit';

type Credential = z.output<typeof credentialSchema>;

/**
 * The relying party: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when configured; in development (and the
 * tests) the request's own host and origin when not. Elsewhere they must be configured.
 */
function relyingParty(env: Pick<Bindings, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGIN' | 'APP_ENV'>, requestUrl: string) {
  const url = new URL(requestUrl);
  if ((!env.WEBAUTHN_RP_ID || !env.WEBAUTHN_ORIGIN) && env.APP_ENV !== 'development') {
    console.error('WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN must be set outside development');
    throw refusal('unavailable', 'Passkeys are not available right now. Please try again later.');
  }
  return { rpID: env.WEBAUTHN_RP_ID ?? url.hostname, origin: env.WEBAUTHN_ORIGIN ?? url.origin };
}

/** What a response must match: the challenge it used up, this relying party and its origin. */
function expected(env: Bindings, requestUrl: string, challenge: string) {
  const { rpID, origin } = relyingParty(env, requestUrl);
  // The person must be verified (PIN, fingerprint, face), not only the device present: a passkey signs in
  // without a password, so a found or stolen security key alone must not.
  return { expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true };
}

/** The challenge of a ceremony: the verification token, as the bytes the authenticator signs. */
const newChallenge = async (db: DB, type: VerificationType, target: string, now = Date.now()) =>
  (await prepareToken(db, { type, target, now })).token;

/** Uses up the challenge a response signed; the target it was made for, or a 400. */
async function takeChallenge(db: DB, type: VerificationType, credential: Credential): Promise<{ target: string; challenge: string }> {
  let challenge: string;
  try {
    challenge = JSON.parse(isoBase64URL.toUTF8String(credential.response.clientDataJSON)).challenge;
  } catch {
    throw refusal('invalid', PASSKEY_NOT_VERIFIED);
  }
  if (typeof challenge !== 'string') throw refusal('invalid', PASSKEY_NOT_VERIFIED);
  const target = await consumeVerification(db, type, isoBase64URL.toUTF8String(challenge)).catch(() => {
    throw refusal('invalid', 'This passkey request has expired. Try again.');
  });
  return { target, challenge };
}

const transportsOf = (stored: string | null) => (stored ? (JSON.parse(stored) as AuthenticatorTransport[]) : undefined);

/** Step one of adding a passkey, once the person may add a factor: the options for `navigator.credentials.create`. */
export async function registrationOptions(scope: RequestScope, user: SessionUser, proof: FactorProof, requestUrl: string) {
  const { env } = scope;
  const { db } = scope.var;
  const { rpID } = relyingParty(env, requestUrl);
  await requireMayAddFactor(scope, user, proof);
  const existing = await passkeyIdsOf(db, user.id);
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    // Copied over a buffer of its own: Workers type TextEncoder's bytes as over any buffer, SimpleWebAuthn takes an ArrayBuffer's.
    userID: new Uint8Array(new TextEncoder().encode(user.id)),
    challenge: await newChallenge(db, 'passkey-registration', user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports: transportsOf(transports) })),
    // A discoverable credential, so the sign-in screen needs no e-mail first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/**
 * Step two: the browser's new credential, verified against the challenge made for this account (only
 * once the person could add a factor). It is then a second factor, though not one this session has
 * given (enrolling is no step-up); a first factor also answers 10 recovery codes.
 */
export async function addPasskey(
  scope: RequestScope,
  user: SessionUser,
  { name, response }: { name: string; response: Credential },
  requestUrl: string,
  origin: string,
  now = Date.now(),
) {
  const { env } = scope;
  const { db } = scope.var;
  const { target, challenge } = await takeChallenge(db, 'passkey-registration', response);
  if (target !== user.id) throw refusal('invalid', PASSKEY_NOT_VERIFIED);
  const verified = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    ...expected(env, requestUrl, challenge),
  }).catch(() => null);
  if (!verified?.verified) throw refusal('invalid', PASSKEY_NOT_VERIFIED);
  const { credential } = verified.registrationInfo;
  const first = !(await hasSecondFactor(db, user.id));
  await savePasskey(db, {
    id: credential.id,
    userId: user.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    name,
  }).catch(() => {
    throw refusal('conflict', 'This passkey is already added.');
  });
  const recoveryCodes = first ? await issueRecoveryCodes(db, user.id) : undefined;
  await factorChanged(scope, user, origin, 'added', 'passkey', now);
  return { passkey: { id: credential.id, name }, recoveryCodes };
}

export async function renameOwnPasskey(db: DB, user: SessionUser, id: string, name: string) {
  const renamed = await renamePasskey(db, user.id, id, name);
  if (!renamed) throw notFound('Passkey');
  return renamed;
}

/** Removes a passkey (after a step-up); with no factor left, the recovery codes go too. */
export async function removePasskey(scope: RequestScope, user: SessionUser, id: string, origin: string, now = Date.now()) {
  await requireRecentSecondFactor(scope, user, now);
  const { db } = scope.var;
  if (!(await deletePasskey(db, user.id, id))) throw notFound('Passkey');
  await forgetRecoveryCodesWithoutFactor(db, user.id);
  await factorChanged(scope, user, origin, 'removed', 'passkey', now);
}

/** "Sign in with a passkey", step one: a challenge for any of this site's passkeys (the browser lists them). */
export async function signInOptions(env: Bindings, db: DB, requestUrl: string, ip: string, now = Date.now()) {
  const { rpID } = relyingParty(env, requestUrl);
  await takePasskeyChallenge(env, ip, now);
  return generateAuthenticationOptions({
    rpID,
    challenge: await prepareUnnamedToken(db, 'passkey-sign-in', now),
    userVerification: 'required',
  });
}

/**
 * Step two: the signed challenge, verified with the stored public key of the passkey it names. The
 * passkey is a second factor too, so the session starts with it given.
 */
export async function signInWithPasskey(env: Bindings, db: DB, response: Credential, requestUrl: string, now = Date.now()) {
  const { challenge } = await takeChallenge(db, 'passkey-sign-in', response);
  const passkey = await findPasskey(db, response.id);
  if (!passkey) throw refusal('unauthenticated', 'This passkey is not known to Parkada. Sign in with your password.');
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    ...expected(env, requestUrl, challenge),
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: transportsOf(passkey.transports),
    },
  }).catch(() => null);
  if (!verified?.verified) throw refusal('unauthenticated', PASSKEY_NOT_VERIFIED);
  const user = await findUserById(db, passkey.userId);
  if (!user) throw refusal('unauthenticated', PASSKEY_NOT_VERIFIED);
  if (user.suspendedAt) throw refusal('forbidden', SUSPENDED_MESSAGE);
  const at = new Date(now).toISOString();
  await recordPasskeyUse(db, passkey.id, verified.authenticationInfo.newCounter, at);
  return { user, secondFactorAt: at };
}

/** Step-up with a passkey: one of the person's own passkeys signs a sign-in challenge, and this session has given the factor. */
export async function stepUpWithPasskey(
  scope: RequestScope,
  user: SessionUser,
  response: Credential,
  requestUrl: string,
  now = Date.now(),
) {
  const signed = await signInWithPasskey(scope.env, scope.var.db, response, requestUrl, now);
  if (signed.user.id !== user.id) throw refusal('invalid', 'This passkey belongs to another account.');
  await markGiven(scope, now);
}
