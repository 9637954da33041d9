import { describe, expect, it } from 'vitest';
import {
  balanceCarried,
  commissionOf,
  eachMonth,
  lastDayOf,
  monthClosed,
  nextMonth,
  previousMonth,
  statementFigures,
  statementStatus,
} from './statements';

describe('statements', () => {
  it('counts the wallet money by what was sold, the cash apart, and the commission on what was collected', () => {
    const figures = statementFigures(
      [
        { kind: 'BOOKING', method: 'wallet', cents: 100_000 },
        { kind: 'MODIFICATION', method: 'wallet', cents: 5_000 },
        { kind: 'EXTENSION', method: 'wallet', cents: 20_000 },
        { kind: 'OVERSTAY', method: 'wallet', cents: 3_000 },
        { kind: 'OVERSTAY', method: 'cash', cents: 6_000 },
        { kind: 'WALK_IN', method: 'cash', cents: 12_000 },
        { kind: 'REFUND', method: 'wallet', cents: -10_000 },
        { kind: 'REFUND', method: 'cash', cents: -2_000 },
      ],
      250,
      4_500,
    );
    expect(figures).toEqual({
      bookingsCents: 105_000,
      extensionsCents: 20_000,
      overstaysCents: 3_000,
      walkInsCents: 0,
      monthlyPassesCents: 0,
      refundsCents: -10_000,
      collectedCents: 118_000,
      commissionBasisPoints: 250,
      commissionCents: 2_950,
      payableCents: 115_050,
      cashCents: 16_000,
      // Merchant validations: their own line, outside what was collected and the commission.
      validatedCents: 4_500,
    });
  });

  it('rounds the commission to the centavo, half away from zero, and takes none at 0%', () => {
    expect(commissionOf(1_010, 250)).toBe(25);
    expect(commissionOf(1_020, 250)).toBe(26);
    expect(commissionOf(-1_020, 250)).toBe(-26);
    expect(commissionOf(123_456, 0)).toBe(0);
  });

  it('knows months by their Manila days', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
    expect([previousMonth('2026-01'), nextMonth('2026-12')]).toEqual(['2025-12', '2027-01']);
    expect(eachMonth('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    // 30 September 23:59 Manila is still September; a minute later it has closed.
    expect(monthClosed('2026-09', new Date('2026-09-30T15:59:00Z'))).toBe(false);
    expect(monthClosed('2026-09', new Date('2026-09-30T16:00:00Z'))).toBe(true);
  });

  it('is open while the month runs, then closed until payouts cover it, carried when it ends below zero', () => {
    expect(statementStatus(false, 100, 100)).toBe('open');
    expect(statementStatus(true, 100, 40)).toBe('closed');
    expect(statementStatus(true, 100, 100)).toBe('paid');
    expect(statementStatus(true, 0, 0)).toBe('paid');
    expect(statementStatus(true, -500, 0)).toBe('carried');
    expect(statementStatus(true, 100, 150)).toBe('carried');
  });

  it('carries only what an owner owes the platform; an unpaid month stays due on its own', () => {
    expect(balanceCarried([])).toBe(0);
    expect(balanceCarried([{ owedCents: 10_000, paidCents: 9_000 }])).toBe(0);
    expect(
      balanceCarried([
        { owedCents: 10_000, paidCents: 9_000 },
        { owedCents: -10_000, paidCents: 0 },
      ]),
    ).toBe(-10_000);
    expect(
      balanceCarried([
        { owedCents: -10_000, paidCents: 0 },
        { owedCents: 3_000, paidCents: 0 },
        { owedCents: 20_000, paidCents: 13_000 },
      ]),
    ).toBe(0);
  });
});
