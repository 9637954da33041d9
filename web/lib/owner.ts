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

type AttendantRoutes = (typeof api.owner.lots)[':id']['attendants'];
export type LotAttendant = InferResponseType<AttendantRoutes['$get'], 200>[number];
export type AttendantAddBody = InferRequestType<AttendantRoutes['$post']>['json'];
export type AddedAttendant = InferResponseType<AttendantRoutes['$post'], 201>;

export const lotAttendantsQuery = (lotId: string) =>
  queryOptions({ queryKey: ['/api/owner/lots', lotId, 'attendants'], queryFn: () => unwrap(api.owner.lots[':id'].attendants.$get({ param: { id: lotId } })) });

function useRefreshAttendants(lotId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lotAttendantsQuery(lotId).queryKey });
}

export function useAddAttendant(lotId: string) {
  const refresh = useRefreshAttendants(lotId);
  return useMutation({ mutationFn: (json: AttendantAddBody) => unwrap(api.owner.lots[':id'].attendants.$post({ param: { id: lotId }, json })), onSuccess: refresh });
}

export function useRemoveAttendant(lotId: string) {
  const refresh = useRefreshAttendants(lotId);
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.owner.lots[':id'].attendants[':userId'].$delete({ param: { id: lotId, userId } })),
    onSuccess: refresh,
  });
}
