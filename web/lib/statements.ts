import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PayoutInput } from '../../core/statement-request';
import { api, unwrap } from './api';
import { withStepUp } from './second-factor';

export type OwnerStatement = InferResponseType<typeof api.owner.statements.$get, 200>;
export type PayoutsOverview = InferResponseType<typeof api.admin.payouts.$get, 200>;

export const ownerStatementQuery = (month: string) =>
  queryOptions({
    queryKey: ['/api/owner/statements', month],
    queryFn: () => unwrap(api.owner.statements.$get({ query: { month } })),
    placeholderData: keepPreviousData,
  });

export const payoutsQuery = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin', 'payouts', month],
    queryFn: () => unwrap(api.admin.payouts.$get({ query: { month } })),
    placeholderData: keepPreviousData,
  });

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Recording a payout asks for the second factor again when it is older than 15 minutes (docs/account.md, Step-up).
    mutationFn: (payout: PayoutInput) => withStepUp(() => unwrap(api.admin.payouts.$post({ json: payout }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}
