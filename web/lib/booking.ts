import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { HOUR_MS } from '../../core/time';
import { api, unwrap, unwrapEmpty } from './api';
import { allItems, pagedQuery } from './pages';
import { READ_OFFLINE } from './own-answers';
import { walletQuery } from './wallet';

export type DriverLot = InferResponseType<typeof api.lots.$get, 200>['items'][number];
export type LotSearch = NonNullable<InferRequestType<typeof api.lots.$get>['query']>;
/** A lot's page: its detail with the availability and price of a window. */
export type LotDetail = InferResponseType<(typeof api.lots)[':id']['$get'], 200>;
export type Reservation = InferResponseType<(typeof api.reservations)[':id']['$get'], 200>;
/** A reservation in a list: also the id and official number of its current receipt (and of the VOID that voided it), when one was issued. */
export type ListedReservation = InferResponseType<typeof api.reservations.$get, 200>['items'][number];
/** A tab of My Reservations and/or the History filters (`historyQueryOf`). */
export type ReservationFilters = Omit<NonNullable<InferRequestType<typeof api.reservations.$get>['query']>, 'limit' | 'cursor'>;
export type NewReservation = InferRequestType<typeof api.reservations.$post>['json'];

/** Find Parking's list, a page at a time. */
export const lotsQuery = (query: LotSearch) =>
  pagedQuery(['/api/lots', query], (cursor) => unwrap(api.lots.$get({ query: { ...query, cursor } })));

/** Lot detail; availability refreshes, as spaces fill while a driver decides. */
export const lotQuery = (id: string, window: { start?: string; durationHours?: string } = {}) =>
  queryOptions({
    queryKey: ['/api/lots', id, window],
    queryFn: () => unwrap(api.lots[':id'].$get({ param: { id }, query: window })),
    refetchInterval: 10_000,
  });

/** How full the lot usually is at an arrival's hour (core/forecast.ts); one fetch per lot and hour. */
export const lotForecastQuery = (id: string, at: string) => {
  const hour = new Date(Math.floor(Date.parse(at) / HOUR_MS) * HOUR_MS).toISOString();
  return queryOptions({
    queryKey: ['/api/lots/forecast', id, hour],
    queryFn: () => unwrap(api.lots[':id'].forecast.$get({ param: { id }, query: { at: hour } })),
    staleTime: HOUR_MS,
  });
};

const reservationPage = (filters: ReservationFilters) => (cursor?: string, limit?: number) =>
  unwrap(api.reservations.$get({ query: { ...filters, cursor, limit: limit?.toString() } }));
export const reservationsQuery = (filters: ReservationFilters) =>
  pagedQuery(['/api/reservations', 'list', filters], reservationPage(filters));
export const allReservations = (filters: ReservationFilters) => allItems(reservationPage(filters));
/** How many match the History filters, in all and per tab. */
export const reservationCountsQuery = (filters: Omit<ReservationFilters, 'tab'> = {}) =>
  queryOptions({
    queryKey: ['/api/reservations', 'counts', filters],
    queryFn: () => unwrap(api.reservations.counts.$get({ query: filters })),
  });
/** The platform's free-cancellation window, no-show grace and top-up limits, as the admin last set them. */
export const platformRulesQuery = queryOptions({
  queryKey: ['/api/platform/settings'],
  queryFn: () => unwrap(api.platform.settings.$get()),
  ...READ_OFFLINE,
});
export const reservationQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/reservations', id],
    queryFn: () => unwrap(api.reservations[':id'].$get({ param: { id } })),
    ...READ_OFFLINE,
  });
export const passQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/reservations', id, 'pass'],
    queryFn: () => unwrap(api.reservations[':id'].pass.$get({ param: { id } })),
    ...READ_OFFLINE,
  });

/** A pass shared with a companion, opened without an account (docs/passes.md); a dead link is not retried. */
export const sharedPassQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/shared-passes', token],
    queryFn: () => unwrap(api['shared-passes'][':token'].$get({ param: { token } })),
    retry: false,
  });

/** Share the pass (the link to send) and Stop sharing; the reservation then says whether it is shared. */
export function usePassSharing(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reservationQuery(id).queryKey });
  return {
    share: useMutation({ mutationFn: () => unwrap(api.reservations[':id'].share.$post({ param: { id } })), onSuccess: refresh }),
    stop: useMutation({ mutationFn: () => unwrapEmpty(api.reservations[':id'].share.$delete({ param: { id } })), onSuccess: refresh }),
  };
}

/** After any booking change: reservations, lots' availability, wallet and notifications are stale. */
function useRefreshBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ['/api/reservations'],
        ['/api/receipts'],
        ['/api/lots'],
        walletQuery.queryKey,
        ['/api/wallet/transactions'],
        ['/api/notifications'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Money-moving calls carry one Idempotency-Key per attempt. */
const keyed = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export function useBookingActions() {
  const refresh = useRefreshBookings();
  return {
    book: useMutation({ mutationFn: (json: NewReservation) => unwrap(api.reservations.$post({ json }, keyed())), onSuccess: refresh }),
    cancel: useMutation({
      mutationFn: (id: string) => unwrap(api.reservations[':id'].cancel.$post({ param: { id } }, keyed())),
      onSuccess: refresh,
    }),
    extend: useMutation({
      mutationFn: ({ id, hours }: { id: string; hours: number }) =>
        unwrap(api.reservations[':id'].extend.$post({ param: { id }, json: { hours } }, keyed())),
      onSuccess: refresh,
    }),
    modify: useMutation({
      mutationFn: ({ id, start, durationHours }: { id: string; start: string; durationHours: number }) =>
        unwrap(api.reservations[':id'].$patch({ param: { id }, json: { start, durationHours } }, keyed())),
      onSuccess: refresh,
    }),
  };
}
