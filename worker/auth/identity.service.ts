/** The password asked again of a signed-in person before a change only its owner may make. */
import { refusal } from '../../core/refusal';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { findUserByEmail } from '../users/users.data';
import { UNKNOWN_DEVICE } from './device-cookie';
import { verifyPassword } from './password';
import { signInSucceeded, takeSignInAttempt } from './rate-limit';

/**
 * Proves that the person at the keyboard owns the signed-in account: the password, whose guesses count
 * against the sign-in limits (a stolen session cannot try passwords faster than a sign-in form). A 400,
 * not a 401, when it is wrong: the session is fine, the password typed is not.
 */
export async function confirmIdentity(
  env: Bindings,
  db: DB,
  user: SessionUser,
  password: string,
  ip: string,
  { device = UNKNOWN_DEVICE, wrong = 'Your password is incorrect.' } = {},
): Promise<void> {
  await takeSignInAttempt(env, user.email, ip, device);
  const account = await findUserByEmail(db, user.email);
  if (!account || !(await verifyPassword(password, account.passwordHash))) throw refusal('invalid', wrong);
  await signInSucceeded(env, user.email, ip, device);
}
