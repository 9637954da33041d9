import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  daysBetween,
  eachDay,
  HOUR_MS,
  isCalendarDate,
  MANILA_OFFSET_MS,
  manilaDate,
  manilaDateStart,
  manilaMidnight,
  manilaMonthOf,
  manilaMonthRange,
  relativeTime,
} from './time';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

it.each([
  [ago(30_000), 'Just now'],
  [ago(5 * 60_000), '5m ago'],
  [ago(3 * 3600_000), '3h ago'],
  [ago(2 * 86400_000), '2d ago'],
  [ago(10 * 86400_000), 'Nov 13, 2026'],
])('%s is shown as %s (spec 2.12)', (iso, text) => expect(relativeTime(iso, now)).toBe(text));

describe('Manila datetime-local inputs', () => {
  it('round-trips an instant through Manila wall time', async () => {
    const { toManilaInput, fromManilaInput, nextQuarterHour } = await import('./time');
    expect(toManilaInput(new Date('2026-11-23T16:05:00Z'))).toBe('2026-11-24T00:05');
    expect(fromManilaInput('2026-11-24T00:05')).toBe('2026-11-23T16:05:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T10:01:00Z')).toISOString()).toBe('2026-11-23T10:15:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T10:15:00Z')).toISOString()).toBe('2026-11-23T10:15:00.000Z');
  });

  it("shows the wall time Manila's own time zone shows, for any instant", async () => {
    const { toManilaInput } = await import('./time');
    const manila = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Manila', dateStyle: 'short', timeStyle: 'short' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        expect(toManilaInput(at)).toBe(manila.format(at).replace(' ', 'T'));
      }),
    );
  });
});

it.each([
  [0, '0m'],
  [45, '45m'],
  [60, '1h 0m'],
  [125.9, '2h 5m'],
])('%s minutes read as %s', async (minutes, text) => {
  const { formatDuration } = await import('./time');
  expect(formatDuration(minutes)).toBe(text);
});

describe('Manila calendar', () => {
  it('bounds a month in UTC (UTC+8, no DST)', () => {
    expect(manilaMonthRange('2026-11')).toEqual({ start: '2026-10-31T16:00:00.000Z', end: '2026-11-30T16:00:00.000Z' });
    expect(manilaMonthRange('2026-12')).toEqual({ start: '2026-11-30T16:00:00.000Z', end: '2026-12-31T16:00:00.000Z' });
    expect(manilaMonthRange('2028-02')).toEqual({ start: '2028-01-31T16:00:00.000Z', end: '2028-02-29T16:00:00.000Z' });
  });

  it('puts late UTC evenings in the next Manila day and month', () => {
    expect(manilaMonthOf(new Date('2026-11-30T16:30:00Z'))).toBe('2026-12');
    expect(manilaMidnight(new Date('2026-11-23T17:00:00Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(manilaMidnight(new Date('2026-11-23T15:59:00Z')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  it('turns the day at Manila midnight, not UTC midnight', () => {
    const midnight = Date.parse('2026-11-24T00:00:00+08:00');
    expect([manilaDate(midnight - 1), manilaDate(midnight), manilaDate(new Date(midnight + 1))]).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-24',
    ]);
    expect(manilaMidnight(midnight - 1).getTime()).toBe(midnight - DAY_MS);
    expect(manilaMidnight(midnight).getTime()).toBe(midnight);
    expect(manilaMidnight(midnight + DAY_MS - 1).getTime()).toBe(midnight);
    expect(manilaDateStart('2026-11-24').getTime()).toBe(midnight);
    expect(manilaDateStart('2026-11-24').getTime() - manilaDateStart('2026-11-23').getTime()).toBe(DAY_MS);
    expect(MANILA_OFFSET_MS).toBe(8 * HOUR_MS);
  });

  it('turns the month and the year at Manila midnight', () => {
    const newYear = Date.parse('2027-01-01T00:00:00+08:00');
    expect([manilaDate(newYear - 1), manilaMonthOf(newYear - 1)]).toEqual(['2026-12-31', '2026-12']);
    expect([manilaDate(newYear), manilaMonthOf(newYear)]).toEqual(['2027-01-01', '2027-01']);
    expect(manilaMonthRange('2027-01').start).toBe(new Date(newYear).toISOString());
    expect(manilaMonthOf(new Date(manilaMonthRange('2026-11').end))).toBe('2026-12');
    expect(manilaMonthOf(Date.parse(manilaMonthRange('2026-11').end) - 1)).toBe('2026-11');
  });

  it('counts calendar days across month ends and leap days', () => {
    expect([addDays('2026-11-30', 1), addDays('2026-03-01', -1), addDays('2028-02-28', 1), addDays('2028-03-01', -1)]).toEqual([
      '2026-12-01',
      '2026-02-28',
      '2028-02-29',
      '2028-02-29',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect([
      daysBetween('2026-11-23', '2026-11-23'),
      daysBetween('2028-02-01', '2028-03-01'),
      daysBetween('2028-01-01', '2028-12-31'),
    ]).toEqual([1, 30, 366]);
    expect(eachDay('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(manilaDate(Date.parse('2028-02-29T23:59:59+08:00'))).toBe('2028-02-29');
  });

  it('knows a calendar date from one that only looks like it', () => {
    expect(['2028-02-29', '2026-02-29', '2026-02-30', '2026-13-01', 'yesterday'].map(isCalendarDate)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("people's dates and times, written out as Intl writes them for the Philippines in Manila", () => {
  const manila = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', ...options });
  const instants = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

  it('dates, times and both together', async () => {
    const { formatDateTime, formatTime, formatManilaDay } = await import('./time');
    const day = manila({ month: 'short', day: 'numeric', year: 'numeric' });
    const time = manila({ hour: 'numeric', minute: '2-digit' });
    const both = manila({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatManilaDay(at)).toBe(day.format(at));
        expect(formatTime(at.toISOString())).toBe(time.format(at));
        expect(formatDateTime(at.toISOString())).toBe(both.format(at));
      }),
    );
  });

  it('months and calendar dates', async () => {
    const { formatLongDate, formatMonth } = await import('./time');
    const month = new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    const long = new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', dateStyle: 'long' });
    fc.assert(
      fc.property(instants, (at) => {
        const date = at.toISOString().slice(0, 10);
        expect(formatMonth(date.slice(0, 7))).toBe(month.format(at));
        expect(formatLongDate(date)).toBe(long.format(at));
      }),
    );
  });
});
