/**
 * The daily Cron's fold of the lot rollups (docs/owner.md, "Rollups"): bounded per run, resumable, and
 * safe to run twice or at once with the triggers' writes (each batch adds and deletes the same rows in
 * one transaction; a row written late, into a day already folded, is folded by the next run). The
 * per-driver days go on to their lot's object, which adds each fold once.
 */
import { CUSTOMER_DAYS_HOT_DAYS, ROLLUP_FOLD_BATCH_DAYS, ROLLUP_FOLD_BATCHES_PER_RUN, ROLLUP_HOURS_HOT_DAYS } from '../../core/scale';
import { addDays, manilaDate } from '../../core/time';
import { createDb, type DB } from '../db/client';
import type { Bindings } from '../env';
import { recordBackgroundFailure } from '../health/background-failures.data';
import { lotObject } from '../lot-object/stub';
import {
  BOOKING_DAYS,
  CUSTOMER_DAYS,
  daysOfFold,
  deleteFold,
  foldKeys,
  foldsInOutbox,
  lotsToFold,
  MONEY_HOURS,
  oldestKey,
  STAY_HOURS,
  type Grain,
} from './rollup-fold.data';

/** The Queue of the fold's runs after the Cron's first, while rows are left. */
export const ROLLUP_FOLDS_QUEUE = 'parkada-rollup-folds';

/** A run of the fold, as of the Cron's instant, continuing one that stopped at its limit. */
export type RollupFoldRun = { at: string };

declare module '../env' {
  interface Bindings {
    ROLLUP_FOLDS: Queue<RollupFoldRun>;
  }
}

const RETRY_SECONDS = 60;

type Key = number | string;
/** A grain, the key before which its rows fold, and the end (exclusive) of a batch that starts at a key. */
type Fold = { grain: Grain; before: Key; batchEnd: (from: Key) => Key };

const DAY_S = 86_400;
const earlier = (a: Key, b: Key) => (a < b ? a : b);

function foldsAt(now: Date): Fold[] {
  const today = manilaDate(now);
  const hoursBefore = addDays(today, -ROLLUP_HOURS_HOT_DAYS);
  const byDay = (before: string) => (from: Key) => earlier(addDays(String(from), ROLLUP_FOLD_BATCH_DAYS), before);
  const customersBefore = addDays(today, -CUSTOMER_DAYS_HOT_DAYS);
  // Stay hours are keyed by Manila clock seconds: a Manila midnight is that date's UTC midnight.
  const secondsBefore = Date.parse(`${hoursBefore}T00:00:00Z`) / 1000;
  return [
    {
      grain: STAY_HOURS,
      before: secondsBefore,
      batchEnd: (from) => earlier(Number(from) - (Number(from) % DAY_S) + ROLLUP_FOLD_BATCH_DAYS * DAY_S, secondsBefore),
    },
    { grain: MONEY_HOURS, before: hoursBefore, batchEnd: byDay(hoursBefore) },
    { grain: BOOKING_DAYS, before: hoursBefore, batchEnd: byDay(hoursBefore) },
    { grain: CUSTOMER_DAYS, before: customersBefore, batchEnd: byDay(customersBefore) },
  ];
}

/**
 * Folds every rollup row older than its hot window (core/scale.ts), a lot and up to
 * ROLLUP_FOLD_BATCH_DAYS days a batch, at most ROLLUP_FOLD_BATCHES_PER_RUN batches, then sends the
 * per-driver days folded to their lots' objects; answers how many batches it wrote and whether rows are
 * left for the next run.
 */
export async function foldRollups(env: Bindings, db: DB, now = new Date(), maxBatches = ROLLUP_FOLD_BATCHES_PER_RUN) {
  const folded = await foldGrains(db, now, maxBatches);
  const sent = await sendCustomerFolds(env, db, maxBatches);
  // `more`: stopped at a limit, so a run right after has work; a fold that failed waits for tomorrow's run.
  return { batches: folded.batches, done: folded.done && sent.left === 0 && sent.failed === 0, more: !folded.done || sent.left > 0 };
}

async function foldGrains(db: DB, now: Date, maxBatches: number) {
  let batches = 0;
  for (const { grain, before, batchEnd } of foldsAt(now))
    for (const lot of await lotsToFold(db, grain, before)) {
      let from: Key | null = lot.first;
      while (from !== null && from < before) {
        if (batches === maxBatches) return { batches, done: false };
        await foldKeys(db, grain, lot.lotId, from, batchEnd(from));
        batches++;
        from = await oldestKey(db, grain, lot.lotId);
      }
    }
  return { batches, done: true };
}

/**
 * Sends up to `limit` folds of the outbox to their lots' objects, each deleted once its object has added
 * it: a fold sent again (its deletion failed) is added once all the same. Answers how many are left
 * beyond the limit and how many failed.
 */
async function sendCustomerFolds(env: Bindings, db: DB, limit: number) {
  const folds = await foldsInOutbox(db, limit + 1);
  let failed = 0;
  for (const { lotId, foldId } of folds.slice(0, limit))
    try {
      await lotObject(env, lotId).addCustomerDays(foldId, await daysOfFold(db, lotId, foldId));
      await deleteFold(db, lotId, foldId);
    } catch (error) {
      // One fold failing holds back no other: it stays in the outbox, shown in System Health, for the next run.
      await recordBackgroundFailure(env.DB, { job: 'Customer days to their lots', subject: `${lotId} fold ${foldId}`, error }, Date.now());
      failed++;
    }
  return { left: Math.max(0, folds.length - limit), failed };
}

/**
 * The daily Cron's fold: a run, then, while a run stops at its limit, the next through the Queue, as of
 * the same instant (a fold that failed waits for the next day's Cron, not a run at once). A run stays within a request's limits, and any number of lots is folded by enough runs
 * one after another (2,000 lots' day is about 8,000 batches: 16 runs).
 */
export async function foldRollupsDaily(env: Bindings, db: DB, now = new Date(), maxBatches = ROLLUP_FOLD_BATCHES_PER_RUN) {
  const run = await foldRollups(env, db, now, maxBatches);
  if (run.more) await env.ROLLUP_FOLDS.send({ at: now.toISOString() });
  return run;
}

/** The Queue's consumer: each message a run; a run that fails is recorded for System Health and delivered again. */
export async function consumeRollupFolds(batch: MessageBatch<RollupFoldRun>, env: Bindings): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages)
    try {
      await foldRollupsDaily(env, db, new Date(message.body.at));
      message.ack();
    } catch (error) {
      await recordBackgroundFailure(env.DB, { job: 'Folding the rollups', subject: message.body.at, error }, Date.now());
      message.retry({ delaySeconds: RETRY_SECONDS });
    }
}
