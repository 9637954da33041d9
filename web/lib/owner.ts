import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap, unwrapEmpty } from './api';

export type OwnerLot = InferResponseType<typeof api.owner.lots.$get, 200>[number];
export type LotCreateBody = InferRequestType<typeof api.owner.lots.$post>['json'];
export type LotUpdateBody = InferRequestType<(typeof api.owner.lots)[':id']['$patch']>['json'];
export type PricingBody = InferRequestType<(typeof api.pricing)[':lotId']['$patch']>['json'];

export const ownerLotsQuery = queryOptions({ queryKey: ['/api/owner/lots'], queryFn: () => unwrap(api.owner.lots.$get()) });

function useRefreshLots() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ownerLotsQuery.queryKey });
}

export function useCreateLot() {
  const refresh = useRefreshLots();
  return useMutation({ mutationFn: (json: LotCreateBody) => unwrap(api.owner.lots.$post({ json })), onSuccess: refresh });
}

export function useUpdateLot() {
  const refresh = useRefreshLots();
  return useMutation({
    mutationFn: ({ id, json }: { id: string; json: LotUpdateBody }) => unwrap(api.owner.lots[':id'].$patch({ param: { id }, json })),
    onSuccess: refresh,
  });
}

export function useDeleteLot() {
  const refresh = useRefreshLots();
  return useMutation({ mutationFn: (id: string) => unwrapEmpty(api.owner.lots[':id'].$delete({ param: { id } })), onSuccess: refresh });
}

export function useSavePricing() {
  const refresh = useRefreshLots();
  return useMutation({
    mutationFn: ({ lotId, json }: { lotId: string; json: PricingBody }) => unwrap(api.pricing[':lotId'].$patch({ param: { lotId }, json })),
    onSuccess: refresh,
  });
}
