/**
 * How full a lot usually is at a driver's arrival time, from the lot's own history (docs/search.md,
 * "Forecast"): the same weekday and clock hour over the last weeks, read from the stay rollup
 * (`lot_stay_hours`: slot-seconds held per Manila clock hour).
 */
import { HOUR_MS, MANILA_OFFSET_MS, manilaWall } from './time';

/** How many past weeks are read. */
export const FORECAST_WEEKS = 8;
/** Fewer weeks of the lot's life than this, and the forecast says there is too little history. */
const FORECAST_MIN_WEEKS = 3;

const WEEK_MS = 7 * 24 * HOUR_MS;

/** The rollup's key for the Manila clock hour holding `ms`: Manila clock seconds at the hour's start. */
export const manilaHourKey = (ms: number) => Math.floor((ms + MANILA_OFFSET_MS) / HOUR_MS) * 3600;

/**
 * The same Manila weekday and hour as `atMs` in each of the last FORECAST_WEEKS weeks before `nowMs`
 * that the lot lived through whole (from `sinceMs`, its listing), newest first, as rollup keys.
 */
export function pastSameHours(atMs: number, nowMs: number, sinceMs: number): number[] {
  const hourStart = Math.floor((atMs + MANILA_OFFSET_MS) / HOUR_MS) * HOUR_MS - MANILA_OFFSET_MS;
  // The newest week's hour is the latest one that has ended by now.
  const weeksBack = Math.max(1, Math.ceil((hourStart + HOUR_MS - nowMs) / WEEK_MS));
  const hours: number[] = [];
  for (let week = weeksBack; week < weeksBack + FORECAST_WEEKS; week++) {
    const start = hourStart - week * WEEK_MS;
    if (start < sinceMs) break;
    hours.push(manilaHourKey(start));
  }
  return hours;
}

export type Forecast = {
  /** The Manila weekday and hour forecast, e.g. "Friday" and "18:00". */
  weekday: string;
  hour: string;
  /** Slots now. */
  total: number;
  /** How many past weeks the figure rests on. */
  weeks: number;
  /** Slots usually free then; null when there is too little history. */
  usuallyFree: number | null;
};

/**
 * The forecast from the slot-seconds held in each past week's hour (`heldSeconds`, one per key of
 * `pastSameHours`; a week with no stays held 0): the slots usually free are the slots now less the
 * mean number held over that hour, rounded, never below zero.
 */
export const forecastOf = (atMs: number, total: number, heldSeconds: number[]): Forecast =>
  forecastOfSum(
    atMs,
    total,
    heldSeconds.reduce((sum, seconds) => sum + seconds, 0),
    heldSeconds.length,
  );

function forecastOfSum(atMs: number, total: number, heldSeconds: number, weeks: number): Forecast {
  const wall = manilaWall(atMs);
  const weekday = wall.weekday[0].toUpperCase() + wall.weekday.slice(1);
  const hour = `${String(wall.hour).padStart(2, '0')}:00`;
  if (weeks < FORECAST_MIN_WEEKS) return { weekday, hour, total, weeks, usuallyFree: null };
  const meanHeld = heldSeconds / 3600 / weeks;
  return { weekday, hour, total, weeks, usuallyFree: Math.min(total, Math.max(0, total - Math.round(meanHeld))) };
}

/**
 * The forecast from a lot's stay rollup as read: the slot-seconds held in all the hours of
 * `pastSameHours(atMs, nowMs, 0)`, and the key of the lot's first recorded hour (null: no stay yet).
 * The lot's history starts with its first stay: weeks before it are not zeros but unknown (and hold no
 * rows, so the sum over all the hours is the sum over the weeks counted).
 */
export function forecastFromRollup(atMs: number, nowMs: number, total: number, heldSeconds: number, firstHour: number | null) {
  const since = firstHour === null ? Number.POSITIVE_INFINITY : firstHour * 1000 - MANILA_OFFSET_MS;
  return forecastOfSum(atMs, total, heldSeconds, pastSameHours(atMs, nowMs, since).length);
}

/** The line the lot page shows beside today's availability. */
export function forecastText({ weekday, hour, total, usuallyFree }: Forecast): string {
  return usuallyFree === null
    ? `Too little history yet to say how full it usually is at ${hour} on ${weekday}s.`
    : `Usually ${usuallyFree} of ${total} free at ${hour} on ${weekday}s.`;
}
