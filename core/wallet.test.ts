import { describe, expect, it } from 'vitest';
import { DAY_MS } from './time';
import { loyaltyLevel, pointsForSpend, pointsToNextLevel, topupRefundEligibility } from './wallet';
import { autoTopupFormSchema, payCodeFormSchema, topupFormSchema, topupSchema } from './wallet-request';

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

describe('the pay-code form', () => {
  const lotId = '7f3c2a10-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
  const voucherId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
  const problems = (limit: string) =>
    payCodeFormSchema.safeParse({ lotId, limit, voucherId: '' }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('sends the limit typed in pesos as centavos, and a voucher only when one is chosen', () => {
    expect(payCodeFormSchema.parse({ lotId, limit: '250.50', voucherId: '' })).toEqual({ lotId, limitCents: 25050 });
    expect(payCodeFormSchema.parse({ lotId, limit: '250', voucherId })).toEqual({ lotId, limitCents: 25000, voucherId });
  });

  it('refuses what the request refuses, with its message at the limit, before anything is sent', () => {
    expect(problems('0')).toEqual([['limit', 'The limit must be more than ₱0.00.']]);
    expect(problems('abc')).toEqual([['limit', 'Enter the most the code pays.']]);
    expect(problems('50000.01')).toEqual([['limit', 'A pay code pays at most ₱50,000.00.']]);
    expect(problems('250')).toBeUndefined();
  });
});

describe('the auto top-up form', () => {
  const typed = { enabled: true, threshold: '200', amount: '500.50', method: 'gcash' as const };

  it('sends the pesos typed as the rule in centavos', () =>
    expect(autoTopupFormSchema.parse(typed)).toEqual({ enabled: true, thresholdCents: 20_000, amountCents: 50_050, method: 'gcash' }));

  it("refuses what the rule refuses, with the rule's message at the field typed", () =>
    expect(
      autoTopupFormSchema
        .safeParse({ ...typed, threshold: '99', amount: '50' })
        .error?.issues.map((issue) => [issue.path[0], issue.message]),
    ).toEqual([
      ['threshold', 'The threshold is at least ₱100.'],
      ['amount', 'The auto top-up amount is at least ₱100.'],
    ]));

  it('says in pesos what is wrong with a threshold or an amount that is not a number, or a threshold past the top-up limit', () =>
    expect(
      [
        { threshold: 'abc', amount: '' },
        { threshold: '20000.01', amount: 'five hundred' },
      ].flatMap(
        (typo) => autoTopupFormSchema.safeParse({ ...typed, ...typo }).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
      ),
    ).toEqual([
      ['threshold', 'Please enter a valid threshold.'],
      ['amount', 'The auto top-up amount is at least ₱100.'],
      ['threshold', 'The threshold is at most ₱20,000.00.'],
      ['amount', 'Please enter a valid amount.'],
    ]));
});
