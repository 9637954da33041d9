import type { DB } from './client';
import { violates } from './constraints';

/**
 * Put right after a conditional UPDATE in a D1 batch: when that UPDATE matched no row (the record
 * moved on since it was read), the `transition_guard` CHECK aborts the whole batch, money included.
 */
export const abortUnlessChanged = (db: DB) =>
  db.$client.prepare('INSERT OR REPLACE INTO transition_guard (id, changed) VALUES (1, changes())');

/** True when a batch was aborted by `abortUnlessChanged`. */
export const changedMeanwhile = (error: unknown) => violates(error, 'record_changed_meanwhile');

/** Whether a batch's statement at `index` changed a row (a conditional update that found its state). */
export const changed = (results: D1Result[], index: number) => (results[index]?.meta.changes ?? 0) > 0;
