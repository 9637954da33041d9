import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardLevel, mapLevel } from './availability';
import {
  canModify,
  driverHoursLabel,
  FREE_CANCEL_MINUTES,
  hoursLabel,
  isOpenAt,
  manilaClock,
  passIdOf,
  refundableAt,
  remainingTime,
  reservationTab,
  windowProblem,
  type LotHours,
} from './booking';

const MALL: LotHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { open: '07:00', close: '23:00' }]),
);
const ALWAYS: LotHours = Object.fromEntries(Object.keys(MALL).map((d) => [d, { open: '00:00', close: '23:59' }]));
const now = new Date('2026-11-23T02:00:00Z'); // Monday 10:00 in Manila
const at = (manila: string) => new Date(`${manila}+08:00`);

describe('lot hours in Manila', () => {
  it('is open inside the hours of that weekday only', () => {
    expect(isOpenAt(MALL, at('2026-11-23T10:00:00'))).toBe(true);
    expect(isOpenAt(MALL, at('2026-11-23T06:59:00'))).toBe(false);
    expect(isOpenAt(MALL, at('2026-11-23T23:00:00'))).toBe(false);
    expect(isOpenAt(ALWAYS, at('2026-11-23T03:00:00'))).toBe(true);
  });
});

describe('booking window', () => {
  const mall = { hours: MALL, rules: { maxDuration: 12, allowOvernight: false } };
  const open = { hours: ALWAYS, rules: { maxDuration: 24, allowOvernight: true } };
  it.each([
    [at('2026-11-23T12:00:00'), at('2026-11-23T14:00:00'), mall, null],
    [at('2026-11-23T09:00:00'), at('2026-11-23T10:00:00'), mall, 'The start time is in the past.'],
    [at('2026-11-23T21:00:00'), at('2026-11-23T23:30:00'), mall, 'This lot is open 07:00–23:00 on Monday; choose a time inside its hours.'],
    [
      at('2026-11-23T06:00:00').getTime() + 86_400_000,
      at('2026-11-24T08:00:00'),
      mall,
      'This lot is open 07:00–23:00 on Tuesday; choose a time inside its hours.',
    ],
    [at('2026-11-23T10:00:00'), at('2026-11-23T23:00:00'), mall, 'This lot allows stays of at most 12 hours.'],
    [
      at('2026-11-23T22:00:00'),
      at('2026-11-24T02:00:00'),
      { ...mall, rules: { maxDuration: 12, allowOvernight: false }, hours: ALWAYS },
      'Overnight parking is not allowed at this lot.',
    ],
    [at('2026-11-23T22:00:00'), at('2026-11-24T08:00:00'), open, null],
    [at('2026-11-23T14:00:00'), at('2026-11-23T12:00:00'), mall, 'The end must be after the start.'],
  ])('%s → %s', (start, end, lot, problem) => {
    expect(windowProblem({ start: new Date(start), end: new Date(end) }, lot, now)).toBe(problem);
  });
});

describe('reservation rules of spec 4', () => {
  const r = (status: 'CONFIRMED' | 'ACTIVE' | 'COMPLETED', start: string, end: string) => ({ status, startTs: start, endTs: end });
  it('puts reservations in tabs', () => {
    expect(reservationTab(r('CONFIRMED', '2026-11-23T03:00:00Z', '2026-11-23T05:00:00Z'), now)).toBe('upcoming');
    expect(reservationTab(r('CONFIRMED', '2026-11-23T01:00:00Z', '2026-11-23T05:00:00Z'), now)).toBe('active');
    expect(reservationTab(r('ACTIVE', '2026-11-23T01:00:00Z', '2026-11-23T05:00:00Z'), now)).toBe('active');
    expect(reservationTab(r('CONFIRMED', '2026-11-23T00:00:00Z', '2026-11-23T01:00:00Z'), now)).toBe('past');
    expect(reservationTab(r('COMPLETED', '2026-11-23T03:00:00Z', '2026-11-23T05:00:00Z'), now)).toBe('past');
    expect(canModify(r('CONFIRMED', '2026-11-23T03:00:00Z', '2026-11-23T05:00:00Z'), FREE_CANCEL_MINUTES, now)).toBe(true);
  });

  it('refunds until 15 minutes before the start', () => {
    expect(refundableAt('2026-11-23T02:16:00Z', FREE_CANCEL_MINUTES, now)).toBe(true);
    expect(refundableAt('2026-11-23T02:15:00Z', FREE_CANCEL_MINUTES, now)).toBe(true);
    expect(refundableAt('2026-11-23T02:14:00Z', FREE_CANCEL_MINUTES, now)).toBe(false);
  });

  it('closes changes when refunds close, so a change can never make a booking refundable again', () => {
    expect(canModify(r('CONFIRMED', '2026-11-23T02:16:00Z', '2026-11-23T05:00:00Z'), FREE_CANCEL_MINUTES, now)).toBe(true);
    expect(canModify(r('CONFIRMED', '2026-11-23T02:14:00Z', '2026-11-23T05:00:00Z'), FREE_CANCEL_MINUTES, now)).toBe(false);
  });

  it('shows remaining time and the pass id', () => {
    expect(remainingTime('2026-11-23T03:25:00Z', now)).toBe('1h 25m');
    expect(remainingTime('2026-11-23T01:00:00Z', now)).toBe('Expired');
    expect(passIdOf('3f2a9c1e-aaaa-bbbb')).toBe('3F2A9C1E');
  });
});

describe('availability colours', () => {
  it('colours the map by occupancy and cards by free share', () => {
    expect(mapLevel(10, 100)).toBe('full');
    expect(mapLevel(30, 100)).toBe('limited');
    expect(mapLevel(31, 100)).toBe('available');
    expect(cardLevel(51, 100)).toBe('good');
    expect(cardLevel(21, 100)).toBe('warning');
    expect(cardLevel(20, 100)).toBe('critical');
    expect(cardLevel(0, 100)).toBe('full');
  });
});

describe('hours label (spec 2.4)', () => {
  const weekdays = { open: '07:00', close: '22:00' };
  const weekend = { open: '10:00', close: '21:30' };
  const { monday: _closed, ...closedMondays } = MALL;

  it('groups the days with the same hours, the way lots post them', () => {
    expect(hoursLabel(ALWAYS)).toBe('24/7');
    expect(hoursLabel(MALL)).toBe('Daily 7:00–23:00');
    expect(hoursLabel(closedMondays)).toBe('Mon closed · Tue–Sun 7:00–23:00');
    expect(
      hoursLabel({
        monday: weekdays,
        tuesday: weekdays,
        wednesday: weekdays,
        thursday: weekdays,
        friday: weekdays,
        saturday: weekend,
        sunday: weekend,
      }),
    ).toBe('Mon–Fri 7:00–22:00 · Sat–Sun 10:00–21:30');
    expect(hoursLabel({ ...MALL, saturday: ALWAYS.saturday, sunday: undefined })).toBe('Mon–Fri 7:00–23:00 · Sat 24 h · Sun closed');
  });

  it('says "Not specified" only when no day has hours', () => {
    expect(hoursLabel({})).toBe('Not specified');
    expect(driverHoursLabel({}, now)).toBe('Not specified');
  });

  it('tells a driver that the lot is closed today (Manila)', () => {
    expect(driverHoursLabel(closedMondays, now)).toBe('Closed today · Mon closed · Tue–Sun 7:00–23:00');
    expect(driverHoursLabel(closedMondays, at('2026-11-24T01:00:00'))).toBe('Mon closed · Tue–Sun 7:00–23:00');
    expect(driverHoursLabel(MALL, now)).toBe('Daily 7:00–23:00');
  });
});

it("manilaClock is Manila's weekday, date and minutes after midnight, as Intl reads them, for any instant", () => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Manila',
    weekday: 'long',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' });
  fc.assert(
    fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
      const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
      expect(manilaClock(at)).toEqual({
        weekday: p.weekday.toLowerCase(),
        day: day.format(at),
        minutes: Number(p.hour) * 60 + Number(p.minute),
      });
    }),
  );
});
