/**
 * The second factor's rules (docs/account.md, Second factor): an authenticator app's 6-digit codes
 * (TOTP, RFC 6238), 10 single-use recovery codes, and how recently a session must have given one
 * before a sensitive change (step-up).
 */
import { z } from 'zod';
import { MINUTE_MS } from './time';

export const TOTP_ISSUER = 'Parkada';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code of the step before or after the server's is accepted too: phones' clocks drift by seconds. */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Adding or removing a factor, new recovery codes, a change of e-mail or password, the data download,
 * deleting the account, a payout or a role change need the factor given this recently.
 */
export const STEP_UP_WINDOW_MS = 15 * MINUTE_MS;

/** The 30-second step a moment falls in. */
export const totpStep = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** Whether a session that gave the second factor at `givenAt` may make a sensitive change at `now`. */
export const secondFactorRecent = (givenAt: string | null, now: number) =>
  givenAt !== null && now - Date.parse(givenAt) <= STEP_UP_WINDOW_MS;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters of a 31-letter alphabet (about 50 bits), shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const chars = Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** A code as typed: 6 digits from the app, or a recovery code. */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app, or a recovery code.' })
  .trim()
  .min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code.')
  .max(40, 'That code is too long.');

/** POST /api/account/second-factor/totp/confirm and POST /api/auth/step-up. */
export const secondFactorCodeBody = z.object({ code: secondFactorCodeSchema });

/**
 * POST /api/account/second-factor/totp and POST /api/account/passkeys/registration-options: the
 * password while the account has no factor yet (once it has one, a recent step-up instead).
 */
export const newFactorBody = z.object({ password: z.string().max(128, 'That password is too long.').optional() });

/** What GET /api/account/second-factor tells Settings → Security. */
export type SecondFactorStatus = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  /** The platform requires this account to enrol a factor. */
  required: boolean;
};

export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const CODE_WRONG = 'That code is not right, or was already used. Try the newest code from your app.';
export const PASSWORD_FOR_FACTOR = 'Enter your password to add a second factor.';
export const STEP_UP_NEEDED = 'Confirm it is you: enter the code from your authenticator app, or use your passkey.';
export const ENROLMENT_NEEDED = 'Set up a second factor in Settings → Security before managing lots or the platform.';
