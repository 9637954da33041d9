/**
 * Changing one's password (`POST /api/auth/password`), and what a session may still do while its
 * account must replace a one-time password (docs/owner.md, Attendants).
 */
import { z } from 'zod';
import { passwordSchema } from './signup';
import { DAY_MS } from './time';

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(128),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'Choose a new password, not the one you have now.',
    path: ['newPassword'],
  });
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/**
 * Until the one-time password is replaced, its sessions reach only these API paths: who is signed in,
 * the change itself and signing out. Everything else answers 403 with `mustChangePassword: true`.
 */
export const PASSWORD_CHANGE_PATHS: readonly string[] = ['/api/auth/user', '/api/auth/password', '/api/auth/logout-all', '/api/logout'];

export const MUST_CHANGE_PASSWORD = 'Please set a new password before you continue.';

/** A one-time password an owner was shown works this long; then the owner issues a new one. */
export const ONE_TIME_PASSWORD_DAYS = 7;
export const oneTimePasswordExpiry = (now: Date) => new Date(now.getTime() + ONE_TIME_PASSWORD_DAYS * DAY_MS).toISOString();
export const ONE_TIME_PASSWORD_EXPIRED = 'This one-time password has expired. Ask the lot owner for a new one.';

/** Whether the account's password is a one-time one past its expiry: it then opens nothing, not even the change. */
export const oneTimePasswordExpired = (account: { mustChangePassword: boolean; passwordExpiresAt: string | null }, now: Date) =>
  account.mustChangePassword && account.passwordExpiresAt !== null && Date.parse(account.passwordExpiresAt) <= now.getTime();
