/**
 * How the channels' Queues deliver (docs/notifications.md): each notice claimed once per channel
 * (deliveries.data.ts), and a failed send recorded for System Health and tried again later.
 */
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { claimNotice, recordSent, releaseNotice, type DeliveryChannel } from './deliveries.data';

/** A notice claimed for sending on `channel`; false when it was claimed before (its Queue delivered it again): send nothing. */
export const claimForSending = (
  db: DB,
  channel: DeliveryChannel,
  notice: { noticeId: string; userId: string; kind: string },
  now: number,
) => claimNotice(db, channel, notice, now);

/** The service took the message: its id kept, for tracing a complaint back to a send. */
export const markSent = (db: DB, channel: DeliveryChannel, noticeId: string, messageId: string) =>
  recordSent(db, channel, noticeId, messageId);

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
