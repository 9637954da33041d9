/**
 * The audit trail of privileged and money-moving acts. An entry is a statement to put in the same D1
 * batch as the act it records: a failed act leaves no entry, a committed one always has one.
 */
import { statementOf, type DB } from '../db/client';
import { newId } from '../db/ids';
import { auditLogs } from '../db/schema';
import type { SessionUser } from '../env';

export type AuditEntry = { action: string; subject: string; context?: Record<string, unknown> };

export const auditStatement = (d1: D1Database, db: DB, actor: SessionUser, entry: AuditEntry) =>
  statementOf(
    d1,
    db.insert(auditLogs).values({
      id: newId(),
      actorId: actor.id,
      actor: `${actor.firstName} ${actor.lastName} <${actor.email}>`,
      action: entry.action,
      subject: entry.subject,
      contextJson: JSON.stringify(entry.context ?? {}),
    }),
  );
