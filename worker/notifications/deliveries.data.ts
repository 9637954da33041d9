/**
 * A notice claimed per channel before it is sent (`email_deliveries`, `sms_deliveries`): a message the
 * Queue delivers again finds its notice claimed and sends nothing; a failed send lets the claim go.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
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

/** A retry waits 30 s, then twice as long each time, up to 10 minutes (then the dead-letter queue). */
export const retryDelay = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 600);

/**
 * A channel's queue() handler: each message delivered by `deliver`, or, when it throws, the failure
 * recorded for System Health (as `job`, about `subject`), its claim let go and the message retried later.
 */
export async function consumeDeliveries<Job extends { noticeId: string }>(
  batch: MessageBatch<Job>,
  env: Bindings,
  channel: { name: DeliveryChannel; job: string; subject: (job: Job) => string },
  deliver: (db: DB, job: Job) => Promise<void>,
): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      await deliver(db, message.body);
      message.ack();
    } catch (error) {
      await recordBackgroundFailure(env.DB, { job: channel.job, subject: channel.subject(message.body), error }, Date.now());
      await releaseNotice(db, channel.name, message.body.noticeId).catch(() => undefined);
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}
