/**
 * E-mail on Cloudflare Email Service (docs/notifications.md, E-mail). A flow that has something to
 * say queues one message per notice, after its own writes have committed, so a failing mail service
 * never fails a booking or a sign-up. The consumer claims the notice (a redelivered message finds it
 * claimed and sends nothing), checks who may receive it (core/email.ts), makes the link a verification
 * needs at that moment (its token never sits in the Queue), renders HTML and text, and hands it to the
 * `EMAIL` binding. A failure is recorded for System Health and retried with growing delays; five
 * failures land in the dead-letter queue.
 */
import { EMAIL_CATEGORIES, emailContent, mayEmail, renderEmail, type EmailNotice } from '../../core/email';
import type { LinkType } from '../../core/verification';
import { readPreferences } from '../account/preferences.data';
import { prepareVerification } from '../auth/verification.service';
import { createDb, type DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { findUserById } from '../users/users.data';
import { claimNotice, recordSent, releaseNotice } from './email.data';
import { unsubscribeLink } from './unsubscribe';

export const EMAIL_QUEUE = 'parkada-email';
/** The sender when MAIL_FROM is not configured. */
const DEFAULT_FROM = 'noreply@parkada.ph';

/** What a flow asks to send; a link's token is made by the consumer, when the e-mail is sent. */
export type EmailRequest =
  | { kind: 'verify-email' }
  | { kind: 'reset-password' }
  | Extract<EmailNotice, { kind: 'password-changed' | 'second-factor-changed' }>
  | { kind: 'attendant-invitation'; lotName: string; invitedBy: string }
  /** To the new address, which the account does not have yet. */
  | { kind: 'confirm-new-email'; newEmail: string }
  /** To the old address, which the account no longer has. */
  | { kind: 'email-changed'; oldEmail: string; newEmail: string; at: string };

/** The verification each link-carrying e-mail makes when it is sent. */
const LINK_OF = {
  'verify-email': 'verify-email',
  'reset-password': 'reset-password',
  'attendant-invitation': 'invitation',
  'confirm-new-email': 'change-email',
} as const satisfies Record<string, LinkType>;

/** Where a notice goes: the account's address, but for the two about a change of it. */
const recipientOf = (user: SessionUser, request: EmailRequest) =>
  request.kind === 'confirm-new-email' ? request.newEmail : request.kind === 'email-changed' ? request.oldEmail : user.email;

/** One message on the e-mail Queue: a notice for one person, with the origin its links lead to. */
export type EmailJob = { noticeId: string; userId: string; origin: string; request: EmailRequest };

/** A retry waits 30 s, then twice as long each time, up to 10 minutes (then the dead-letter queue). */
const retryDelay = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 600);

/** Where links in e-mails lead: APP_ORIGIN when configured, else the origin the request came to. */
export const linkOrigin = (env: Bindings, requestUrl: string) => env.APP_ORIGIN ?? new URL(requestUrl).origin;

/**
 * Queues one e-mail notice. Called after the flow's writes have committed; never throws, so the flow
 * succeeds whatever the Queue does (the failure shows in System Health).
 */
export async function queueEmail(env: Bindings, userId: string, origin: string, request: EmailRequest): Promise<void> {
  const job: EmailJob = { noticeId: crypto.randomUUID(), userId, origin, request };
  try {
    await env.EMAIL_QUEUE.send(job);
  } catch (error) {
    await recordBackgroundFailure(env.DB, { job: 'E-mail', subject: `${request.kind} ${userId}`, error }, Date.now());
  }
}

/** The worker's queue() handler of the e-mail Queue. */
export async function consumeEmail(batch: MessageBatch<EmailJob>, env: Bindings): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      await deliver(env, db, message.body);
      message.ack();
    } catch (error) {
      await recordBackgroundFailure(
        env.DB,
        { job: 'E-mail', subject: `${message.body.request.kind} ${message.body.noticeId}`, error },
        Date.now(),
      );
      await releaseNotice(db, message.body.noticeId).catch(() => undefined);
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}

/** Sends one notice, at most once: nothing when it was claimed before or its recipient may not get it. */
async function deliver(env: Bindings, db: DB, { noticeId, userId, origin, request }: EmailJob, now = Date.now()): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await claimNotice(db, noticeId, userId, request.kind, now)) || !(await mayReceive(db, user, request))) return;
  const notice = await noticeFor(db, user, origin, request, now);
  const promotional = EMAIL_CATEGORIES[request.kind] === 'promotional';
  const unsubscribeUrl = promotional ? await unsubscribeLink(env, origin, user.id) : undefined;
  const email = renderEmail(emailContent(notice), { to: recipientOf(user, request), firstName: user.firstName, origin, unsubscribeUrl });
  const { messageId } = await env.EMAIL.send({ from: { email: env.MAIL_FROM ?? DEFAULT_FROM, name: 'Parkada' }, ...email });
  await recordSent(db, noticeId, messageId);
}

async function mayReceive(db: DB, user: SessionUser, request: EmailRequest): Promise<boolean> {
  // Asked before the address was verified, sent after: nothing left to confirm. A suspended account resets nothing.
  // An invitation opened (or an address verified by a reset) leaves nothing to confirm either.
  if ((request.kind === 'verify-email' || request.kind === 'attendant-invitation') && user.emailVerifiedAt) return false;
  if (request.kind === 'reset-password' && user.suspendedAt) return false;
  const prefs = await readPreferences(db, user.id);
  return mayEmail(EMAIL_CATEGORIES[request.kind], { verified: user.emailVerifiedAt !== null, ...prefs });
}

async function noticeFor(db: DB, user: SessionUser, origin: string, request: EmailRequest, now: number): Promise<EmailNotice> {
  if (request.kind === 'password-changed' || request.kind === 'second-factor-changed' || request.kind === 'email-changed') return request;
  // A new address's link names the account it is for; every other link's target is the account's own address.
  const target = recipientOf(user, request);
  const userId = request.kind === 'confirm-new-email' ? user.id : undefined;
  const { link, expiresAt } = await prepareVerification(db, { type: LINK_OF[request.kind], target, userId, origin, now });
  return { ...request, link, expiresAt };
}
