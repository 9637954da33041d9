/**
 * The second factor (docs/account.md, Second factor): an authenticator app (TOTP) and passkeys, with
 * 10 recovery codes; asked for at every sign-in by password once enrolled, and again before a
 * sensitive change when the session last gave it more than 15 minutes ago (step-up).
 */
import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../core/roles';
import { refusal } from '../../core/refusal';
import {
  CODE_NEEDED,
  CODE_WRONG,
  ENROLMENT_NEEDED,
  isTotpCode,
  newRecoveryCode,
  normalizeRecoveryCode,
  PASSWORD_FOR_FACTOR,
  RECOVERY_CODE_COUNT,
  secondFactorRecent,
  STEP_UP_NEEDED,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  totpStep,
  type SecondFactorStatus,
} from '../../core/second-factor';
import { confirmAddressFirst } from '../../core/verification';
import type { DB } from '../db/client';
import { queueEmail } from '../email/email.service';
import type { Bindings, SessionUser } from '../env';
import { readSecondFactorRequired } from '../platform/settings.data';
import { UNKNOWN_DEVICE, type SignInDevice } from './device-cookie';
import { confirmIdentity } from './identity.service';
import { signInSucceeded, takeSignInAttempt } from './rate-limit';
import {
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  deleteTotp,
  findTotp,
  hasSecondFactor,
  markSecondFactorGiven,
  readSecondFactorAt,
  replaceRecoveryCodes,
  savePendingTotp,
  spendRecoveryCode,
  spendTotpStep,
} from './second-factor.data';
import { decryptSecret, encryptSecret } from '../http/sealed-secrets';
import { listPasskeys } from './passkeys.data';
import { sha256Hex } from '../verification/verification.service';
import { endSessionsBut, sessionKey } from './sessions.service';

/** What a request knows of itself: Hono's Context fits, so does a test's object. */
export type RequestScope = { env: Bindings; var: { db: DB; sessionId: string | null } };

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The step a 6-digit code belongs to, within a step either side of now; null for a wrong code. */
function matchingStep(secret: string, email: string, code: string, now: number): number | null {
  const delta = totpOf(secret, email).validate({ token: code.replace(/\s/g, ''), timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : totpStep(now) + delta;
}

/** Hashed with the account's id, so one code's hash says nothing about another account's. */
const recoveryCodeHash = (userId: string, code: string) => sha256Hex(`${userId}:${normalizeRecoveryCode(code)}`);

export async function issueRecoveryCodes(db: DB, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, await Promise.all(codes.map((code) => recoveryCodeHash(userId, code))));
  return codes;
}

/**
 * A factor was added or removed: every other session of the account ends (whoever else holds one must
 * sign in again, with the factors as they are now), and the address hears of it, whatever its preferences.
 */
export async function factorChanged(
  scope: RequestScope,
  user: SessionUser,
  origin: string,
  change: 'added' | 'removed',
  factor: 'totp' | 'passkey',
  now: number,
) {
  await endSessionsBut(scope.env.SESSIONS, scope.var.db, user.id, scope.var.sessionId, now);
  await queueEmail(scope.env, user.id, origin, { kind: 'second-factor-changed', change, factor, at: new Date(now).toISOString() });
}

/** What proves the person at the keyboard before a factor is added: the password, and where it was typed. */
export type FactorProof = { password?: string; ip: string; device?: SignInDevice };

/**
 * Before a factor is added: the address must be verified, so a sign-up made with someone else's address
 * cannot hold the account with factors of its own; then the password while the account has no factor,
 * or a recent step-up once it has one, so a session alone never adds a factor.
 */
export async function requireMayAddFactor(scope: RequestScope, user: SessionUser, proof: FactorProof, now = Date.now()) {
  const { env } = scope;
  const { db } = scope.var;
  if (!user.emailVerifiedAt) throw refusal('forbidden', confirmAddressFirst('add a second factor'));
  if (await hasSecondFactor(db, user.id)) return requireRecentSecondFactor(scope, user, now);
  if (!proof.password) throw refusal('invalid', PASSWORD_FOR_FACTOR);
  await confirmIdentity(env, db, user, proof.password, proof.ip, { device: proof.device });
}

/** Step one of enrolling an app, once the person may add a factor: a new secret, pending until a code from it confirms it. */
export async function startTotpEnrolment(
  scope: RequestScope,
  user: SessionUser,
  proof: FactorProof,
  now = Date.now(),
): Promise<{ secret: string; otpauthUrl: string }> {
  const { env } = scope;
  const { db } = scope.var;
  await requireMayAddFactor(scope, user, proof, now);
  const secret = new Secret({ size: 20 }).base32;
  if (!(await savePendingTotp(db, user.id, await encryptSecret(env, secret))))
    throw refusal('conflict', 'Your authenticator app is already set up. Remove it first to set up another.');
  return { secret, otpauthUrl: totpOf(secret, user.email).toString() };
}

/**
 * Step two: a code from the app proves it holds the secret. The app is then the account's second
 * factor, and 10 new recovery codes are answered (shown once). Enrolling is not a step-up: the session
 * has given a factor it has just added, which proves nothing of whoever holds it.
 */
export async function confirmTotpEnrolment(
  scope: RequestScope,
  user: SessionUser,
  code: string,
  origin: string,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const { env } = scope;
  const { db } = scope.var;
  const pending = await findTotp(db, user.id);
  if (!pending || pending.confirmedAt) throw refusal('conflict', 'Start setting up your authenticator app first.');
  const step = matchingStep(await decryptSecret(env, pending.encryptedSecret), user.email, code, now);
  if (step === null) throw refusal('invalid', CODE_WRONG);
  await confirmTotp(db, user.id, step, new Date(now).toISOString());
  const recoveryCodes = await issueRecoveryCodes(db, user.id);
  await factorChanged(scope, user, origin, 'added', 'totp', now);
  return { recoveryCodes };
}

/** A 6-digit code of the app (a step not used before) or an unused recovery code, used up if right. */
async function spendCode(env: Bindings, db: DB, user: Pick<SessionUser, 'id' | 'email'>, code: string, now: number): Promise<boolean> {
  if (!isTotpCode(code)) return spendRecoveryCode(db, user.id, await recoveryCodeHash(user.id, code), new Date(now).toISOString());
  const app = await findTotp(db, user.id);
  if (!app?.confirmedAt) return false;
  const step = matchingStep(await decryptSecret(env, app.encryptedSecret), user.email, code, now);
  return step !== null && spendTotpStep(db, user.id, step);
}

/**
 * At sign-in by password: nothing to ask of an account with no factor (null); otherwise a right code,
 * or a 401 that says a code is needed. When the code was right, the moment it was given (for the session).
 */
export async function secondFactorAtSignIn(
  env: Bindings,
  db: DB,
  account: Pick<SessionUser, 'id' | 'email'>,
  code: string | undefined,
  now = Date.now(),
): Promise<string | null> {
  if (!(await hasSecondFactor(db, account.id))) return null;
  if (!code) throw refusal('unauthenticated', CODE_NEEDED, { secondFactorRequired: true });
  if (!(await spendCode(env, db, account, code, now))) throw refusal('unauthenticated', CODE_WRONG, { secondFactorRequired: true });
  return new Date(now).toISOString();
}

/** This session has just given the second factor (a sign-in's code, a step-up): sensitive changes are open to it for 15 minutes. */
export async function markGiven(scope: RequestScope, now: number) {
  if (scope.var.sessionId) await markSecondFactorGiven(scope.var.db, await sessionKey(scope.var.sessionId), new Date(now).toISOString());
}

/**
 * POST /api/auth/step-up: the signed-in person gives the second factor again. Guesses count against
 * the sign-in limits, so a stolen session cannot try codes faster than a sign-in form.
 */
export async function stepUp(
  scope: RequestScope,
  user: SessionUser,
  code: string,
  ip: string,
  device: SignInDevice = UNKNOWN_DEVICE,
  now = Date.now(),
): Promise<void> {
  await takeSignInAttempt(scope.env, user.email, ip, device, now);
  if (!(await spendCode(scope.env, scope.var.db, user, code, now))) throw refusal('invalid', CODE_WRONG);
  await signInSucceeded(scope.env, user.email, ip, device);
  await markGiven(scope, now);
}

/** Whether the platform requires this role to enrol a second factor (owners and super admins, when the setting is on). */
async function secondFactorRequiredFor(env: Bindings, db: DB, role: Role): Promise<boolean> {
  return (role === 'owner_admin' || role === 'super_admin') && (await readSecondFactorRequired(db, env));
}

/**
 * Before a sensitive change (adding a factor to an account that has one, removing one, new recovery
 * codes, changing the e-mail or the password, the data download, deleting the account, recording a
 * payout, changing a role): an account with a factor must have given it in this session within 15 minutes, or gets a 403
 * `{ stepUpRequired: true }` (the web app then asks for the code and retries); one that must enrol and
 * has not gets a 403 `{ secondFactorEnrolmentRequired: true }`. Accounts with no factor pass.
 */
export async function requireRecentSecondFactor(scope: RequestScope, user: SessionUser, now = Date.now()): Promise<void> {
  const { db, sessionId } = scope.var;
  if (!(await hasSecondFactor(db, user.id))) return requireEnrolment(scope, user);
  const givenAt = sessionId ? await readSecondFactorAt(db, await sessionKey(sessionId)) : null;
  if (!secondFactorRecent(givenAt, now)) throw refusal('forbidden', STEP_UP_NEEDED, { stepUpRequired: true });
}

/**
 * When the platform requires owners and super admins to enrol and this one has not: a 403
 * `{ secondFactorEnrolmentRequired: true }` (the web app sends them to Settings → Security).
 */
export async function requireEnrolment(scope: RequestScope, user: SessionUser): Promise<void> {
  const { db } = scope.var;
  if (!(await secondFactorRequiredFor(scope.env, db, user.role)) || (await hasSecondFactor(db, user.id))) return;
  throw refusal('forbidden', ENROLMENT_NEEDED, { secondFactorEnrolmentRequired: true });
}

/** Removes the authenticator app (after a step-up); with no passkey left, the recovery codes go too. */
export async function removeTotp(scope: RequestScope, user: SessionUser, origin: string, now = Date.now()): Promise<void> {
  await requireRecentSecondFactor(scope, user, now);
  const { db } = scope.var;
  if (!(await findTotp(db, user.id))?.confirmedAt) throw refusal('not_found', 'No authenticator app is set up.');
  await deleteTotp(db, user.id);
  await forgetRecoveryCodesWithoutFactor(db, user.id);
  await factorChanged(scope, user, origin, 'removed', 'totp', now);
}

export async function forgetRecoveryCodesWithoutFactor(db: DB, userId: string) {
  if (!(await hasSecondFactor(db, userId))) await deleteRecoveryCodes(db, userId);
}

/** New recovery codes (after a step-up), the old ones no longer working. */
export async function regenerateRecoveryCodes(
  scope: RequestScope,
  user: SessionUser,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  await requireRecentSecondFactor(scope, user, now);
  if (!(await hasSecondFactor(scope.var.db, user.id))) throw refusal('conflict', 'Set up a second factor first.');
  return { recoveryCodes: await issueRecoveryCodes(scope.var.db, user.id) };
}

export async function secondFactorStatus(env: Bindings, db: DB, user: SessionUser): Promise<SecondFactorStatus> {
  const [app, recoveryCodesLeft, passkeys, required] = await Promise.all([
    findTotp(db, user.id),
    countUnusedRecoveryCodes(db, user.id),
    listPasskeys(db, user.id),
    secondFactorRequiredFor(env, db, user.role),
  ]);
  return { totp: Boolean(app?.confirmedAt), recoveryCodesLeft, passkeys, required };
}
