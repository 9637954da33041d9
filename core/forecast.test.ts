import { describe, expect, it } from 'vitest';
import { FORECAST_WEEKS, forecastOf, forecastText, manilaHourKey, pastSameHours } from './forecast';

const WEEK = 7 * 24 * 3600_000;
// Friday 27 November 2026, 18:20 Manila.
const FRIDAY_1820 = Date.parse('2026-11-27T18:20:00+08:00');
const NOW = Date.parse('2026-11-25T10:00:00+08:00');

describe('the forecast for an arrival time', () => {
  it('reads the same Manila weekday and hour in each of the last eight weeks that have ended', () => {
    const hours = pastSameHours(FRIDAY_1820, NOW, 0);
    expect(hours).toHaveLength(FORECAST_WEEKS);
    // Friday 20 November 18:00 Manila is the newest: it has ended by Wednesday the 25th.
    expect(hours[0]).toBe(manilaHourKey(Date.parse('2026-11-20T18:00:00+08:00')));
    expect(hours.at(-1)).toBe(manilaHourKey(Date.parse('2026-10-02T18:00:00+08:00')));
    expect(hours.every((hour, i) => i === 0 || hours[i - 1]! - hour === WEEK / 1000)).toBe(true);
  });

  it('skips the week still running: an arrival ten days ahead reads from two weeks before it', () => {
    const tenDaysAhead = NOW + 10 * 24 * 3600_000;
    const [newest] = pastSameHours(tenDaysAhead, NOW, 0);
    expect(newest! * 1000 - 8 * 3600_000).toBeLessThanOrEqual(NOW - 3600_000);
    expect(newest).toBe(manilaHourKey(tenDaysAhead - 2 * WEEK));
  });

  it('reads no week from before the lot was listed', () => {
    expect(pastSameHours(FRIDAY_1820, NOW, Date.parse('2026-11-01T00:00:00+08:00'))).toHaveLength(3);
  });

  it('is the slots now less the mean held over the hour, rounded, never below zero', () => {
    // 40 slots; held 10, 12 and 14 slot-hours in three weeks: 12 on average.
    const forecast = forecastOf(FRIDAY_1820, 40, [36_000, 43_200, 50_400]);
    expect(forecast).toEqual({ weekday: 'Friday', hour: '18:00', total: 40, weeks: 3, usuallyFree: 28 });
    expect(forecastText(forecast)).toBe('Usually 28 of 40 free at 18:00 on Fridays.');
    expect(forecastOf(FRIDAY_1820, 5, [36_000, 36_000, 36_000]).usuallyFree).toBe(0);
  });

  it('says plainly when there is too little history', () => {
    const forecast = forecastOf(FRIDAY_1820, 40, [3600, 3600]);
    expect(forecast.usuallyFree).toBeNull();
    expect(forecastText(forecast)).toBe('Too little history yet to say how full it usually is at 18:00 on Fridays.');
  });
});
