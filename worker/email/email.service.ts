/**
 * E-mail on Cloudflare Email Service (docs/notifications.md, E-mail). A flow that has something to
 * say queues one message per notice, after its own writes have committed, so a failing mail service
 * never fails a booking or a sign-up. The consumer claims the notice (a redelivered message finds it
 * claimed and sends nothing), checks who may receive it (core/email.ts), makes the link a verification
 * needs at that moment (its token never sits in the Queue), renders HTML and text, and hands it to the
 * `EMAIL` binding. A failure is recorded for System Health and retried with growing delays; five
 * failures land in the dead-letter queue.
 */
import {
  EMAIL_CATEGORIES,
  emailContent,
  mayEmail,
  renderEmail,
  type EmailNotice,
  type NoticeMail,
  type ReceiptMailFacts,
} from '../../core/email';
import type { LinkType } from '../../core/verification';
import { readPreferences } from '../preferences/preferences.data';
import { prepareVerification } from '../verification/verification.service';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { findUserById } from '../users/users.data';
import { claimForSending, consumeDeliveries, markSent } from '../deliveries/deliveries.service';
import { unsubscribeLink } from './unsubscribe.service';

export const EMAIL_QUEUE = 'parkada-email';
/** The sender when MAIL_FROM is not configured. */
const DEFAULT_FROM = 'noreply@parkada.ph';

/** An app notice as queued: its link is a path of the app, made whole with the origin when sent. */
export type NoticeRequest = Omit<NoticeMail, 'link'> & { link?: { label: string; path: string } };

/** What a flow asks to send; a link's token is made by the consumer, when the e-mail is sent. */
export type EmailRequest =
  | { kind: 'verify-email' }
  | { kind: 'reset-password' }
  | Extract<EmailNotice, { kind: 'password-changed' | 'second-factor-changed' | 'new-sign-in' }>
  | { kind: 'attendant-invitation'; lotName: string; invitedBy: string }
  /** To the new address, which the account does not have yet. */
  | { kind: 'confirm-new-email'; newEmail: string }
  /** To the old address, which the account no longer has. */
  | { kind: 'email-changed'; oldEmail: string; newEmail: string; at: string }
  | ({ kind: 'notice' } & NoticeRequest)
  /** A receipt or credit note just issued (worker/receipts/receipt-mail.service.ts), with what it says. */
  | { kind: 'receipt'; documentId: string; mail: ReceiptMailFacts };

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

declare module '../env' {
  interface Bindings {
    /** One message per e-mail notice, for the e-mail consumer. */
    EMAIL_QUEUE: Queue<EmailJob>;
  }
}

/**
 * Queues one e-mail notice. Called after the flow's writes have committed; never throws, so the flow
 * succeeds whatever the Queue does (the failure shows in System Health). `noticeId`: the notice's own
 * key when it may be made twice (a lot timer delivered again), so it is still e-mailed once.
 */
export async function queueEmail(
  env: Bindings,
  userId: string,
  origin: string,
  request: EmailRequest,
  noticeId: string = crypto.randomUUID(),
): Promise<void> {
  const job: EmailJob = { noticeId, userId, origin, request };
  try {
    await env.EMAIL_QUEUE.send(job);
  } catch (error) {
    await recordBackgroundFailure(env.DB, { job: 'E-mail', subject: `${request.kind} ${userId}`, error }, Date.now());
  }
}

/** The worker's queue() handler of the e-mail Queue. */
export const consumeEmail = (batch: MessageBatch<EmailJob>, env: Bindings) =>
  consumeDeliveries(batch, env, { name: 'email', job: 'E-mail', subject: (job) => `${job.request.kind} ${job.noticeId}` }, (db, job) =>
    deliver(env, db, job),
  );

/** Sends one notice, at most once: nothing when it was claimed before or its recipient may not get it. */
async function deliver(env: Bindings, db: DB, { noticeId, userId, origin, request }: EmailJob, now = Date.now()): Promise<void> {
  const user = await findUserById(db, userId);
  if (
    !user ||
    !(await claimForSending(db, 'email', { noticeId, userId, kind: request.kind }, now)) ||
    !(await mayReceive(db, user, request))
  )
    return;
  const notice = await noticeFor(db, user, origin, request, now);
  const promotional = EMAIL_CATEGORIES[request.kind] === 'promotional';
  const unsubscribeUrl = promotional ? await unsubscribeLink(env, origin, user.id) : undefined;
  const email = renderEmail(emailContent(notice), { to: recipientOf(user, request), firstName: user.firstName, origin, unsubscribeUrl });
  const { messageId } = await env.EMAIL.send({ from: { email: env.MAIL_FROM ?? DEFAULT_FROM, name: 'Parkada' }, ...email });
  await markSent(db, 'email', noticeId, messageId);
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
  if (
    request.kind === 'password-changed' ||
    request.kind === 'second-factor-changed' ||
    request.kind === 'new-sign-in' ||
    request.kind === 'email-changed'
  )
    return request;
  if (request.kind === 'notice') {
    const { link, ...mail } = request;
    return { ...mail, link: link && { label: link.label, url: `${origin}${link.path}` } };
  }
  if (request.kind === 'receipt') return { kind: 'receipt', ...request.mail, documentUrl: `${origin}/receipt/${request.documentId}` };
  // A new address's link names the account it is for; every other link's target is the account's own address.
  const target = recipientOf(user, request);
  const userId = request.kind === 'confirm-new-email' ? user.id : undefined;
  const { link, expiresAt } = await prepareVerification(db, { type: LINK_OF[request.kind], target, userId, origin, now });
  return { ...request, link, expiresAt };
}
