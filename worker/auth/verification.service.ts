/**
 * The one verification path (docs/account.md, Verification), after the Epic Stack's: a flow prepares
 * a link for a target (an e-mail address), the person opens it, and the flow consumes the token to
 * learn whose address was proven. Sign-up's verification and the password reset use it; change of
 * e-mail and the second factor are meant to.
 */
import { refusal } from '../../core/refusal';
import { LINK_NOT_VALID, verificationExpiry, verificationLink, type VerificationType } from '../../core/verification';
import type { DB } from '../db/client';
import { randomSecret, sha256Hex } from './secret-token';
import { saveVerification, takeVerification } from './verification.data';

export type PreparedVerification = { link: string; expiresAt: string };

/** A new single-use link for `target`, replacing any earlier one of this type; only the token's hash is stored. */
export async function prepareVerification(
  db: DB,
  { type, target, origin, now = Date.now() }: { type: VerificationType; target: string; origin: string; now?: number },
): Promise<PreparedVerification> {
  const token = randomSecret();
  const expiresAt = verificationExpiry(type, now);
  await saveVerification(db, { type, target, tokenHash: await sha256Hex(token), expiresAt });
  return { link: verificationLink(origin, type, token), expiresAt };
}

/** The target a live token of this type was issued for, the token used up; a 400 for any other token. */
export async function consumeVerification(db: DB, type: VerificationType, token: string, now = Date.now()): Promise<string> {
  const target = await takeVerification(db, type, await sha256Hex(token), now);
  if (!target) throw refusal('invalid', LINK_NOT_VALID);
  return target;
}
