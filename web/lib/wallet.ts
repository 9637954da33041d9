import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { statement } from '../../worker/wallet/wallet.data';
import { api, apiRequest, unwrap } from './api';
import { READ_OFFLINE } from './own-answers';
import { pagedQuery } from './pages';

/** The wallet's balance, totals and rewards, as the worker counts them from the ledger. */
export type WalletSummary = InferResponseType<typeof api.wallet.$get, 200>;
export type Payment = InferResponseType<(typeof api.payments)[':id']['$get'], 200>;
export type TopupBody = InferRequestType<typeof api.wallet.topup.$post>['json'];
export type AutoTopupBody = InferRequestType<(typeof api.wallet)['auto-topup']['$put']>['json'];
/** The JSON form of the statement route (its CSV form shares the path, so the client types it here). */
export type Statement = Awaited<ReturnType<typeof statement>>;

export const walletQuery = queryOptions({ queryKey: ['/api/wallet'], queryFn: () => unwrap(api.wallet.$get()), ...READ_OFFLINE });
export const paymentConfigQuery = queryOptions({ queryKey: ['/api/payments/config'], queryFn: () => unwrap(api.payments.config.$get()) });
export const paymentMethodsQuery = queryOptions({
  queryKey: ['/api/wallet/payment-methods'],
  queryFn: () => unwrap(api.wallet['payment-methods'].$get()),
});
export const autoTopupQuery = queryOptions({
  queryKey: ['/api/wallet/auto-topup'],
  queryFn: () => unwrap(api.wallet['auto-topup'].$get()),
});

/** Ledger pages, newest first; `points` narrows to rows that moved loyalty points. */
export const transactionsQuery = (points = false) =>
  pagedQuery(['/api/wallet/transactions', { points }], (cursor) =>
    unwrap(api.wallet.transactions.$get({ query: { limit: '10', points: points ? 'true' : undefined, cursor } })),
  );

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: ['/api/payments', id], queryFn: () => unwrap(api.payments[':id'].$get({ param: { id } })) });

export const statementQuery = (month: string) =>
  queryOptions({
    queryKey: ['/api/wallet/statement', month],
    queryFn: () => apiRequest<Statement>('GET', `/api/wallet/statement?month=${month}`),
  });

export const statementCsvUrl = (month: string) => `/api/wallet/statement?month=${month}&format=csv`;

/** Everything a settled payment changes: balance, ledger, methods used. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [walletQuery.queryKey, ['/api/wallet/transactions'], paymentMethodsQuery.queryKey, ['/api/notifications']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Starts a top-up; one Idempotency-Key per attempt, so a repeated send never opens two payments. */
export function useStartTopup() {
  return useMutation({
    mutationFn: ({ json, key }: { json: TopupBody; key: string }) =>
      unwrap(api.wallet.topup.$post({ json }, { headers: { 'Idempotency-Key': key } })),
  });
}

export function useSandboxDecision() {
  const refresh = useRefreshWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      unwrap(api.payments.sandbox[':id'][':decision'].$post({ param: { id, decision } })),
    onSuccess: async (payment) => {
      queryClient.setQueryData(paymentQuery(payment.id).queryKey, payment);
      await refresh();
    },
  });
}

/** Refunds a top-up to its source; one Idempotency-Key per confirmed attempt, so a repeated send refunds once. */
export function useRefundTopup() {
  const refresh = useRefreshWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, key }: { paymentId: string; key: string }) =>
      unwrap(api.wallet.topups[':paymentId'].refund.$post({ param: { paymentId } }, { headers: { 'Idempotency-Key': key } })),
    // Refused or made, the page reads the top-up again: what it shows is what the server holds.
    onSettled: (_refund, _error, { paymentId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: paymentQuery(paymentId).queryKey }), refresh()]),
  });
}

export function useSaveAutoTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: AutoTopupBody) => unwrap(api.wallet['auto-topup'].$put({ json })),
    onSuccess: (saved) => queryClient.setQueryData(autoTopupQuery.queryKey, saved),
  });
}
