import { describe, expect, it } from 'vitest';
import { CENTS_PER_POINT, loyaltyLevel, pointsEarned } from './wallet';
import { CREDIT_CENTS_PER_POINT, findReward, freeHourOffCents, REWARDS, rewardShortfall, voucherExpiry, voucherState } from './rewards';
import { DAY_MS } from './time';

describe('the rewards catalogue', () => {
  it('gives back 1% of parking spend as credit: 100 points (₱1,000 spent) buy ₱10', () => {
    const credit = findReward('credit-100')!;
    expect(credit).toMatchObject({ costPoints: 100, creditCents: 1_000, name: '₱10.00 wallet credit' });
    expect((credit.costPoints * CENTS_PER_POINT) / (credit.costPoints * CREDIT_CENTS_PER_POINT)).toBe(100);
    expect(REWARDS.filter((reward) => reward.kind === 'credit').every((r) => r.creditCents === r.costPoints * CREDIT_CENTS_PER_POINT)).toBe(
      true,
    );
    expect(findReward('nothing')).toBeNull();
  });

  it('says how many points are missing', () => {
    expect(rewardShortfall(findReward('credit-500')!, 120)).toBe('You need 380 more points for this reward.');
    expect(rewardShortfall(findReward('credit-500')!, 500)).toBeNull();
  });

  it('takes one billed hour of the stay off with a free hour, never more than the stay', () => {
    expect(freeHourOffCents({ totalCents: 8_000, hours: 1 })).toBe(8_000);
    expect(freeHourOffCents({ totalCents: 28_800, hours: 4 })).toBe(7_200);
    expect(freeHourOffCents({ totalCents: 0, hours: 3 })).toBe(0);
  });

  it('keeps a voucher 90 days, unused until used', () => {
    const at = new Date('2026-11-01T00:00:00.000Z');
    const expiresAt = voucherExpiry(at).toISOString();
    expect(Date.parse(expiresAt) - at.getTime()).toBe(90 * DAY_MS);
    expect(voucherState({ usedAt: null, expiresAt }, at)).toBe('unused');
    expect(voucherState({ usedAt: at.toISOString(), expiresAt }, at)).toBe('used');
    expect(voucherState({ usedAt: null, expiresAt }, new Date(expiresAt))).toBe('expired');
  });
});

describe('the level follows the points earned, not those held', () => {
  it('counts the redeemed points as earned', () => {
    expect(loyaltyLevel(pointsEarned(0, 1_000))).toBe('Gold');
    expect(loyaltyLevel(pointsEarned(200, 400))).toBe('Silver');
  });
});
