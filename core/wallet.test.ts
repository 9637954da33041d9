import { describe, expect, it } from 'vitest';
import { loyaltyLevel, pointsForSpend, pointsToNextLevel } from './wallet';
import { topupSchema } from './wallet-request';

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

describe('top-up input', () => {
  it('accepts whole centavos within the limit and a known method', () => {
    expect(topupSchema.safeParse({ amountCents: 50_000, method: 'gcash' }).success).toBe(true);
    expect(topupSchema.safeParse({ amountCents: 0, method: 'gcash' }).error?.issues[0].message).toBe('Please enter a valid amount.');
    expect(topupSchema.safeParse({ amountCents: 100, method: 'paypal' }).success).toBe(false);
  });
});
