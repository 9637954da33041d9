/**
 * The audit trail of privileged and money-moving acts. An entry is a statement to put in the same D1
 * batch as the act it records: a failed act leaves no entry, a committed one always has one.
 */
import type { AuditAction } from '../../core/audit';
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { newId } from '../db/ids';
import { auditLogs } from '../db/schema';
import type { SessionUser } from '../env';

export type AuditEntry = { action: AuditAction; subject: string; context?: Record<string, unknown> };

/** Who acts without an account: a merchant's cashier link, the token its authority (docs/passes.md). */
export type AccountlessActor = { accountless: string };

/** How an entry names the person who acted (a deleted person's reads "Deleted user <deleted-…>"). */
export const actorLabel = (user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName} <${user.email}>`;

/** Who the entry names: a request through an API key is its account's act, under the key's name. */
const actorOf = (actor: SessionUser | AccountlessActor) => {
  if ('accountless' in actor) return { actorId: null, actor: actor.accountless };
  return { actorId: actor.id, actor: actor.viaApiKey === undefined ? actorLabel(actor) : `API key ${actor.viaApiKey}` };
};

export const auditStatement = (db: DB, actor: SessionUser | AccountlessActor, entry: AuditEntry) =>
  statementOf(
    db,
    db.insert(auditLogs).values({
      id: newId(),
      ...actorOf(actor),
      action: entry.action,
      subject: entry.subject,
      contextJson: JSON.stringify(entry.context ?? {}),
    }),
  );

type AuditRow = typeof auditLogs.$inferSelect;

/** What the audit log screen filters by; `actor` is a user id or part of the actor's name or e-mail. */
export type AuditFilter = { actor?: string; action?: AuditAction; since?: string; before?: string };

const toView = ({ contextJson, ...row }: AuditRow) => ({ ...row, context: JSON.parse(contextJson) as Record<string, unknown> });

/** A page of the audit trail, newest first. */
export async function listAuditLogs(db: DB, filter: AuditFilter, page: PageRequest) {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(
      and(
        filter.actor
          ? or(eq(auditLogs.actorId, filter.actor), sql`instr(lower(${auditLogs.actor}), ${filter.actor.toLowerCase()}) > 0`)
          : undefined,
        filter.action ? eq(auditLogs.action, filter.action) : undefined,
        filter.since ? gte(auditLogs.timestamp, filter.since) : undefined,
        filter.before ? lt(auditLogs.timestamp, filter.before) : undefined,
        afterCursor(auditLogs.timestamp, auditLogs.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(auditLogs.timestamp, auditLogs.id))
    .limit(rowsToRead(page));
  return pageOf(rows, page, (row) => ({ key: row.timestamp, id: row.id }), toView);
}
