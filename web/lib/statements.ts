import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PayoutInput } from '../../core/statement-request';
import { previousMonth } from '../../core/statements';
import { manilaDate } from '../../core/time';
import { api, unwrap } from './api';
import { withStepUp } from './second-factor';

export type OwnerStatement = InferResponseType<typeof api.owner.statements.$get, 200>;
export type PayoutsOverview = InferResponseType<typeof api.admin.payouts.$get, 200>;

export const ownerStatementQuery = (month: string) =>
  queryOptions({
    queryKey: ['/api/owner/statements', month],
    queryFn: () => unwrap(api.owner.statements.$get({ query: { month } })),
  });

export const payoutsQuery = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin', 'payouts', month],
    queryFn: () => unwrap(api.admin.payouts.$get({ query: { month } })),
  });

/** The month an owner's statements open on, when the URL names none: this month so far. */
export const statementMonthOf = (month: string | undefined) => month ?? manilaDate(Date.now()).slice(0, 7);

/** The month the payouts open on, when the URL names none: last month, the one to pay (this month is still open). */
export const payoutMonthOf = (month: string | undefined) => month ?? previousMonth(statementMonthOf(undefined));

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Recording a payout asks for the second factor again when it is older than 15 minutes (docs/account.md, Step-up).
    mutationFn: (payout: PayoutInput) => withStepUp(() => unwrap(api.admin.payouts.$post({ json: payout }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}
