/**
 * Help that reaches a person (docs/support.md): anyone signed in, a suspended person too, writes to
 * Parkada support; the super admins answer from their inbox, each reply noticed to the author in the
 * app, on their phone and by e-mail. Only the author and the super admins read a request: anyone
 * else is told it does not exist. The one attachment lives in R2 (./support-attachments.service.ts).
 */
import { MAX_OPEN_SUPPORT_REQUESTS, MAX_SUPPORT_MESSAGES, SUPPORT_CATEGORY_LABELS } from '../../core/support';
import type { SupportMessageInput, SupportRequestInput } from '../../core/support-request';
import { notFound, refusal } from '../../core/refusal';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { PageRequest } from '../db/pages';
import type { Bindings, SessionUser } from '../env';
import { sendNotice } from '../notifications/notifications.service';
import { notificationStatement } from '../notifications/notifications.statements';
import {
  answeredQuietBefore,
  deleteRequests,
  findRequest,
  inboxPage,
  insertRequestWithinCap,
  listMessages,
  listRequestsOfAuthor,
  messageStatements,
  type SupportRequestRow,
} from './support.data';

export type SupportContext = { env: Bindings; db: DB; user: SessionUser };

const nameOf = (first: string, last: string) => `${first} ${last.slice(0, 1)}.`;

function requestView(request: SupportRequestRow) {
  return {
    id: request.id,
    category: request.category,
    categoryLabel: SUPPORT_CATEGORY_LABELS[request.category],
    subject: request.subject,
    text: request.text,
    status: request.status,
    authorName: nameOf(request.authorFirstName, request.authorLastName),
    attachmentUrl: request.attachmentKey ? `/api/support/${request.id}/attachment` : null,
    createdAt: request.createdAt,
    lastMessageAt: request.lastMessageAt,
  };
}

/** The request, for its author and the super admins; anyone else is told it does not exist. */
export async function requestFor(db: DB, user: SessionUser, id: string) {
  const request = await findRequest(db, id);
  const author = request?.authorId === user.id;
  if (!request || !(author || user.role === 'super_admin')) throw notFound('Support request');
  return { request, author };
}

/** POST /api/support: a new request, open, while the author has fewer than the cap open. */
export async function writeToSupport(ctx: SupportContext, input: SupportRequestInput) {
  const id = newId();
  const written = await insertRequestWithinCap(ctx.db, { id, authorId: ctx.user.id, ...input, createdAt: new Date().toISOString() });
  if (!written)
    throw refusal(
      'too_many_attempts',
      `You have ${MAX_OPEN_SUPPORT_REQUESTS} requests waiting for an answer. Add to one of them, or wait until support answers.`,
    );
  return { id };
}

/** GET /api/support: the person's own requests, newest first ("My requests"). */
export const myRequests = async (db: DB, userId: string) => (await listRequestsOfAuthor(db, userId)).map(requestView);

/** GET /api/support/:id and the admin's view of it: the request and its thread. */
export async function requestWithThread(ctx: SupportContext, id: string) {
  const { request } = await requestFor(ctx.db, ctx.user, id);
  const messages = (await listMessages(ctx.db, id)).map(({ authorFirstName, authorLastName, ...message }) => ({
    ...message,
    authorName: message.fromSupport ? 'Parkada support' : nameOf(authorFirstName, authorLastName),
  }));
  return { ...requestView(request), authorEmail: ctx.user.role === 'super_admin' ? request.authorEmail : undefined, messages };
}

/** GET /api/admin/support: every request, open first, each newest activity first. */
export const supportInbox = (db: DB, page: PageRequest) => inboxPage(db, page, requestView);

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * A message in the thread, in one batch with the request's new status (and the reply's notification):
 * the author's reopens it, support's answers it. A full thread is a 409.
 */
async function addMessage(ctx: SupportContext, request: SupportRequestRow, text: string, fromSupport: boolean) {
  const message = { id: newId(), requestId: request.id, authorId: ctx.user.id, fromSupport, text, createdAt: new Date().toISOString() };
  const note = {
    type: 'SUPPORT_REPLY' as const,
    title: `Support replied: ${request.subject}`,
    message: excerpt(text),
    metadata: { supportRequestId: request.id },
  };
  try {
    await commit(ctx.db, [
      ...messageStatements(ctx.db, message),
      ...(fromSupport ? [notificationStatement(ctx.db, request.authorId, note)] : []),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', `This request's thread is full (${MAX_SUPPORT_MESSAGES} messages).`);
    throw error;
  }
  if (fromSupport)
    await afterCommit('Support reply notice', () =>
      sendNotice(ctx, request.authorId, {
        note,
        writtenInApp: true,
        push: { url: `/support/${request.id}`, tag: `support:${request.id}` },
        email: { link: { label: 'Read the reply', path: `/support/${request.id}` } },
      }),
    );
  return requestWithThread(ctx, request.id);
}

/** POST /api/support/:id/messages: the author answers in their thread. */
export async function answerAsAuthor(ctx: SupportContext, id: string, input: SupportMessageInput) {
  const { request, author } = await requestFor(ctx.db, ctx.user, id);
  if (!author) throw refusal('forbidden', 'Reply as Parkada support from the Support inbox.');
  return addMessage(ctx, request, input.text, false);
}

/** POST /api/admin/support/:id/messages: a super admin replies as Parkada support; the author is told. */
export async function replyAsSupport(ctx: SupportContext, id: string, input: SupportMessageInput) {
  const { request } = await requestFor(ctx.db, ctx.user, id);
  return addMessage(ctx, request, input.text, true);
}

/** How many requests the retention job deletes at a time. */
const RETENTION_PAGE = 100;

/**
 * The daily retention (docs/privacy.md): answered requests quiet since `before`, deleted page by page
 * with their threads; the attachment first and the row after, so a failure between leaves a row to try
 * again. Answers how many were deleted.
 */
export async function deleteQuietRequests(env: Bindings, db: DB, before: string) {
  let deleted = 0;
  for (;;) {
    const page = await answeredQuietBefore(db, before, RETENTION_PAGE);
    const keys = page.flatMap((request) => (request.key ? [request.key] : []));
    if (keys.length) await env.ISSUE_PHOTOS.delete(keys);
    if (page.length)
      await deleteRequests(
        db,
        page.map((request) => request.id),
      );
    deleted += page.length;
    if (page.length < RETENTION_PAGE) return deleted;
  }
}
