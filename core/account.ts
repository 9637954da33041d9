/** Profile and preferences contracts, shared by the worker's validation and the settings screen, so both refuse alike. */
import { z } from 'zod';
import { mobileSchema } from './signup';

/** A Philippine mobile is 09XX-XXX-XXXX at home: +63 then 9XX-XXXXXXX in the sign-up mask. */
const PH_MOBILE_MESSAGE = 'Please enter a Philippine mobile number such as +63 917-1234567.';
const PH_MOBILE = /^9\d{2}-\d{7}$/;

/** The profile phone: the sign-up rule, and a full Philippine mobile when the code is +63. */
const profilePhoneSchema = mobileSchema.refine((value) => {
  const [code, number] = value.split(' ');
  return code !== '+63' || PH_MOBILE.test(number);
}, PH_MOBILE_MESSAGE);

const name = (label: string) => z.string().trim().min(1, `${label} is required.`).max(80, `${label} is too long (80 characters at most).`);

export const profileSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: profilePhoneSchema,
});

export type Profile = z.output<typeof profileSchema>;

/** The profile as Settings edits it: the phone's country code and number apart, sent as one and checked as the request. */
export const profileFormSchema = z
  .object({ firstName: z.string(), lastName: z.string(), countryCode: z.string(), number: z.string() })
  .transform(({ countryCode, number, ...names }) => ({ ...names, phone: `${countryCode} ${number}` }))
  .pipe(profileSchema);

export const DURATION_OPTIONS = ['1', '2', '4', '8', '24'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** Every field optional: a PATCH changes only what it names. */
export const preferencesSchema = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    bookingReminders: z.boolean(),
    promotionalEmails: z.boolean(),
    defaultDuration: z.enum(DURATION_OPTIONS, { error: 'Default duration must be 1, 2, 4, 8 or 24 hours.' }),
    autoExtend: z.boolean(),
    theme: z.enum(THEMES, { error: 'Theme must be light, dark or system.' }),
  })
  .partial()
  .strict();

export type PreferenceChanges = z.output<typeof preferencesSchema>;
