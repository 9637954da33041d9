/**
 * A mobile number proven by a 6-digit code texted to it (docs/account.md, Phone), through the one
 * verification path (`prepareCode`/`consumeCode`, type 'phone'): hashed, 10 minutes, 5 tries, and a
 * few codes an hour per account, per number and per client address. The code is made by the SMS consumer when it texts, so it never sits in the Queue.
 */
import { isPhilippineMobile, PHONE_CODE_NOT_VALID, SMS_OFF } from '../../core/phone';
import { refusal } from '../../core/refusal';
import { takePhoneCodeRequest, userView } from '../auth/auth.service';
import { consumeCode } from '../verification/verification.service';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { queueSms, smsAvailable } from '../sms/sms.service';
import { findUserById, markPhoneVerified } from '../users/users.data';

/** Whether the server can text (Settings → Notifications says so when it cannot). */
export { smsAvailable } from '../sms/sms.service';

/** The number a code may be sent to: set, Philippine, not verified yet, and SMS on. */
function codeTarget(env: Bindings, user: SessionUser): string {
  // A 409, not a 503: the server is up and answers, it only has no gateway to text through.
  if (!smsAvailable(env)) throw refusal('conflict', SMS_OFF);
  if (!user.phone) throw refusal('conflict', 'Add your mobile number to your profile first.');
  if (!isPhilippineMobile(user.phone)) throw refusal('conflict', 'Only Philippine mobile numbers can receive texts from Parkada.');
  if (user.phoneVerifiedAt) throw refusal('conflict', 'This mobile number is already verified.');
  return user.phone;
}

/** POST /api/account/phone/verify: a code is texted to the profile's number, within the account's, the number's and the client's limits. */
export async function requestPhoneCode(env: Bindings, user: SessionUser, ip: string, now = Date.now()) {
  const phone = codeTarget(env, user);
  await takePhoneCodeRequest(env, { userId: user.id, phone, ip }, now);
  // No text yet: the SMS consumer makes the code as it texts it (`phoneCodeText`).
  await queueSms(env, { userId: user.id, category: 'account', kind: 'phone-code', text: '' });
  return { message: `We are texting a 6-digit code to ${phone}. It works for 10 minutes.` };
}

/** POST /api/account/phone/verify/confirm: the right code, in time, verifies the number it was texted to; answers the user as the session now sees them. */
export async function confirmPhoneCode(db: DB, user: SessionUser, code: string, now = Date.now()) {
  if (!user.phone) throw refusal('conflict', 'Add your mobile number to your profile first.');
  if (!(await consumeCode(db, 'phone', user.phone, code, now))) throw refusal('invalid', PHONE_CODE_NOT_VALID);
  await markPhoneVerified(db, user.id, user.phone, new Date(now).toISOString());
  return userView((await findUserById(db, user.id))!);
}
