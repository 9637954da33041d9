/**
 * Sign-up and early-registration rules. The web form shows these messages as toasts
 * before sending; the worker's zod schemas run the same checks, so a request that skips the form
 * gets the same words back in its 400.
 */
import { z } from 'zod';
import { secondFactorCodeSchema } from './second-factor';
import { acceptanceFields } from './legal-request';
import { SIGNUP_ROLES } from './roles';

export const COUNTRY_CODES = ['+63', '+1', '+44', '+86', '+81', '+82', '+65', '+60', '+66', '+84'] as const;
export const DEFAULT_COUNTRY_CODE = '+63';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The masked local number: three digits, a hyphen, then up to seven digits (hint xxx-xxxxxxx). */
const MOBILE_PATTERN = /^\d{3}-\d{4,7}$/;

/** Mobile input mask: shapes the number as it is typed, so what is sent already passes the check. */
export function maskMobile(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 10);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export const REQUIRED_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  mobile: 'Mobile Number',
  role: 'Role',
} as const;

export type Notice = { title: string; description: string };

/** The first problem a person should fix, in the spec's words, or null when the fields are acceptable. */
export function signupNotice(fields: Partial<Record<keyof typeof REQUIRED_FIELD_LABELS, string>>): Notice | null {
  const missing = (Object.keys(REQUIRED_FIELD_LABELS) as (keyof typeof REQUIRED_FIELD_LABELS)[])
    .filter((key) => !fields[key]?.trim())
    .map((key) => REQUIRED_FIELD_LABELS[key]);
  if (missing.length) return { title: 'Missing Required Fields', description: `Please fill in: ${missing.join(', ')}` };
  if (!EMAIL_PATTERN.test(fields.email!.trim())) return { title: 'Invalid Email', description: 'Please enter a valid email address.' };
  return null;
}

const name = (label: string) =>
  z
    .string({ error: `Please fill in: ${label}` })
    .trim()
    .min(1, `Please fill in: ${label}`)
    .max(80, `${label} is too long (80 characters at most).`);

export const emailSchema = z
  .string({ error: 'Please fill in: Email Address' })
  .trim()
  .min(1, 'Please fill in: Email Address')
  .max(254, 'Email Address is too long.')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address.')
  .transform((value) => value.toLowerCase());

/** Early registration sends the mobile as "<country code> <number>": one field, ready to dial. */
export const mobileSchema = z
  .string({ error: 'Please fill in: Mobile Number' })
  .trim()
  .min(1, 'Please fill in: Mobile Number')
  .refine((value) => {
    const [code, number, ...rest] = value.split(' ');
    return rest.length === 0 && (COUNTRY_CODES as readonly string[]).includes(code) && MOBILE_PATTERN.test(number ?? '');
  }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.');

export const earlyRegistrationSchema = z.object({
  firstName: name('First Name'),
  lastName: name('Last Name'),
  email: emailSchema,
  mobile: mobileSchema,
  role: z.enum(SIGNUP_ROLES, { error: 'Please fill in: Role' }),
});
export type EarlyRegistrationInput = z.input<typeof earlyRegistrationSchema>;
export type EarlyRegistration = z.output<typeof earlyRegistrationSchema>;

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(128, 'Password must be at most 128 characters.');

/** A sign-up also accepts the Terms and the Privacy Policy in force (docs/privacy.md). */
export const signupSchema = earlyRegistrationSchema.extend({ password: passwordSchema, ...acceptanceFields });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
  /** The second factor of an enrolled account: a 6-digit code from the app, or a recovery code. */
  code: secondFactorCodeSchema.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
