import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap, unwrapEmpty } from './api';
import { allItems } from './pages';

export type OwnerLot = InferResponseType<typeof api.owner.lots.$get, 200>['items'][number];
export type LotCreateBody = InferRequestType<typeof api.owner.lots.$post>['json'];
export type LotUpdateBody = InferRequestType<(typeof api.owner.lots)[':id']['$patch']>['json'];
export type PricingBody = InferRequestType<(typeof api.pricing)[':lotId']['$patch']>['json'];

/**
 * Every lot the owner manages (every lot for the super admin), for the owner screens' lists and
 * location filters: read in the server's pages, each of which asks only its own lots' objects.
 */
export const ownerLotsQuery = queryOptions({
  queryKey: ['/api/owner/lots'],
  queryFn: () =>
    allItems((cursor, limit) => unwrap(api.owner.lots.$get({ query: { cursor, limit: limit === undefined ? undefined : String(limit) } }))),
});

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

/** Sends a rejected lot back for review, with an optional note to the reviewer. */
export function useResubmitLot() {
  const refresh = useRefreshLots();
  return useMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) =>
      unwrap(api.owner.lots[':id'].resubmit.$post({ param: { id }, json: { notes: notes || undefined } })),
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

type WaiverRoutes = (typeof api.owner.lots)[':id']['waivers'];
export type WaiverBody = InferRequestType<WaiverRoutes['$post']>['json'];

/** The owner waives a card lot's overnight fees, or all of them, for a while; the lot's waivers come back with its card. */
export function useAddWaiver() {
  const refresh = useRefreshLots();
  return useMutation({
    mutationFn: ({ lotId, json }: { lotId: string; json: WaiverBody }) =>
      unwrap(api.owner.lots[':id'].waivers.$post({ param: { id: lotId }, json })),
    onSuccess: refresh,
  });
}

export function useLiftWaiver() {
  const refresh = useRefreshLots();
  return useMutation({
    mutationFn: ({ lotId, waiverId }: { lotId: string; waiverId: string }) =>
      unwrap(api.owner.lots[':id'].waivers[':waiverId'].$delete({ param: { id: lotId, waiverId } })),
    onSuccess: refresh,
  });
}

type AttendantRoutes = (typeof api.owner.lots)[':id']['attendants'];
export type LotAttendant = InferResponseType<AttendantRoutes['$get'], 200>[number];
export type AttendantAddBody = InferRequestType<AttendantRoutes['$post']>['json'];

export const lotAttendantsQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/owner/lots', lotId, 'attendants'],
    queryFn: () => unwrap(api.owner.lots[':id'].attendants.$get({ param: { id: lotId } })),
  });

export type LotInvitation = InferResponseType<(typeof api.owner.lots)[':id']['invitations']['$get'], 200>[number];

/** Invitations to the lot's gate still waiting for the invited person's answer. */
export const lotInvitationsQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/owner/lots', lotId, 'invitations'],
    queryFn: () => unwrap(api.owner.lots[':id'].invitations.$get({ param: { id: lotId } })),
  });

function useRefreshAttendants(lotId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lotAttendantsQuery(lotId).queryKey }),
      queryClient.invalidateQueries({ queryKey: lotInvitationsQuery(lotId).queryKey }),
    ]);
}

export function useWithdrawInvitation(lotId: string) {
  const refresh = useRefreshAttendants(lotId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(api.owner.lots[':id'].invitations[':invitationId'].$delete({ param: { id: lotId, invitationId } })),
    onSettled: refresh,
  });
}

export function useAddAttendant(lotId: string) {
  const refresh = useRefreshAttendants(lotId);
  return useMutation({
    mutationFn: (json: AttendantAddBody) => unwrap(api.owner.lots[':id'].attendants.$post({ param: { id: lotId }, json })),
    onSuccess: refresh,
  });
}

export function useRemoveAttendant(lotId: string) {
  const refresh = useRefreshAttendants(lotId);
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.owner.lots[':id'].attendants[':userId'].$delete({ param: { id: lotId, userId } })),
    onSuccess: refresh,
  });
}
/** The spec's refresh of dynamic pricing suggestions: every 5 minutes, only while a switch is on. */
const SUGGESTIONS_REFRESH_MS = 300_000;

export type DynamicSuggestion = InferResponseType<(typeof api.owner.pricing)['dynamic-suggestions']['$get'], 200>['suggestions'][number];

/** Suggestions for one lot, or (no lot) for every lot of the owner whose switch is on. */
export const dynamicSuggestionsQuery = (lotId?: string) =>
  queryOptions({
    queryKey: ['/api/owner/pricing/dynamic-suggestions', lotId ?? 'all'],
    queryFn: async () => {
      // The server answers a page of lots at a time; the panels show them all, page after page.
      const first = await unwrap(api.owner.pricing['dynamic-suggestions'].$get({ query: lotId ? { lotId } : {} }));
      let { nextCursor } = first;
      const suggestions = [...first.suggestions];
      while (nextCursor) {
        const page = await unwrap(api.owner.pricing['dynamic-suggestions'].$get({ query: { cursor: nextCursor } }));
        suggestions.push(...page.suggestions);
        nextCursor = page.nextCursor;
      }
      return { ...first, suggestions, message: suggestions.length ? null : first.message };
    },
    refetchInterval: SUGGESTIONS_REFRESH_MS,
  });

/** Price changes and what followed, for one lot (docs/owner.md). */
export const priceChangesQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/owner/reports/price-changes', lotId],
    queryFn: () => unwrap(api.owner.reports['price-changes'].$get({ query: { lotId } })),
  });
export type PriceChangeReport = InferResponseType<(typeof api.owner.reports)['price-changes']['$get'], 200>;

export const pricingInsightsQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['/api/owner/pricing/insights', lotId],
    queryFn: () => unwrap(api.owner.pricing.insights.$get({ query: { lotId } })),
  });

function useRefreshPricing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['/api/owner/lots', '/api/owner/pricing/dynamic-suggestions', '/api/owner/pricing/insights', '/api/owner/reports/price-changes'].map(
        (key) => queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

/** Enable AI Pricing: the lot's dynamic pricing switch. */
export function useSetDynamicPricing() {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: ({ lotId, enabled }: { lotId: string; enabled: boolean }) =>
      unwrap(api.pricing[':lotId'].dynamic.$put({ param: { lotId }, json: { enabled } })),
    onSuccess: refresh,
  });
}

export function useApplyDynamic() {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: (suggestion: Pick<DynamicSuggestion, 'lotId' | 'band' | 'suggestedPrice'>) =>
      unwrap(
        api.pricing['apply-dynamic'].$post({
          json: { lotId: suggestion.lotId, band: suggestion.band, suggestedPrice: suggestion.suggestedPrice },
        }),
      ),
    onSuccess: refresh,
  });
}
