/**
 * Mobile numbers (docs/account.md, Phone): held in E.164 (`+639171234567`), parsed and checked by
 * libphonenumber-js rather than a pattern of our own. The forms keep the sign-up mask, "+63 917-1234567";
 * the server normalises what they send.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE, maskMobile } from './signup';

/** The number in E.164, or null when it is not a valid number of its country. */
export function toE164(written: string): string | null {
  const parsed = parsePhoneNumberFromString(written, 'PH');
  return parsed?.isValid() ? parsed.number : null;
}

/** A number as the form's country picker and mask show it; an unknown or missing one starts blank at +63. */
export function phoneParts(phone: string | null): { code: string; number: string } {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  const code = parsed && `+${parsed.countryCallingCode}`;
  return code && (COUNTRY_CODES as readonly string[]).includes(code)
    ? { code, number: maskMobile(parsed.nationalNumber) }
    : { code: DEFAULT_COUNTRY_CODE, number: '' };
}

/** SMS goes only to Philippine mobiles: the gateway serves the Philippine networks alone. */
export const isPhilippineMobile = (e164: string) => parsePhoneNumberFromString(e164)?.country === 'PH';

/** A phone verification code: six digits, the only thing the SMS says besides its lifetime. */
export const PHONE_CODE_LENGTH = 6;

export const phoneCodeSchema = z.object({
  code: z
    .string({ error: 'Type the 6-digit code we texted you.' })
    .trim()
    .regex(/^\d{6}$/, 'Type the 6-digit code we texted you.'),
});

export const PHONE_NOT_VALID = 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.';
export const PHONE_CODE_NOT_VALID = 'This code is wrong, has expired or was tried too often. Ask for a new one.';
/** What Settings shows when the server has no SMS gateway key. */
export const SMS_OFF = 'Text messages are not set up on this server.';

/**
 * Why a text is sent, which decides who may receive it: notices (reminders, the no-show expiry) only
 * with SMS Notifications on; security notices (password changed) whatever the preference; both only to
 * a verified number. Every text only to a Philippine mobile.
 */
export type SmsCategory = 'account' | 'notice' | 'security';

/** `account`: the number's own verification code, which goes to it unverified, whatever the preference. */
export const maySms = (category: SmsCategory, to: { phone: string | null; verified: boolean; smsNotifications: boolean }) =>
  to.phone !== null &&
  isPhilippineMobile(to.phone) &&
  (category === 'account' || (to.verified && (category === 'security' || to.smsNotifications)));
