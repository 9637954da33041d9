/**
 * Sign-up and early-registration rules. The sign-up form is checked by the same schema before
 * sending and shows its messages under the fields, with a toast that sums them up; a request that
 * skips the form gets the same words back in its 400.
 */
import { z } from 'zod';
import { secondFactorCodeSchema } from './second-factor';
import { CURRENT_VERSIONS } from './legal';
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

/** How a missing field is named: the notice over the form gathers them into one line. */
const MISSING = 'Please fill in: ';

const name = (label: string) =>
  z
    .string({ error: `${MISSING}${label}` })
    .trim()
    .min(1, `${MISSING}${label}`)
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

/** The sign-up form as filled in: the country code apart from the masked number, and a box ticked for the Terms in force. */
const typedSignup = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.enum(COUNTRY_CODES),
  mobile: z.string(),
  role: z.string(),
  password: z.string(),
  agreed: z.boolean(),
});
export type SignupFormValues = z.input<typeof typedSignup>;

export const signupFormSchema = typedSignup
  .transform(
    ({ countryCode, mobile, agreed, ...fields }) =>
      ({
        ...fields,
        // No number is a missing one, whatever the country code.
        mobile: mobile.trim() && `${countryCode} ${mobile.trim()}`,
        // Unticked, no versions are accepted: the request's own refusal.
        ...(agreed ? CURRENT_VERSIONS : {}),
      }) as SignupInput,
  )
  .pipe(signupSchema);

type Notice = { title: string; description: string };

const NOTICE_TITLES: Partial<Record<keyof SignupInput, string>> = {
  email: 'Invalid Email',
  mobile: 'Invalid Mobile Number',
  password: 'Check your password',
  termsVersion: 'Terms Not Accepted',
  privacyVersion: 'Terms Not Accepted',
};

/**
 * The toast over a refused sign-up form, from the schema's problems in the form's order: every
 * missing field by its label in one line, else the first problem, or null when there is none.
 */
export function signupNotice(problems: readonly { field: string; message: string; code?: string }[]): Notice | null {
  const missing = problems.filter((problem) => problem.message.startsWith(MISSING)).map((problem) => problem.message.slice(MISSING.length));
  if (missing.length) return { title: 'Missing Required Fields', description: `${MISSING}${missing.join(', ')}` };
  const [first] = problems;
  if (!first) return null;
  const tooShort = first.field === 'password' && first.code === 'too_small';
  return {
    title: tooShort ? 'Password Too Short' : (NOTICE_TITLES[first.field as keyof SignupInput] ?? 'Check the form'),
    description: first.message,
  };
}
