import { app } from './app';
import type { Bindings } from './env';
import type { LotTimerMessage } from './lot-object/protocol';
import { ARCHIVE_QUEUE, consumeArchive, queueLotsToArchive, type ArchiveJob } from './archive/charges-archive.service';
import { createDb } from './db/client';
import { followPassesInLots, renewDuePasses, warnEndingPasses } from './monthly-passes/monthly-passes.service';
import { consumeRollupFolds, foldRollupsDaily, ROLLUP_FOLDS_QUEUE, type RollupFoldRun } from './owner/rollup-fold.service';
import { freezeClosedMonths } from './owner/statements.service';
import { confirmUnsettledRefunds } from './payments/refund-settlement.service';
import { applyRetention } from './privacy/retention.service';
import { consumeEmail, EMAIL_QUEUE, type EmailJob } from './email/email.service';
import { consumePush, PUSH_QUEUE, type PushMessage } from './push/push.service';
import { consumeSms, SMS_QUEUE, type SmsJob } from './sms/sms.service';
import { consumeLotTimers } from './reservations/lifecycle.service';
import { followLotRecords } from './reservations/lot-records.service';
import { consumeWebhooks } from './webhooks/webhook-delivery.service';
import { WEBHOOKS_QUEUE, type WebhookJob } from './webhooks/webhooks.service';
import { consumeStayMoves, queueStayMoves, STAY_MOVES_QUEUE, type StayMove } from './gate/stay-move.service';

/** A part of the daily Cron: its failure is logged, and never stops the other parts. */
const part = (what: string, work: Promise<unknown>) => work.catch((error) => console.error(`${what} failed in the daily Cron`, error));

/**
 * The daily Cron: owners' closed months frozen, refunds of top-ups still unsettled asked about, monthly
 * passes due renewed, drivers of passes about to end told, personal data past its retention period
 * deleted or masked (docs/privacy.md), the lot objects brought in line with D1's records, the
 * rollups' rows past their hot window folded (docs/owner.md, "Rollups"), each lot's charges of closed
 * months and bookings over for a week queued for the archive (docs/payments.md, Archive) and its stays
 * closed before the hot window queued to move into its object (docs/gate.md, Where a stay lives).
 */
function dailyWork(env: Bindings) {
  const db = createDb(env.DB);
  return Promise.all([
    part('Freezing closed months', freezeClosedMonths({ env, db })),
    part('Confirming refunds of top-ups', confirmUnsettledRefunds(env, db)),
    part(
      'Renewing monthly passes',
      renewDuePasses(env, db).then(() => followPassesInLots(env, db)),
    ),
    part('Warning of monthly passes ending', warnEndingPasses(env, db)),
    part('Applying the retention periods', applyRetention(env, db)),
    part('Following the lots’ records', followLotRecords(env, db)),
    part('Folding the rollups', foldRollupsDaily(env, db)),
    part('Queueing charges and bookings to archive', queueLotsToArchive(env)),
    part('Queueing stays to their lots', queueStayMoves(env, db)),
  ]);
}

export { AttemptLimiter } from './auth/attempt-limiter';
export { LotDurableObject } from './lot-object/lot-durable-object';

export default {
  fetch: app.fetch,
  queue: (batch, env) => {
    if (batch.queue === PUSH_QUEUE) return consumePush(batch as MessageBatch<PushMessage>, env);
    if (batch.queue === EMAIL_QUEUE) return consumeEmail(batch as MessageBatch<EmailJob>, env);
    if (batch.queue === SMS_QUEUE) return consumeSms(batch as MessageBatch<SmsJob>, env);
    if (batch.queue === ARCHIVE_QUEUE) return consumeArchive(batch as MessageBatch<ArchiveJob>, env);
    if (batch.queue === STAY_MOVES_QUEUE) return consumeStayMoves(batch as MessageBatch<StayMove>, env);
    if (batch.queue === ROLLUP_FOLDS_QUEUE) return consumeRollupFolds(batch as MessageBatch<RollupFoldRun>, env);
    if (batch.queue === WEBHOOKS_QUEUE) return consumeWebhooks(batch as MessageBatch<WebhookJob>, env);
    return consumeLotTimers(batch as MessageBatch<LotTimerMessage>, env);
  },
  scheduled: (_controller, env, ctx) => ctx.waitUntil(dailyWork(env)),
} satisfies ExportedHandler<
  Bindings,
  LotTimerMessage | PushMessage | EmailJob | SmsJob | ArchiveJob | StayMove | RollupFoldRun | WebhookJob
>;
