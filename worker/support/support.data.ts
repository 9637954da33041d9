/** Support requests in D1 (docs/support.md): the request, its one attachment's key, its status and its thread. */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { IssuePhotoType } from '../../core/lot-issues';
import { inboxKey, MAX_OPEN_SUPPORT_REQUESTS, MAX_SUPPORT_MESSAGES, type SupportCategory, type SupportStatus } from '../../core/support';
import { sqlStatement, statementOf, type DB } from '../db/client';
import { abortUnlessChanged } from '../db/guards';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { supportMessages, supportRequests, users } from '../db/schema';

export type NewSupportRequest = {
  id: string;
  authorId: string;
  category: SupportCategory;
  subject: string;
  text: string;
  createdAt: string;
};

/**
 * Records a request only while its author has fewer than MAX_OPEN_SUPPORT_REQUESTS open: the count and
 * the insert are one statement, so two requests at once cannot pass the cap together.
 */
export async function insertRequestWithinCap(db: DB, request: NewSupportRequest): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO support_requests (id, author_id, category, subject, text, status, created_at, last_message_at, inbox_key)
    SELECT ${request.id}, ${request.authorId}, ${request.category}, ${request.subject}, ${request.text}, 'open',
           ${request.createdAt}, ${request.createdAt}, ${inboxKey('open', request.createdAt)}
    WHERE (SELECT COUNT(*) FROM support_requests WHERE author_id = ${request.authorId} AND status = 'open') < ${MAX_OPEN_SUPPORT_REQUESTS}`);
  return result.meta.changes > 0;
}

const listed = {
  id: supportRequests.id,
  authorId: supportRequests.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
  category: supportRequests.category,
  subject: supportRequests.subject,
  text: supportRequests.text,
  status: supportRequests.status,
  attachmentKey: supportRequests.attachmentKey,
  attachmentType: supportRequests.attachmentType,
  createdAt: supportRequests.createdAt,
  lastMessageAt: supportRequests.lastMessageAt,
  inboxKey: supportRequests.inboxKey,
};

const requestRows = (db: DB) => db.select(listed).from(supportRequests).innerJoin(users, eq(users.id, supportRequests.authorId));

export type SupportRequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['limit']>>[number];

export async function findRequest(db: DB, id: string): Promise<SupportRequestRow | null> {
  const [row] = await requestRows(db).where(eq(supportRequests.id, id)).limit(1);
  return row ?? null;
}

/** How many of a person's requests "My requests" shows: the newest. */
const LIST_LIMIT = 50;

export const listRequestsOfAuthor = (db: DB, authorId: string) =>
  requestRows(db).where(eq(supportRequests.authorId, authorId)).orderBy(desc(supportRequests.createdAt)).limit(LIST_LIMIT);

/** The admin's inbox, a keyset page: open requests first, each newest activity first (core/support.ts inboxKey). */
export async function inboxPage<Item>(db: DB, page: PageRequest, view: (row: SupportRequestRow) => Item) {
  const rows = await requestRows(db)
    .where(afterCursor(supportRequests.inboxKey, supportRequests.id, page.cursor))
    .orderBy(...newestFirst(supportRequests.inboxKey, supportRequests.id))
    .limit(rowsToRead(page));
  return pageOf(rows, page, (row) => ({ key: row.inboxKey, id: row.id }), view);
}

/** Sets the request's one attachment, only by its author and only if it has none yet; answers whether it did. */
export async function setAttachmentOnce(
  db: DB,
  requestId: string,
  authorId: string,
  file: { key: string; type: IssuePhotoType; size: number },
) {
  const result = await db
    .update(supportRequests)
    .set({ attachmentKey: file.key, attachmentType: file.type, attachmentSize: file.size })
    .where(and(eq(supportRequests.id, requestId), eq(supportRequests.authorId, authorId), sql`${supportRequests.attachmentKey} IS NULL`));
  return result.meta.changes > 0;
}

export type NewSupportMessage = { id: string; requestId: string; authorId: string; fromSupport: boolean; text: string; createdAt: string };

/**
 * A message and the request's new status as statements of one batch: the message only while the
 * thread holds fewer than MAX_SUPPORT_MESSAGES (one statement), else the batch aborts (a full thread,
 * `changedMeanwhile`), so the caller's other statements (the reply's notification) go in only with it.
 */
export function messageStatements(db: DB, message: NewSupportMessage) {
  const status: SupportStatus = message.fromSupport ? 'answered' : 'open';
  return [
    sqlStatement(
      db,
      sql`INSERT INTO support_messages (id, request_id, author_id, from_support, text, created_at)
        SELECT ${message.id}, ${message.requestId}, ${message.authorId}, ${Number(message.fromSupport)}, ${message.text}, ${message.createdAt}
        WHERE (SELECT COUNT(*) FROM support_messages WHERE request_id = ${message.requestId}) < ${MAX_SUPPORT_MESSAGES}`,
    ),
    abortUnlessChanged(db),
    statementOf(
      db,
      db
        .update(supportRequests)
        .set({ status, lastMessageAt: message.createdAt, inboxKey: inboxKey(status, message.createdAt) })
        .where(eq(supportRequests.id, message.requestId)),
    ),
  ];
}

/** A request's thread, oldest first, with each author's name. */
export const listMessages = (db: DB, requestId: string) =>
  db
    .select({
      id: supportMessages.id,
      fromSupport: supportMessages.fromSupport,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      text: supportMessages.text,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, requestId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));

/** A page of answered requests quiet since the cutoff, for the retention job; their attachment keys too. */
export const answeredQuietBefore = (db: DB, before: string, limit: number) =>
  db
    .select({ id: supportRequests.id, key: supportRequests.attachmentKey })
    .from(supportRequests)
    .where(and(eq(supportRequests.status, 'answered'), lt(supportRequests.lastMessageAt, before)))
    .limit(limit);

/** Deletes these requests; their threads go with them (ON DELETE CASCADE). */
export const deleteRequests = (db: DB, ids: string[]) => db.delete(supportRequests).where(inArray(supportRequests.id, ids));
