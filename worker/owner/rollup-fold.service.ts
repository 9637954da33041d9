/**
 * The daily Cron's fold of the lot rollups (docs/owner.md, "Rollups"): bounded per run, resumable, and
 * safe to run twice or at once with the triggers' writes (each batch adds and deletes the same rows in
 * one transaction; a row written late, into a day already folded, is folded by the next run). The
 * per-driver days go on to their lot's object, which adds each fold once.
 */
import { CUSTOMER_DAYS_HOT_DAYS, ROLLUP_FOLD_BATCH_DAYS, ROLLUP_FOLD_BATCHES_PER_RUN, ROLLUP_HOURS_HOT_DAYS } from '../../core/scale';
import { addDays, manilaDate } from '../../core/time';
import type { DB } from '../db/client';
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
  return { batches: folded.batches, done: folded.done && sent };
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
 * it: a fold sent again (its deletion failed) is added once all the same. Answers whether none is left.
 */
async function sendCustomerFolds(env: Bindings, db: DB, limit: number) {
  const folds = await foldsInOutbox(db, limit + 1);
  let sent = 0;
  for (const { lotId, foldId } of folds.slice(0, limit))
    try {
      await lotObject(env, lotId).addCustomerDays(foldId, await daysOfFold(db, lotId, foldId));
      await deleteFold(db, lotId, foldId);
      sent++;
    } catch (error) {
      // One fold failing holds back no other: it stays in the outbox, shown in System Health, for the next run.
      await recordBackgroundFailure(env.DB, { job: 'Customer days to their lots', subject: `${lotId} fold ${foldId}`, error }, Date.now());
    }
  return sent === folds.length;
}
