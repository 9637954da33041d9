import { describe, expect, it } from 'vitest';
import {
  ALWAYS_VALID,
  nextPeriod,
  passPeriod,
  passState,
  periodPrice,
  renewalDue,
  scheduleIntersects,
  scheduleLabel,
  scheduleRefusal,
  validAt,
  validRunEnd,
  coveredUntil,
  WEEKDAYS_MASK,
  type PassPeriod,
} from './monthly-passes';
import { statementFigures } from './statements';

/** An instant given as Manila wall-clock time. */
const manila = (local: string) => Date.parse(`${local}+08:00`);
const WEEKDAY_DAYTIME = { daysMask: WEEKDAYS_MASK, openMinute: 7 * 60, closeMinute: 20 * 60 };

describe('pass schedules (Manila time)', () => {
  it('labels 24/7 and weekday hours', () => {
    expect(scheduleLabel(ALWAYS_VALID)).toBe('24/7');
    expect(scheduleLabel(WEEKDAY_DAYTIME)).toBe('Mon–Fri 07:00–20:00');
    expect(scheduleLabel({ daysMask: 0b100_0001, openMinute: 480, closeMinute: 1440 })).toBe('Sat, Sun 08:00–24:00');
  });

  it('is valid inside its hours on its days only', () => {
    // 2026-11-25 is a Wednesday, 2026-11-28 a Saturday.
    expect(validAt(WEEKDAY_DAYTIME, manila('2026-11-25T07:00:00'))).toBe(true);
    expect(validAt(WEEKDAY_DAYTIME, manila('2026-11-25T19:59:00'))).toBe(true);
    expect(validAt(WEEKDAY_DAYTIME, manila('2026-11-25T20:00:00'))).toBe(false);
    expect(validAt(WEEKDAY_DAYTIME, manila('2026-11-25T06:59:00'))).toBe(false);
    expect(validAt(WEEKDAY_DAYTIME, manila('2026-11-28T12:00:00'))).toBe(false);
    expect(validAt(ALWAYS_VALID, manila('2026-11-28T03:00:00'))).toBe(true);
  });

  it('intersects a window that touches any valid hour', () => {
    // Wed 20:00 to Thu 07:00 misses the hours; to 07:01 it touches Thursday's.
    expect(scheduleIntersects(WEEKDAY_DAYTIME, manila('2026-11-25T20:00:00'), manila('2026-11-26T07:00:00'))).toBe(false);
    expect(scheduleIntersects(WEEKDAY_DAYTIME, manila('2026-11-25T20:00:00'), manila('2026-11-26T07:01:00'))).toBe(true);
    // A whole weekend misses weekday hours.
    expect(scheduleIntersects(WEEKDAY_DAYTIME, manila('2026-11-28T00:00:00'), manila('2026-11-30T00:00:00'))).toBe(false);
  });

  it('ends a run of valid hours at the day’s close, or runs on across days for 24/7, capped at the pass’s end', () => {
    expect(validRunEnd(WEEKDAY_DAYTIME, manila('2026-11-25T10:00:00'), manila('2026-12-01T00:00:00'))).toBe(manila('2026-11-25T20:00:00'));
    expect(validRunEnd(WEEKDAY_DAYTIME, manila('2026-11-25T21:00:00'), manila('2026-12-01T00:00:00'))).toBeNull();
    expect(validRunEnd(ALWAYS_VALID, manila('2026-11-25T10:00:00'), manila('2026-11-28T00:00:00'))).toBe(manila('2026-11-28T00:00:00'));
  });

  it('carries the run on through renewals that start where the period before ends, each with its own hours', () => {
    const until = manila('2026-12-01T00:00:00');
    const term = (schedule: typeof ALWAYS_VALID, fromMs: number, untilMs: number) => ({
      schedule,
      validFromMs: fromMs,
      validUntilMs: untilMs,
    });
    const old = term(ALWAYS_VALID, manila('2026-11-01T00:00:00'), until);
    const renewal = term(ALWAYS_VALID, until, manila('2027-01-01T00:00:00'));
    const entry = manila('2026-11-30T22:00:00');
    expect(coveredUntil([old], entry)).toBe(until);
    expect(coveredUntil([old, renewal], entry)).toBe(manila('2027-01-01T00:00:00'));
    // The renewal's hours hold from its start: the run goes on until they close.
    const mornings = { daysMask: 0b111_1111, openMinute: 0, closeMinute: 480 };
    expect(coveredUntil([old, term(mornings, until, manila('2027-01-01T00:00:00'))], entry)).toBe(manila('2026-12-01T08:00:00'));
    // Not valid at the renewal's start, a renewal after a gap, a run that ended before the period did: no further.
    expect(coveredUntil([old, term(WEEKDAY_DAYTIME, until, manila('2027-01-01T00:00:00'))], entry)).toBe(until);
    expect(coveredUntil([old, term(ALWAYS_VALID, until + 1, manila('2027-01-01T00:00:00'))], entry)).toBe(until);
    const daytime = term(WEEKDAY_DAYTIME, manila('2026-11-01T00:00:00'), until);
    expect(coveredUntil([daytime, renewal], manila('2026-11-30T10:00:00'))).toBe(manila('2026-11-30T20:00:00'));
    expect(coveredUntil([daytime, renewal], manila('2026-11-30T21:00:00'))).toBeNull();
  });

  it('refuses a schedule with no day, or hours that do not open before they close', () => {
    expect(scheduleRefusal(WEEKDAY_DAYTIME)).toBeNull();
    expect(scheduleRefusal({ daysMask: 0, openMinute: 0, closeMinute: 60 })).toMatch(/day/);
    expect(scheduleRefusal({ daysMask: 1, openMinute: 600, closeMinute: 600 })).toMatch(/open before/);
  });
});

describe('pass periods', () => {
  const now = new Date(manila('2026-11-25T10:00:00'));
  const period = (start: string | undefined) => passPeriod(start, now) as PassPeriod;

  it('runs 30 Manila days from now, today the first', () => {
    expect(period(undefined)).toMatchObject({
      kind: '30days',
      validFrom: now.toISOString(),
      validUntil: new Date(manila('2026-12-25T00:00:00')).toISOString(),
    });
  });

  it('sells this calendar month from now and the next whole, and nothing else', () => {
    expect(period('2026-11')).toMatchObject({
      kind: 'month',
      validFrom: now.toISOString(),
      validUntil: new Date(manila('2026-12-01T00:00:00')).toISOString(),
    });
    expect(period('2026-12')).toMatchObject({ validFrom: new Date(manila('2026-12-01T00:00:00')).toISOString(), label: 'December 2026' });
    expect(passPeriod('2026-10', now)).toEqual({ refused: 'That month is over.' });
    expect(passPeriod('2027-01', now)).toEqual({ refused: 'A pass is sold for this month or the next.' });
    expect(passPeriod('2026-12-01', now)).toEqual({ refused: 'A 30-day pass starts today.' });
  });

  it('prices the month under way by the days left, today included, rounded up; a whole month or 30 days at the monthly price', () => {
    // November has 30 days; on the 25th, 6 are left.
    expect(periodPrice(300_000, period('2026-11'), now)).toBe(60_000);
    expect(periodPrice(300_000, period('2026-12'), now)).toBe(300_000);
    expect(periodPrice(300_000, period(undefined), now)).toBe(300_000);
    expect(
      periodPrice(
        100_000,
        passPeriod('2026-12', new Date(manila('2026-12-31T20:00:00'))) as PassPeriod,
        new Date(manila('2026-12-31T20:00:00')),
      ),
    ).toBe(3_226);
  });

  it('renews into the next month or the next 30 days, due from 3 days before the end', () => {
    const november = period('2026-11');
    expect(nextPeriod('month', november.validUntil)).toMatchObject({ validFrom: november.validUntil, label: 'December 2026' });
    const days = period(undefined);
    expect(Date.parse(nextPeriod('30days', days.validUntil).validUntil) - Date.parse(days.validUntil)).toBe(30 * 86_400_000);
    expect(renewalDue(november.validUntil, new Date(manila('2026-11-27T23:59:00')))).toBe(false);
    expect(renewalDue(november.validUntil, new Date(manila('2026-11-28T00:00:00')))).toBe(true);
    expect(passState(november, now)).toBe('active');
    expect(passState(period('2026-12'), now)).toBe('upcoming');
  });
});

describe('monthly passes in an owner statement', () => {
  it('count as money collected through the wallet, commission taken', () => {
    const figures = statementFigures(
      [
        { kind: 'BOOKING', method: 'wallet', cents: 10_000 },
        { kind: 'MONTHLY_PASS', method: 'wallet', cents: 300_000 },
      ],
      1_000,
    );
    expect(figures).toMatchObject({ monthlyPassesCents: 300_000, collectedCents: 310_000, commissionCents: 31_000, payableCents: 279_000 });
  });
});
