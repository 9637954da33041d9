/**
 * One verification path for every flow that proves a person holds an address (docs/account.md,
 * Verification): a random token is sent in a link, only its SHA-256 is stored with the flow's type,
 * its target and its expiry, and the first use consumes it.
 */
import { z } from 'zod';
import { CURRENT_VERSIONS } from './legal';
import { acceptanceFields } from './legal-request';
import { withConfirmation } from './password-change';
import { emailSchema, passwordSchema } from './signup';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time';

/**
 * What an e-mailed link proves: the address of a new account, a reset, an owner's invitation to work a
 * gate (the invited person sets their own password), a new address for an account.
 */
const LINK_TYPES = ['verify-email', 'reset-password', 'invitation', 'change-email'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
/**
 * What a passkey's challenge is for: adding one (its target the account) or signing in with one (its
 * target a random id, as nobody is known yet). The token is the WebAuthn challenge the authenticator signs.
 */
const CHALLENGE_TYPES = ['passkey-registration', 'passkey-sign-in'] as const;
/** A mobile number is proven by typing the code texted to it, rather than by a link. */
const CODE_TYPES = ['phone'] as const;
export const VERIFICATION_TYPES = [...LINK_TYPES, ...CHALLENGE_TYPES, ...CODE_TYPES] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** How long each link or challenge works, from the moment it is made. */
export const VERIFICATION_LIFETIME_MS: Record<VerificationType, number> = {
  'verify-email': 24 * HOUR_MS,
  'reset-password': 30 * MINUTE_MS,
  invitation: 7 * DAY_MS,
  'change-email': 24 * HOUR_MS,
  // The browser's own WebAuthn timeout is 5 minutes.
  'passkey-registration': 5 * MINUTE_MS,
  'passkey-sign-in': 5 * MINUTE_MS,
  phone: 10 * MINUTE_MS,
};

/** Wrong codes a texted code survives: the fifth wrong one ends it, and a new code must be asked for. */
export const MAX_CODE_TRIES = 5;

export const verificationExpiry = (type: VerificationType, now: number) => new Date(now + VERIFICATION_LIFETIME_MS[type]).toISOString();

/** Where each link lands in the app; the token rides in the `token` query parameter. */
const VERIFICATION_PAGES: Record<LinkType, string> = {
  'verify-email': '/verify-email',
  'reset-password': '/reset-password',
  invitation: '/accept-invitation',
  'change-email': '/confirm-email',
};

export const verificationLink = (origin: string, type: LinkType, token: string) =>
  `${origin}${VERIFICATION_PAGES[type]}?token=${encodeURIComponent(token)}`;

const tokenField = z.string({ error: 'This link is incomplete.' }).min(1, 'This link is incomplete.').max(200, 'This link is not valid.');

export const verifyEmailSchema = z.object({ token: tokenField });

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetConfirmSchema = z.object({ token: tokenField, password: passwordSchema });

/** The invitation link's page: the invited person's own password and their acceptance of the Terms. */
export const invitationAcceptSchema = z.object({ token: tokenField, password: passwordSchema, ...acceptanceFields });

/** The invitation page as filled in: the password twice, and a box ticked for the Terms in force. */
export const invitationFormSchema = z
  .object({ token: z.string(), password: z.string(), confirmation: z.string(), agreed: z.boolean() })
  // Unticked, no versions are accepted: the request's own refusal.
  .transform(
    ({ agreed, ...fields }) =>
      ({ ...fields, ...(agreed ? CURRENT_VERSIONS : {}) }) as z.input<typeof invitationAcceptSchema> & { confirmation: string },
  )
  .pipe(withConfirmation(invitationAcceptSchema, 'password'));

/** Settings → Profile → Change e-mail: the new address, and the password to prove it is the account's owner asking. */
export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
});
export type EmailChange = z.output<typeof emailChangeSchema>;

/** What the change takes until the link sent to the new address is opened. */
export const EMAIL_CHANGE_SENT = 'We sent a link to your new address. Your e-mail changes when you open it (within 24 hours).';

/** The one answer to every reset request, whether or not an account has that address. */
export const PASSWORD_RESET_SENT =
  'If an account uses this address, we have sent it a link to set a new password. It works for 30 minutes.';

/** Every refusal of a used, expired or unknown link: which one it was is nobody's business. */
export const LINK_NOT_VALID = 'This link has expired or was already used. Ask for a new one.';

/** What an unverified address may not do yet (`to`: add a second factor, accept an invitation), and how to verify it. */
export const confirmAddressFirst = (to: string) =>
  `Confirm your e-mail address before you ${to}: open the link we sent you, or ask for a new one with Resend.`;

/** An invitation link opened once the account has a password of its own: it sets none any more. */
export const INVITATION_LINK_SPENT = 'Your account has its own password already: sign in with it, or use "Forgot password?".';
