/**
 * The windows that keep D1 a bounded directory (docs/architecture.md, "Scale"): how long a grain that
 * grows with traffic stays in D1 before it is folded, moved or archived. One home, so they are read together.
 */
import { DAY_MS } from './time';

/** Days the hourly rollups keep a row per lot and clock hour before the daily Cron packs a day into one row: a few, so late writes (an exit, a refund) rarely reopen a packed day. */
export const ROLLUP_HOURS_HOT_DAYS = 2;
/**
 * Days the per-driver days stay in D1 before they move into their lot's object (docs/owner.md,
 * "Rollups"): as long as the hourly rollups; a late write (a refund, a no-show) lands in D1 and follows
 * with the next day's move. A month's whole days waited there until 2026-11-30.
 */
export const CUSTOMER_DAYS_HOT_DAYS = 2;
/** Days of one lot a fold batch moves at most: one D1 batch (one transaction), small enough for a request's limits. */
export const ROLLUP_FOLD_BATCH_DAYS = 31;
/** Fold batches one run of the daily Cron writes at most; the next run resumes where it stopped. */
export const ROLLUP_FOLD_BATCHES_PER_RUN = 500;
/** Days an Idempotency-Key answers a replay before its row is deleted: past the gate's 24 hours offline (core/gate.ts) and any client's retry. */
export const REPLAY_KEY_DAYS = 2;

/**
 * A charge stays in D1 this long after it was made, and until its booking is over: the week's gate
 * refunds, late exits and figures read it there; later ones read the archive too (owners' statements
 * read the money rollup, which keeps what it counted). Its period is its Manila month, which it joins
 * day by day (docs/payments.md, Archive).
 */
const CHARGES_HOT_DAYS = 7;
export const CHARGES_HOT_MS = CHARGES_HOT_DAYS * DAY_MS;

/**
 * Days a closed stay stays in D1 before it moves into its lot's object: the daily move (00:05 Manila)
 * leaves yesterday and today there, which the gate's own look-backs (today's activity, an undo, a
 * shift's stays) read; an older stay is read from the object, and comes back to D1 when a row must
 * name it (worker/gate/stay-move.service.ts). One day since 2026-11-30 (two before): the demo's D1 holds
 * 6,033 stays instead of 11,191 (docs/architecture.md, Scale).
 */
export const STAY_HOT_DAYS = 1;

/**
 * Days a booking stays in D1 after it is over (completed, cancelled, expired: `OVER_STATUSES`, from its
 * end) before it moves to the archive: a week covers what still touches an ended booking (a review asked
 * for after the stay, a refund at the gate, a declared exit seen later, a dispute), all within D1.
 */
const RESERVATION_HOT_DAYS = 7;
export const RESERVATION_HOT_MS = RESERVATION_HOT_DAYS * DAY_MS;
