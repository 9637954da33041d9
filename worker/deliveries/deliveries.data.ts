/**
 * A notice claimed per channel before it is sent (`email_deliveries`, `sms_deliveries`): a message the
 * Queue delivers again finds its notice claimed and sends nothing; a failed send lets the claim go.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '../db/client';
import { emailDeliveries, smsDeliveries } from '../db/schema';

export type DeliveryChannel = 'email' | 'sms';

const TABLES = { email: emailDeliveries, sms: smsDeliveries };

/** Claims a notice for sending; false when it was claimed before (the Queue delivered its message again). */
export async function claimNotice(
  db: DB,
  channel: DeliveryChannel,
  notice: { noticeId: string; userId: string; kind: string },
  now: number,
) {
  const table = TABLES[channel];
  const claimed = await db
    .insert(table)
    .values({ ...notice, claimedAt: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ noticeId: table.noticeId });
  return claimed.length > 0;
}

/** The service took the message: its id, for tracing a complaint back to a send. */
export const recordSent = (db: DB, channel: DeliveryChannel, noticeId: string, messageId: string) =>
  db.update(TABLES[channel]).set({ messageId }).where(eq(TABLES[channel].noticeId, noticeId));

/** Sending failed: the claim is let go so the Queue's next delivery tries again. */
export const releaseNotice = (db: DB, channel: DeliveryChannel, noticeId: string) =>
  db.delete(TABLES[channel]).where(and(eq(TABLES[channel].noticeId, noticeId), isNull(TABLES[channel].messageId)));
