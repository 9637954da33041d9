/**
 * The one verification path (docs/account.md, Verification), after the Epic Stack's: a flow prepares
 * a link for a target (an e-mail address), the person opens it, and the flow consumes the token to
 * learn whose address was proven. Sign-up's verification, the password reset, an owner's invitation
 * and the change of e-mail use it, and passkeys' WebAuthn challenges (the token is the challenge).
 */
import { refusal } from '../../core/refusal';
import { LINK_NOT_VALID, verificationExpiry, verificationLink, type LinkType, type VerificationType } from '../../core/verification';
import type { DB } from '../db/client';
import { randomSecret, sha256Hex } from './secret-token';
import { saveVerification, takeVerification, type TakenVerification } from './verification.data';

export type PreparedVerification = { link: string; expiresAt: string };

/**
 * A new single-use token for `target`, replacing any earlier one of this type; only its hash is stored.
 * `userId` names the account it acts for when the target is not (yet) that account's address.
 */
export async function prepareToken(
  db: DB,
  { type, target, userId, now = Date.now() }: { type: VerificationType; target: string; userId?: string; now?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomSecret();
  const expiresAt = verificationExpiry(type, now);
  await saveVerification(db, { type, target, userId, tokenHash: await sha256Hex(token), expiresAt });
  return { token, expiresAt };
}

/** A new single-use link for `target`, to be e-mailed. */
export async function prepareVerification(
  db: DB,
  { type, target, userId, origin, now = Date.now() }: { type: LinkType; target: string; userId?: string; origin: string; now?: number },
): Promise<PreparedVerification> {
  const { token, expiresAt } = await prepareToken(db, { type, target, userId, now });
  return { link: verificationLink(origin, type, token), expiresAt };
}

/** What a live token of this type was issued for, the token used up; a 400 for any other token. */
export async function consumeVerificationOf(db: DB, type: VerificationType, token: string, now = Date.now()): Promise<TakenVerification> {
  const taken = await takeVerification(db, type, await sha256Hex(token), now);
  if (!taken) throw refusal('invalid', LINK_NOT_VALID);
  return taken;
}

/** The target (the address proven) of a live token of this type, the token used up. */
export const consumeVerification = async (db: DB, type: VerificationType, token: string, now = Date.now()): Promise<string> =>
  (await consumeVerificationOf(db, type, token, now)).target;
