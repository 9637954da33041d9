/** The redemption request as the API takes it, apart from the rewards' rules in ./rewards so that screens which only show them do not load the validator. */
import { z } from 'zod';

/** POST /api/rewards/redeem. `Idempotency-Key` header required. */
export const redeemSchema = z.object({ rewardId: z.string().trim().min(1, 'Choose a reward.').max(40) }).strict();
