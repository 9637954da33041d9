/**
 * How long a sign-in lasts (ASVS L2 session management): a session ends after 7 days without use and,
 * however active, 30 days after sign-in. Use slides the idle deadline forward, at most once a day so a
 * busy session does not rewrite its record on every request.
 */
import { DAY_MS } from './time';

const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const SLIDE_AFTER_MS = DAY_MS;

/** Epoch milliseconds of the sign-in and of the last use that slid the session. */
export type SessionTimes = { createdAt: number; refreshedAt: number };

/** The moment the session ends unless it is used (and slid) before then. */
export const sessionEndsAt = ({ createdAt, refreshedAt }: SessionTimes) =>
  Math.min(refreshedAt + SESSION_IDLE_MS, createdAt + SESSION_LIFETIME_MS);

export const sessionLive = (times: SessionTimes, now: number) => now < sessionEndsAt(times);

/** A use this long after the last slide moves the idle deadline forward. */
export const slideDue = ({ refreshedAt }: SessionTimes, now: number) => now - refreshedAt > SLIDE_AFTER_MS;

/** Whole seconds until the session ends (what the cookie's Max-Age and the store's TTL follow). */
export const secondsLeft = (times: SessionTimes, now: number) => Math.max(0, Math.ceil((sessionEndsAt(times) - now) / 1000));
