/** Merchant validations on the web (docs/passes.md, "Merchant validations"): one queryOptions factory per resource, typed from the routes. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './api';

const merchantsOf = api.owner.lots[':lotId'].merchants;
const merchantById = api.owner.merchants[':merchantId'];
export type MerchantSummary = InferResponseType<typeof merchantsOf.$get, 200>[number];
export type MerchantRegistration = InferRequestType<typeof merchantsOf.$post>['json'];
export type CodeBatchRequest = InferRequestType<(typeof merchantById)['codes']['$post']>['json'];
export type CodeBatch = InferResponseType<(typeof merchantById)['codes']['$post'], 201>;
export type ValidationReportRow = InferResponseType<typeof api.owner.validations.$get, 200>[number];

export const merchantsQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/owner/lots', lotId, 'merchants'],
    queryFn: () => unwrap(merchantsOf.$get({ param: { lotId } })),
    enabled: !!lotId,
  });

export const validationReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['/api/owner/validations', from, to],
    queryFn: () => unwrap(api.owner.validations.$get({ query: { from, to } })),
    placeholderData: keepPreviousData,
  });

/** The owner's merchant changes; each refreshes the lot's merchants. */
export function useMerchantActions(lotId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/owner/lots', lotId, 'merchants'] });
  return {
    register: useMutation({
      mutationFn: (json: MerchantRegistration) => unwrap(merchantsOf.$post({ param: { lotId }, json })),
      onSuccess: refresh,
    }),
    codes: useMutation({
      mutationFn: ({ merchantId, ...json }: CodeBatchRequest & { merchantId: string }) =>
        unwrap(merchantById.codes.$post({ param: { merchantId }, json })),
      onSuccess: refresh,
    }),
    openLink: useMutation({
      mutationFn: ({ merchantId, ...json }: { merchantId: string; hours?: number; amountCents?: number }) =>
        unwrap(merchantById.link.$post({ param: { merchantId }, json })),
      onSuccess: refresh,
    }),
    revokeLink: useMutation({
      mutationFn: (merchantId: string) => unwrap(merchantById.link.$delete({ param: { merchantId } })),
      onSuccess: refresh,
    }),
  };
}

/** The merchant link's own page: no session, the token is the authority. */
export const merchantLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/merchant-links', token],
    queryFn: () => unwrap(api['merchant-links'][':token'].$get({ param: { token } })),
    retry: false,
  });

export const validateOnLink = (token: string, car: { plate?: string; passId?: string }) =>
  unwrap(api['merchant-links'][':token'].validations.$post({ param: { token }, json: car }));

/** The driver redeems a code on their own checked-in stay, before leaving. */
export const applyValidationAsDriver = (reservationId: string, code: string) =>
  unwrap(api.reservations[':id'].validations.$post({ param: { id: reservationId }, json: { code } }));

/** The address a merchant's cashier opens. */
export const merchantLinkUrl = (token: string) => `${window.location.origin}/m/${token}`;
