/**
 * The one verification path (docs/account.md, Verification), after the Epic Stack's: a flow prepares
 * a link for a target (an e-mail address), the person opens it, and the flow consumes the token to
 * learn whose address was proven. Sign-up's verification, the password reset, an owner's invitation
 * and the change of e-mail use it, and passkeys' WebAuthn challenges (the token is the challenge).
 */
import { refusal } from '../../core/refusal';
import { PHONE_CODE_LENGTH } from '../../core/phone';
import {
  LINK_NOT_VALID,
  MAX_CODE_TRIES,
  verificationExpiry,
  verificationLink,
  type LinkType,
  type VerificationType,
} from '../../core/verification';
import type { DB } from '../db/client';
import { randomSecret, sha256Hex } from './secret-token';
import {
  countWrongCode,
  deleteExpiredVerifications,
  saveVerification,
  takeCode,
  takeVerification,
  type TakenVerification,
} from './verification.data';

export { randomSecret, sha256Hex } from './secret-token';

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

/**
 * A token for no one yet (a passkey sign-in's challenge, before the browser names an account): each has
 * a target of its own, so none replaces another, and the expired ones of its type are swept as it is made.
 */
export async function prepareUnnamedToken(db: DB, type: VerificationType, now = Date.now()) {
  await deleteExpiredVerifications(db, type, now);
  return (await prepareToken(db, { type, target: crypto.randomUUID(), now })).token;
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

/** Six random digits, evenly drawn (rejection sampling: no digit is likelier than another). */
function randomCode(): string {
  const limit = 10 ** PHONE_CODE_LENGTH;
  const ceiling = Math.floor(2 ** 32 / limit) * limit;
  let value: number;
  do value = crypto.getRandomValues(new Uint32Array(1))[0];
  while (value >= ceiling);
  return String(value % limit).padStart(PHONE_CODE_LENGTH, '0');
}

/** A code is short, so its hash is bound to its target: the same digits for two numbers are two hashes. */
const codeHash = (target: string, code: string) => sha256Hex(`${target}:${code}`);

/**
 * The same path for a code typed rather than a link opened (a phone): a new code for `target`,
 * replacing any earlier one, stored only as its hash, with its tries counted from zero.
 */
export async function prepareCode(
  db: DB,
  { type, target, now = Date.now() }: { type: VerificationType; target: string; now?: number },
): Promise<{ code: string; expiresAt: string }> {
  const code = randomCode();
  const expiresAt = verificationExpiry(type, now);
  await saveVerification(db, { type, target, tokenHash: await codeHash(target, code), expiresAt });
  return { code, expiresAt };
}

/**
 * Uses up the live code of `target` when `code` is it; otherwise counts a wrong try, and the
 * MAX_CODE_TRIES-th wrong one ends the code. False for a wrong, expired, used or spent code.
 */
export async function consumeCode(db: DB, type: VerificationType, target: string, code: string, now = Date.now()): Promise<boolean> {
  if (await takeCode(db, { type, target, tokenHash: await codeHash(target, code), now, maxTries: MAX_CODE_TRIES })) return true;
  await countWrongCode(db, type, target);
  return false;
}
