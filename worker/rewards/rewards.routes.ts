import { Hono } from 'hono';
import { redeemSchema } from '../../core/rewards-request';
import type { AppEnv } from '../env';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { redeem, rewardsOf } from './rewards.service';
import { describedAs } from '../http/described';
import { rewardRedemptionAnswer, rewardsAnswer } from '../../core/api-answers/rewards';

const described = describedAs('rewards');

/** Orange Rewards: what the driver's points buy, and redeeming them (docs/wallet.md, Rewards). */
export const rewardRoutes = new Hono<AppEnv>()
  .get('/rewards', described({ summary: 'My rewards points and offers', answer: rewardsAnswer }), signedIn, async (c) =>
    c.json(await rewardsOf(c.var.db, c.var.user.id)),
  )
  .post(
    '/rewards/redeem',
    described({ summary: 'Redeem points', answer: rewardRedemptionAnswer, idempotent: true, status: 201, refusals: [409] }),
    validate('json', redeemSchema),
    async (c) => {
      const input = c.req.valid('json');
      const request = await idempotentRequest(c, 'rewards.redeem', input);
      const { redemption, replayed } = await redeem(c.var.db, request, input.rewardId);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(redemption, 201);
    },
  );
