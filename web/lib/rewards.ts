import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api';
import { walletQuery } from './wallet';

export type Rewards = InferResponseType<typeof api.rewards.$get, 200>;
export type Voucher = Rewards['vouchers'][number];

/** The catalogue with what this driver's points reach, and their vouchers. */
export const rewardsQuery = queryOptions({ queryKey: ['/api/rewards'], queryFn: () => unwrap(api.rewards.$get()) });

/** Redeems a reward under one Idempotency-Key per attempt (a repeated send redeems once); the wallet and its points follow. */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, key }: { rewardId: string; key: string }) =>
      unwrap(api.rewards.redeem.$post({ json: { rewardId } }, { headers: { 'Idempotency-Key': key } })),
    onSuccess: () =>
      Promise.all(
        [walletQuery.queryKey, rewardsQuery.queryKey, ['/api/wallet/transactions']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
