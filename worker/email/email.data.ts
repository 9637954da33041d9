import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '../db/client';
import { emailDeliveries } from '../db/schema';

/** Claims a notice for sending; false when it was claimed before (the Queue delivered its message again). */
export async function claimNotice(db: DB, noticeId: string, userId: string, kind: string, now: number): Promise<boolean> {
  const claimed = await db
    .insert(emailDeliveries)
    .values({ noticeId, userId, kind, claimedAt: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ noticeId: emailDeliveries.noticeId });
  return claimed.length > 0;
}

/** The binding took the message: its id, for tracing a complaint back to a send. */
export const recordSent = (db: DB, noticeId: string, messageId: string) =>
  db.update(emailDeliveries).set({ messageId }).where(eq(emailDeliveries.noticeId, noticeId));

/** Sending failed: the claim is let go so the Queue's next delivery tries again. */
export const releaseNotice = (db: DB, noticeId: string) =>
  db.delete(emailDeliveries).where(and(eq(emailDeliveries.noticeId, noticeId), isNull(emailDeliveries.messageId)));
