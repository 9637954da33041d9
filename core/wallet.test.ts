import { describe, expect, it } from 'vitest';
import { loyaltyLevel, manilaDayStart, manilaMonthOf, manilaMonthRange, pointsForSpend, pointsToNextLevel, topupSchema } from './wallet';

describe('loyalty (spec 4, 9)', () => {
  it.each([
    [0, 'Bronze'],
    [499, 'Bronze'],
    [500, 'Silver'],
    [999, 'Silver'],
    [1000, 'Gold'],
  ] as const)('%i points is %s', (points, level) => expect(loyaltyLevel(points)).toBe(level));

  it('earns one point per whole ₱10', () => {
    expect(pointsForSpend(999)).toBe(0);
    expect(pointsForSpend(1000)).toBe(1);
    expect(pointsForSpend(9_500)).toBe(9);
    expect(pointsForSpend(-500)).toBe(0);
  });

  it('says what the next level needs', () => {
    expect(pointsToNextLevel(120)).toEqual({ level: 'Silver', missing: 380 });
    expect(pointsToNextLevel(500)).toEqual({ level: 'Gold', missing: 500 });
    expect(pointsToNextLevel(1200)).toBeNull();
  });
});

describe('Manila calendar', () => {
  it('bounds a month in UTC (UTC+8, no DST)', () => {
    expect(manilaMonthRange('2026-11')).toEqual({ start: '2026-10-31T16:00:00.000Z', end: '2026-11-30T16:00:00.000Z' });
    expect(manilaMonthRange('2026-12')).toEqual({ start: '2026-11-30T16:00:00.000Z', end: '2026-12-31T16:00:00.000Z' });
  });

  it('puts late UTC evenings in the next Manila day and month', () => {
    expect(manilaMonthOf(new Date('2026-11-30T16:30:00Z'))).toBe('2026-12');
    expect(manilaDayStart(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-23T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-22T16:00:00.000Z');
  });
});

describe('top-up input', () => {
  it('accepts whole centavos within the limit and a known method', () => {
    expect(topupSchema.safeParse({ amountCents: 50_000, method: 'gcash' }).success).toBe(true);
    expect(topupSchema.safeParse({ amountCents: 0, method: 'gcash' }).error?.issues[0].message).toBe('Please enter a valid amount.');
    expect(topupSchema.safeParse({ amountCents: 100, method: 'paypal' }).success).toBe(false);
  });
});
