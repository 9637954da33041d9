/**
 * Signing up and signing in, verifying the address and resetting a forgotten password. Each takes an
 * attempt from the limiters first (rate-limit.ts), so a flood is refused before any password is hashed
 * or checked and before any e-mail is queued.
 */
import { SUPPORT_LINE } from '../../core/support';
import type { z } from 'zod';
import type { passwordChangeSchema } from '../../core/password-change';
import type { loginSchema, signupSchema } from '../../core/signup';
import {
  INVITATION_LINK_SPENT,
  LINK_NOT_VALID,
  type invitationAcceptSchema,
  type passwordResetConfirmSchema,
} from '../../core/verification';
import { afterCommit } from '../db/after-commit';
import { queueEmail } from '../email/email.service';
import { queueSms } from '../sms/sms.service';
import { signInDeviceLabel } from '../../core/sign-in-device';
import { formatDateTime } from '../../core/time';
import { PHONE_NOT_VALID, toE164 } from '../../core/phone';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { forgetBrowsersOf } from '../push/push.service';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { refusal } from '../../core/refusal';
import {
  activeAdminIds,
  createAccount,
  findUserByEmail,
  findUserById,
  isEmailTaken,
  markEmailVerified,
  recordAcceptance,
  setPasswordHash,
} from '../users/users.data';
import { knowsDevices, type SignInDevice } from './device-cookie';
import { confirmIdentity } from './identity.service';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
import { signInSucceeded, takeLinkRequest, takeSignInAttempt, takeSignUpAttempt } from './rate-limit';
import { endAllSessions } from './sessions.service';
import { consumeVerification } from '../verification/verification.service';
import { forgetSecondFactors } from './second-factor.data';
import { requireRecentSecondFactor, secondFactorAtSignIn, type RequestScope } from './second-factor.service';

const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in instead.';

/** A new account, signed in at once; a link to confirm its address is e-mailed (the account works meanwhile). */
export async function signUp(
  env: Bindings,
  db: DB,
  input: z.output<typeof signupSchema>,
  ip: string,
  origin: string,
): Promise<SessionUser> {
  await takeSignUpAttempt(env, ip);
  const user = await createUnverifiedAccount(db, input);
  await queueEmail(env, user.id, origin, { kind: 'verify-email' });
  if (input.role !== 'parking_user') await afterCommit('Owner application notice', () => tellAdminsOfApplication({ env, db }, user));
  return user;
}

/** Every active super admin hears of a new owner application, in the app and by e-mail. */
async function tellAdminsOfApplication(ctx: NoticeContext, applicant: SessionUser) {
  for (const adminId of await activeAdminIds(ctx.db))
    await sendNotice(ctx, adminId, {
      note: {
        type: 'APPROVAL_DECISION',
        title: 'New owner application',
        message: `${applicant.firstName} ${applicant.lastName} (${applicant.email}) applied to list lots. Review it in Approvals.`,
      },
      email: { link: { label: 'Open Approvals', path: '/admin/approvals' } },
      key: `owner-application:${applicant.id}:${adminId}`,
    });
}

async function createUnverifiedAccount(db: DB, input: z.output<typeof signupSchema>) {
  // The form's mask, "+63 917-1234567", is held as E.164.
  const phone = toE164(input.mobile);
  if (!phone) throw refusal('invalid', PHONE_NOT_VALID);
  try {
    return await createAccount(db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone,
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

/** The security notice of a new password: e-mailed whatever the preferences, and texted to a verified mobile. */
async function tellPasswordChanged(env: Bindings, userId: string, origin: string, now: number) {
  const at = new Date(now).toISOString();
  await queueEmail(env, userId, origin, { kind: 'password-changed', at });
  await queueSms(env, {
    userId,
    category: 'security',
    kind: 'password-changed',
    text: `Parkada: your password was changed on ${formatDateTime(at)} (Manila time) and every device was signed out. Not you? Use "Forgot password?" now.`,
  });
}

/**
 * The security notice of a sign-in from a browser the account has no device cookie on (docs/account.md,
 * New sign-ins): e-mailed whatever the preferences, and texted to a verified mobile. Only where device
 * cookies are configured, so a server without them does not call every sign-in new.
 */
export async function tellNewSignIn(env: Bindings, userId: string, origin: string, userAgent: string | null, now = Date.now()) {
  if (!knowsDevices(env)) return;
  const at = new Date(now).toISOString();
  await queueEmail(env, userId, origin, { kind: 'new-sign-in', at, device: signInDeviceLabel(userAgent) });
  await queueSms(env, {
    userId,
    category: 'security',
    kind: 'new-sign-in',
    text: `Parkada: a new sign-in to your account on ${formatDateTime(at)} (Manila time). Not you? Use "Forgot password?" now.`,
  });
}

export const SUSPENDED_MESSAGE = `This account is suspended. Write to ${SUPPORT_LINE}.`;

/** Who signed in, and when they gave the second factor (null: the account has none). */
export type SignedIn = { user: SessionUser; secondFactorAt: string | null };

/** `device`: what the browser's device cookie says, so a stranger's failures elsewhere do not lock it out (rate-limit.ts). */
export async function signIn(
  env: Bindings,
  db: DB,
  { email, password, code }: z.output<typeof loginSchema>,
  ip: string,
  device: SignInDevice,
): Promise<SignedIn> {
  await takeSignInAttempt(env, email, ip, device);
  const account = await findUserByEmail(db, email);
  // Unknown e-mails still pay for one hash, so response time does not reveal which accounts exist.
  const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account || !valid) throw refusal('unauthenticated', 'Incorrect e-mail or password.');
  // A suspended account goes on: its session reaches only support (refuseIfSuspended), told only to
  // someone who knows the password and second factor, so it reveals nothing to a stranger.
  // An enrolled account needs its code too; a wrong one is refused before the attempt is handed back.
  const secondFactorAt = await secondFactorAtSignIn(env, db, account, code);
  await signInSucceeded(env, email, ip, device);
  const { passwordHash: _secret, passwordExpiresAt: _expiry, mustChangePassword: _retired, ...user } = account;
  return { user, secondFactorAt };
}

/**
 * A signed-in user replaces their password: the second factor given recently when the account has one
 * (step-up), and the current password (`confirmIdentity`). Every session of the account then ends; the
 * caller starts a fresh one for this device.
 */
export async function changePassword(
  scope: RequestScope,
  user: SessionUser,
  input: z.output<typeof passwordChangeSchema>,
  ip: string,
  origin: string,
  device: SignInDevice,
): Promise<SessionUser> {
  const { env } = scope;
  const { db } = scope.var;
  await requireRecentSecondFactor(scope, user);
  await confirmIdentity(env, db, user, input.currentPassword, ip, { device, wrong: 'Your current password is incorrect.' });
  await setPasswordHash(db, user.id, await hashPassword(input.newPassword));
  await endAllSessions(env.SESSIONS, db, user.id);
  await tellPasswordChanged(env, user.id, origin, Date.now());
  return (await findUserById(db, user.id))!;
}

/** "Sign out of all devices": every session of the user ends, and no browser gets their pushes. */
export async function signOutEverywhere(env: Bindings, db: DB, userId: string): Promise<void> {
  await endAllSessions(env.SESSIONS, db, userId);
  await forgetBrowsersOf(db, userId);
}

/** The person opened the link sent at sign-up: the address it went to is verified. */
export async function verifyEmail(db: DB, token: string, now = Date.now()): Promise<void> {
  await markEmailVerified(db, await consumeVerification(db, 'verify-email', token, now), now);
}

const ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';

/** Resend on the "unverified" banner: a new link, the earlier one no longer working. */
export async function resendVerification(env: Bindings, user: SessionUser, ip: string, origin: string): Promise<void> {
  if (user.emailVerifiedAt) throw refusal('conflict', ALREADY_VERIFIED);
  await takeLinkRequest(env, 'verify-email', user.email, ip);
  await queueEmail(env, user.id, origin, { kind: 'verify-email' });
}

/**
 * "Forgot password?": a reset link is e-mailed when an active account has the address, verified or
 * not. The caller answers the same whatever happened here, so the answer reveals no account.
 */
export async function requestPasswordReset(env: Bindings, db: DB, email: string, ip: string, origin: string): Promise<void> {
  await takeLinkRequest(env, 'reset-password', email, ip);
  const account = await findUserByEmail(db, email);
  if (account && !account.suspendedAt) await queueEmail(env, account.id, origin, { kind: 'reset-password' });
}

/**
 * Sets the new password of the account a reset link was sent to. The click proves the mailbox, so the
 * address is verified; when that is its first proof, the second factors added before it go too: they
 * were added by whoever signed up with the address, not by the person who reads it. Every session ends
 * (as "Sign out of all devices"), and the security notice goes.
 */
export async function resetPassword(
  env: Bindings,
  db: DB,
  { token, password }: z.output<typeof passwordResetConfirmSchema>,
  origin: string,
  now = Date.now(),
): Promise<void> {
  const email = await consumeVerification(db, 'reset-password', token, now);
  const account = await findUserByEmail(db, email);
  if (!account) throw refusal('invalid', LINK_NOT_VALID);
  if (account.suspendedAt) throw refusal('forbidden', SUSPENDED_MESSAGE);
  await setPasswordHash(db, account.id, await hashPassword(password));
  await markEmailVerified(db, email, now);
  if (!account.emailVerifiedAt) await forgetSecondFactors(db, account.id);
  await signOutEverywhere(env, db, account.id);
  await tellPasswordChanged(env, account.id, origin, now);
}

/**
 * The invitation link an owner's "add attendant" e-mailed was opened: the invited person sets their own
 * password and accepts the Terms, the click verifies the address, and the caller signs them in. Only
 * while the account has never had a password of its own (the placeholder it was made with): after
 * that, the link would be a way in past the password and any second factor.
 */
export async function acceptInvitationLink(
  db: DB,
  { token, password, ...accepted }: z.output<typeof invitationAcceptSchema>,
  now = Date.now(),
): Promise<SessionUser> {
  const email = await consumeVerification(db, 'invitation', token, now);
  const account = await findUserByEmail(db, email);
  if (!account) throw refusal('invalid', LINK_NOT_VALID);
  if (account.suspendedAt) throw refusal('forbidden', SUSPENDED_MESSAGE);
  if (!(await setPasswordHash(db, account.id, await hashPassword(password), DUMMY_PASSWORD_HASH)))
    throw refusal('conflict', INVITATION_LINK_SPENT);
  await markEmailVerified(db, email, now);
  return recordAcceptance(db, account.id, accepted, new Date(now).toISOString());
}

// What other domains use of signing in (docs/architecture.md: a domain reaches another through its service).
export { attemptLimiter } from './attempt-limiter';
export { confirmIdentity } from './identity.service';
export { DUMMY_PASSWORD_HASH } from './password';
export { takeApiKeyWrite, takeExportAttempt, takeLinkRequest, takePhoneCodeRequest } from './rate-limit';
export { requireRecentSecondFactor, type RequestScope } from './second-factor.service';
export { signedOut } from './session-cookie';
export { endAllSessions } from './sessions.service';
export { userView } from './user-view';
