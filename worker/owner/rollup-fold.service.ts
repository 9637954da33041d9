/**
 * The daily Cron's fold of the lot rollups (docs/owner.md, "Rollups"): bounded per run, resumable, and
 * safe to run twice or at once with the triggers' writes (each batch adds and deletes the same rows in
 * one transaction; a row written late, into a day already folded, is folded by the next run).
 */
import { CUSTOMER_DAYS_HOT_DAYS, ROLLUP_FOLD_BATCH_DAYS, ROLLUP_FOLD_BATCHES_PER_RUN, ROLLUP_HOURS_HOT_DAYS } from '../../core/scale';
import { addDays, manilaDate } from '../../core/time';
import type { DB } from '../db/client';
import { BOOKING_DAYS, CUSTOMER_DAYS, foldKeys, lotsToFold, MONEY_HOURS, oldestKey, STAY_HOURS, type Grain } from './rollup-fold.data';

type Key = number | string;
/** A grain, the key before which its rows fold, and the end (exclusive) of a batch that starts at a key. */
type Fold = { grain: Grain; before: Key; batchEnd: (from: Key) => Key };

const DAY_S = 86_400;
const earlier = (a: Key, b: Key) => (a < b ? a : b);

function foldsAt(now: Date): Fold[] {
  const today = manilaDate(now);
  const hoursBefore = addDays(today, -ROLLUP_HOURS_HOT_DAYS);
  const byDay = (before: string) => (from: Key) => earlier(addDays(String(from), ROLLUP_FOLD_BATCH_DAYS), before);
  // A month's days fold together, once the month ended CUSTOMER_DAYS_HOT_DAYS ago.
  const customersBefore = `${addDays(today, -CUSTOMER_DAYS_HOT_DAYS).slice(0, 7)}-01`;
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
 * ROLLUP_FOLD_BATCH_DAYS days a batch, at most ROLLUP_FOLD_BATCHES_PER_RUN batches; answers how many
 * it wrote and whether rows are left for the next run.
 */
export async function foldRollups(db: DB, now = new Date(), maxBatches = ROLLUP_FOLD_BATCHES_PER_RUN) {
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
