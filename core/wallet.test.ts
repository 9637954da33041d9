import { describe, expect, it } from 'vitest';
import { DAY_MS } from './time';
import { loyaltyLevel, pointsForSpend, pointsToNextLevel, topupRefundEligibility } from './wallet';
import { topupFormSchema, topupSchema } from './wallet-request';

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

describe('topupRefundEligibility', () => {
  const paidAt = '2026-03-01T02:00:00.000Z';
  const topup = { status: 'succeeded' as const, method: 'gcash' as const, amountCents: 50_000, completedAt: paidAt, refundedAt: null };
  const at = (days: number) => new Date(new Date(paidAt).getTime() + days * DAY_MS);

  it('allows the whole top-up back while the wallet still holds it, within the method’s window', () => {
    expect(topupRefundEligibility(topup, 50_000, at(1))).toEqual({ eligible: true, deadline: at(180).toISOString() });
    expect(topupRefundEligibility({ ...topup, method: 'card' }, 80_000, at(59.9))).toMatchObject({ eligible: true });
    expect(topupRefundEligibility({ ...topup, method: 'maya' }, 80_000, at(364.9))).toMatchObject({ eligible: true });
  });

  it.each([
    ['card', 60],
    ['gcash', 180],
    ['maya', 365],
  ] as const)('closes a %s top-up’s window %i days after payment', (method, days) => {
    expect(topupRefundEligibility({ ...topup, method }, 50_000, at(days))).toMatchObject({ eligible: false, reason: 'too_old' });
  });

  it('says why not: unpaid, already refunded, or partly spent', () => {
    expect(topupRefundEligibility({ ...topup, status: 'pending', completedAt: null }, 50_000, at(1))).toMatchObject({ reason: 'not_paid' });
    expect(topupRefundEligibility({ ...topup, status: 'expired' }, 50_000, at(1))).toMatchObject({ reason: 'not_paid' });
    expect(topupRefundEligibility({ ...topup, refundedAt: paidAt }, 50_000, at(1))).toMatchObject({ reason: 'refunded' });
    expect(topupRefundEligibility(topup, 49_999, at(1))).toMatchObject({
      reason: 'spent',
      message: 'Part of this top-up was spent: your wallet holds ₱499.99, less than the ₱500.00 to refund.',
    });
  });
});

describe('the top-up form', () => {
  const amountProblem = (amount: string, minimumCents: number | null = null) =>
    topupFormSchema(minimumCents)
      .safeParse({ amount, method: 'gcash' })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('sends the pesos typed as centavos', () =>
    expect(topupFormSchema(null).parse({ amount: '500.25', method: 'maya' })).toEqual({ amountCents: 50025, method: 'maya' }));

  it("refuses what the request refuses, with its message at the amount, and less than the gateway's minimum", () => {
    expect(amountProblem('abc')).toEqual([['amount', 'Please enter a valid amount.']]);
    expect(amountProblem('')).toEqual([['amount', 'Please enter a valid amount.']]);
    expect(amountProblem('10', 2000)).toEqual([['amount', 'A top-up is at least ₱20.00.']]);
    expect(amountProblem('20', 2000)).toBeUndefined();
  });
});
