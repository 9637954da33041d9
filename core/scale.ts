/**
 * The windows that keep D1 a bounded directory (docs/architecture.md, "Scale"): how long a record
 * stays in D1 before it moves to where it grows without bound.
 */

/** Days a closed stay stays in D1 before it moves into its lot's object: the gate's own look-backs (today, an undo, a declared exit) fall inside it. */
export const STAY_HOT_DAYS = 2;

/** The move's daily Cron (wrangler.toml): 00:35 Manila, after the day's other work; the dev server fires it at start (vite.config.ts). */
export const STAY_MOVES_CRON = '35 16 * * *';
