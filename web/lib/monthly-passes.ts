import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './api';

const onSale = api.lots[':lotId']['pass-products'];
const ownerProducts = api.owner.lots[':lotId']['pass-products'];

export type PassProductOnSale = InferResponseType<typeof onSale.$get, 200>['products'][number];
export type MonthlyPass = InferResponseType<(typeof api)['monthly-passes']['$get'], 200>['passes'][number];
export type BuyPassBody = InferRequestType<(typeof api)['monthly-passes']['$post']>['json'];
export type PassProductBody = InferRequestType<typeof ownerProducts.$post>['json'];

/** The passes a lot sells, with each period's price (public). */
export const passProductsQuery = (lotId: string) =>
  queryOptions({ queryKey: ['/api/lots', lotId, 'pass-products'], queryFn: () => unwrap(onSale.$get({ param: { lotId } })) });

/** The driver's passes, each still valid with its signed QR. */
export const myPassesQuery = queryOptions({ queryKey: ['/api/monthly-passes'], queryFn: () => unwrap(api['monthly-passes'].$get()) });

export const ownerPassProductsQuery = (lotId: string) =>
  queryOptions({ queryKey: ['/api/owner/lots', lotId, 'pass-products'], queryFn: () => unwrap(ownerProducts.$get({ param: { lotId } })) });

/** Buys a pass; one Idempotency-Key per attempt, so a repeated send never pays twice. */
export function useBuyPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ json, key }: { json: BuyPassBody; key: string }) =>
      unwrap(api['monthly-passes'].$post({ json }, { headers: { 'Idempotency-Key': key } })),
    onSuccess: () =>
      Promise.all([myPassesQuery.queryKey, ['/api/wallet'], ['/api/lots']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) =>
      unwrap(api['monthly-passes'][':id'].$patch({ param: { id }, json: { autoRenew } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPassesQuery.queryKey }),
  });
}

export function useAddPassProduct(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: PassProductBody) => unwrap(ownerProducts.$post({ param: { lotId }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPassProductsQuery(lotId).queryKey }),
  });
}

export function usePausePassProduct(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, paused }: { productId: string; paused: boolean }) =>
      unwrap(ownerProducts[':productId'].$patch({ param: { lotId, productId }, json: { paused } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerPassProductsQuery(lotId).queryKey }),
  });
}
