/**
 * Signing up and signing in. Both take an attempt from the limiters first (rate-limit.ts), so a flood
 * is refused before any password is hashed or checked.
 */
import type { z } from 'zod';
import { ONE_TIME_PASSWORD_EXPIRED, oneTimePasswordExpired, type passwordChangeSchema } from '../../core/password-change';
import type { loginSchema, signupSchema } from '../../core/signup';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { refusal } from '../../core/refusal';
import { createAccount, findUserByEmail, findUserById, isEmailTaken, setPasswordHash } from '../users/users.data';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
import { signInSucceeded, takeSignInAttempt, takeSignUpAttempt } from './rate-limit';
import { endAllSessions } from './sessions';

export const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in instead.';

export async function signUp(env: Bindings, db: DB, input: z.output<typeof signupSchema>, ip: string): Promise<SessionUser> {
  await takeSignUpAttempt(env, ip);
  try {
    return await createAccount(db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.mobile,
      passwordHash: await hashPassword(input.password),
      signupRole: input.role,
      termsVersion: input.termsVersion,
      privacyVersion: input.privacyVersion,
      termsAcceptedAt: new Date().toISOString(),
    });
  } catch (error) {
    // The unique index is the one judge of "already exists": it also settles two sign-ups at once.
    if (isEmailTaken(error)) throw refusal('conflict', EMAIL_TAKEN);
    throw error;
  }
}

export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact Parkada support.';

export async function signIn(env: Bindings, db: DB, { email, password }: z.output<typeof loginSchema>, ip: string): Promise<SessionUser> {
  await takeSignInAttempt(env, email, ip);
  const account = await findUserByEmail(db, email);
  // Unknown e-mails still pay for one hash, so response time does not reveal which accounts exist.
  const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account || !valid) throw refusal('unauthenticated', 'Incorrect e-mail or password.');
  // Told only to someone who knows the password, so it reveals nothing to a stranger.
  if (account.suspendedAt) throw refusal('forbidden', SUSPENDED_MESSAGE);
  if (oneTimePasswordExpired(account, new Date())) throw refusal('forbidden', ONE_TIME_PASSWORD_EXPIRED);
  await signInSucceeded(env, email, ip);
  const { passwordHash: _secret, passwordExpiresAt: _expiry, ...user } = account;
  return user;
}

/**
 * A signed-in user replaces their password, proving the current one. Guesses at it count against the
 * sign-in limits (a stolen session cannot try passwords faster than a sign-in form). Every session of
 * the account then ends; the caller starts a fresh one for this device.
 */
export async function changePassword(
  env: Bindings,
  db: DB,
  user: SessionUser,
  input: z.output<typeof passwordChangeSchema>,
  ip: string,
): Promise<SessionUser> {
  await takeSignInAttempt(env, user.email, ip);
  const account = await findUserByEmail(db, user.email);
  // A 400, not a 401: the session is fine, the password typed is not.
  if (!account || !(await verifyPassword(input.currentPassword, account.passwordHash)))
    throw refusal('invalid', 'Your current password is incorrect.');
  if (oneTimePasswordExpired(account, new Date())) throw refusal('forbidden', ONE_TIME_PASSWORD_EXPIRED);
  await signInSucceeded(env, user.email, ip);
  await setPasswordHash(db, user.id, await hashPassword(input.newPassword));
  await endAllSessions(env.SESSIONS, db, user.id);
  return (await findUserById(db, user.id))!;
}
