/** A user's sign-ins, one row each under the session's key (sessions.service.ts): what a sign-out revokes. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DB } from '../db/client';
import { sessions } from '../db/schema';

export const insertSession = (db: DB, session: typeof sessions.$inferInsert) => db.insert(sessions).values(session);

/** Revokes one session, unless it was revoked already. */
export const revokeSession = (db: DB, key: string, revokedAt: string) =>
  db
    .update(sessions)
    .set({ revokedAt })
    .where(and(eq(sessions.id, key), isNull(sessions.revokedAt)));

/** Revokes every live session of the user begun after `since`, but the one kept (by its key); answers their keys. */
export const revokeSessionsSince = (db: DB, userId: string, since: string, revokedAt: string, kept: string | null = null) =>
  db
    .update(sessions)
    .set({ revokedAt })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.createdAt, since),
        kept === null ? undefined : ne(sessions.id, kept),
      ),
    )
    .returning({ key: sessions.id });
