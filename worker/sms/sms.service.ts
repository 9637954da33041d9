/**
 * SMS through a Philippine gateway (docs/notifications.md, SMS). As e-mail: a flow queues one message
 * per notice on `parkada-sms` after its writes committed, and the consumer claims the notice (a
 * redelivered message sends nothing), checks who may be texted (core/phone.ts) and sends it through
 * Semaphore. A failure is recorded for System Health and retried with growing delays; five failures land
 * in the dead-letter queue. Without SMS_API_KEY, SMS is off and nothing is queued.
 */
import { maySms, type SmsCategory } from '../../core/phone';
import { readPreferences } from '../preferences/preferences.data';
import type { DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { claimForSending, consumeDeliveries, markSent } from '../deliveries/deliveries.service';
import { prepareCode } from '../verification/verification.service';
import { formatTime } from '../../core/time';
import { VERIFICATION_LIFETIME_MS } from '../../core/verification';
import { findUserById } from '../users/users.data';
import { sendSms } from './semaphore';

export const SMS_QUEUE = 'parkada-sms';

/** One text on the SMS Queue: what to say to whom, and why (which decides whether they may get it); a phone code's text is made when sent. */
export type SmsJob = { noticeId: string; userId: string; category: SmsCategory; kind: string; text: string };

declare module '../env' {
  interface Bindings {
    /** One message per text, for the SMS consumer. */
    SMS_QUEUE: Queue<SmsJob>;
  }
}

/** SMS is on when the gateway's key is set. */
export const smsAvailable = (env: Bindings) => Boolean(env.SMS_API_KEY);

/** Queues one text, when SMS is on. Never throws: a failure to queue is recorded for System Health. */
export async function queueSms(env: Bindings, job: Omit<SmsJob, 'noticeId'>, noticeId: string = crypto.randomUUID()) {
  if (!smsAvailable(env)) return;
  try {
    await env.SMS_QUEUE.send({ noticeId, ...job });
  } catch (error) {
    await recordBackgroundFailure(env.DB, { job: 'SMS', subject: `${job.kind} ${job.userId}`, error }, Date.now());
  }
}

/** The worker's queue() handler of the SMS Queue. */
export const consumeSms = (batch: MessageBatch<SmsJob>, env: Bindings) =>
  consumeDeliveries(batch, env, { name: 'sms', job: 'SMS', subject: (job) => `${job.kind} ${job.noticeId}` }, (db, job) =>
    deliver(env, db, job),
  );

/** The text of a new code for this number (docs/account.md, Phone), the earlier one replaced. */
async function phoneCodeText(db: DB, phone: string, now: number) {
  const { code, expiresAt } = await prepareCode(db, { type: 'phone', target: phone, now });
  return `Parkada: your code is ${code}. It works until ${formatTime(expiresAt)} (${VERIFICATION_LIFETIME_MS.phone / 60_000} minutes). Never share it.`;
}

/** Texts one notice, at most once: nothing when it was claimed before, SMS is off, or its recipient may not get it. */
async function deliver(env: Bindings, db: DB, { noticeId, userId, category, kind, text }: SmsJob, now = Date.now()): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !smsAvailable(env) || !(await claimForSending(db, 'sms', { noticeId, userId, kind }, now))) return;
  const { smsNotifications } = await readPreferences(db, userId);
  if (!maySms(category, { phone: user.phone, verified: user.phoneVerifiedAt !== null, smsNotifications })) return;
  // A code is made as it is texted: it never sits in the Queue.
  const body = kind === 'phone-code' ? await phoneCodeText(db, user.phone!, now) : text;
  const { messageId } = await sendSms(env, user.phone!, body);
  await markSent(db, 'sms', noticeId, messageId);
}
