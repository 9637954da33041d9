import { describe, expect, it } from 'vitest';
import { nextMonth, passCoverEnd, passMonthRefusal, passMonthsOnSale, passPriceAt, passState } from './monthly-passes';
import { statementFigures } from './statements';
import { manilaMonthRange } from './time';

/** An instant given as Manila wall-clock time. */
const manila = (local: string) => new Date(`${local}+08:00`);

describe('monthly pass months', () => {
  it('rolls over the year', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });

  it('sells this Manila month and the next, judged in Manila (UTC is still the day before)', () => {
    // 31 Dec 2026 23:30 UTC is already 1 Jan 2027 in Manila.
    expect(passMonthsOnSale(new Date('2026-12-31T23:30:00Z'))).toEqual(['2027-01', '2027-02']);
    expect(passMonthsOnSale(manila('2026-11-25T10:00:00'))).toEqual(['2026-11', '2026-12']);
  });

  it('refuses a past month, a month too far ahead and a malformed one, each saying why', () => {
    const now = manila('2026-11-25T10:00:00');
    expect(passMonthRefusal('2026-11', now)).toBeNull();
    expect(passMonthRefusal('2026-12', now)).toBeNull();
    expect(passMonthRefusal('2026-10', now)).toMatch(/over/);
    expect(passMonthRefusal('2027-01', now)).toMatch(/not on sale yet/);
    expect(passMonthRefusal('2026-13', now)).toMatch(/YYYY-MM/);
  });

  it('says where a pass stands', () => {
    const now = manila('2026-11-25T10:00:00');
    expect(passState('2026-11', now)).toBe('active');
    expect(passState('2026-12', now)).toBe('upcoming');
    expect(passState('2026-10', now)).toBe('ended');
  });
});

describe('passPriceAt', () => {
  it('charges the whole month ahead of it', () => {
    expect(passPriceAt(300_000, '2026-12', manila('2026-11-25T10:00:00'))).toBe(300_000);
  });

  it('charges the days left of the month under way, today included, rounded up to the centavo', () => {
    // November has 30 days; on the 25th, 6 are left: 300,000 × 6 / 30.
    expect(passPriceAt(300_000, '2026-11', manila('2026-11-25T23:59:00'))).toBe(60_000);
    // On the 1st, the whole month; on the last day, one day of 31, rounded up.
    expect(passPriceAt(300_000, '2026-12', manila('2026-12-01T00:00:00'))).toBe(300_000);
    expect(passPriceAt(100_000, '2026-12', manila('2026-12-31T20:00:00'))).toBe(3_226);
  });
});

describe('passCoverEnd', () => {
  const at = Date.parse('2026-11-10T02:00:00Z');
  it('is null when no pass covers the instant', () => {
    expect(passCoverEnd([], at)).toBeNull();
    expect(passCoverEnd(['2026-12'], at)).toBeNull();
  });

  it('ends with the last month of an unbroken run of passes', () => {
    expect(passCoverEnd(['2026-11'], at)).toBe(Date.parse(manilaMonthRange('2026-11').end));
    expect(passCoverEnd(['2026-11', '2026-12'], at)).toBe(Date.parse(manilaMonthRange('2026-12').end));
    expect(passCoverEnd(['2026-11', '2027-01'], at)).toBe(Date.parse(manilaMonthRange('2026-11').end));
  });

  it('reads the month of the instant in Manila', () => {
    // 30 Nov 17:00 UTC is 1 Dec 01:00 in Manila: a November pass no longer covers it.
    expect(passCoverEnd(['2026-11'], Date.parse('2026-11-30T17:00:00Z'))).toBeNull();
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
