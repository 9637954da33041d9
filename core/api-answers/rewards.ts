/** The answers of worker/rewards/ (docs/rewards.md). */
import { z } from 'zod';
import { REWARD_KINDS, VOUCHER_STATES } from '../rewards';
import { LOYALTY_LEVELS } from '../wallet';
import { cents, instant } from './shared';

const voucherFields = {
  id: z.string(),
  rewardId: z.string(),
  createdAt: instant,
  expiresAt: instant,
  usedAt: instant.nullable(),
  reservationId: z.string().nullable(),
  amountOffCents: cents.nullable(),
};

export const rewardsAnswer = z
  .looseObject({
    points: z.number().int(),
    redeemablePoints: z.number().int(),
    pointsEarned: z.number().int(),
    level: z.enum(LOYALTY_LEVELS),
    balanceCents: cents,
    items: z.array(
      z.looseObject({
        id: z.string(),
        kind: z.enum(REWARD_KINDS),
        name: z.string(),
        costPoints: z.number().int(),
        creditCents: cents,
        available: z.boolean(),
        reason: z.string().nullable().describe('Why it cannot be redeemed now, or null.'),
      }),
    ),
    vouchers: z.array(z.looseObject({ ...voucherFields, state: z.enum(VOUCHER_STATES) })),
  })
  .meta({ id: 'Rewards' });

export const rewardRedemptionAnswer = z
  .looseObject({
    id: z.string(),
    rewardId: z.string(),
    costPoints: z.number().int(),
    creditCents: cents,
    voucher: z.looseObject(voucherFields).nullable().describe("A free-hour reward's voucher; null for wallet credit."),
    createdAt: instant,
    balanceCents: cents,
    points: z.number().int(),
  })
  .meta({ id: 'RewardRedemption' });
