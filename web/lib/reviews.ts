/** Verified reviews (docs/reviews.md): a lot's reviews, the driver's own of a stay, the owner's replies and the admin's reported list. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { Review } from '../../core/review-request';
import { api, unwrap } from './api';
import { pagedQuery } from './pages';

const lotReviews = api.lots[':id'].reviews;
export type LotReviews = InferResponseType<typeof lotReviews.$get, 200>;
export type LotReview = LotReviews['items'][number];

/** A lot's rating and its reviews, newest first, a page at a time (the first page carries the rating). */
export const lotReviewsQuery = (lotId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/lots', lotId, 'reviews'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap(lotReviews.$get({ param: { id: lotId }, query: { cursor: pageParam } })),
    getNextPageParam: (page: LotReviews) => page.nextCursor ?? undefined,
  });

export type StayKind = 'reservation' | 'pass';
const stayReview = (kind: StayKind) => (kind === 'reservation' ? api.reservations[':id'].review : api['monthly-passes'][':id'].review);

/** The driver's review of one stay (null before they write it). */
export const myReviewQuery = (kind: StayKind, id: string) =>
  queryOptions({ queryKey: ['/api/stays', kind, id, 'review'], queryFn: () => unwrap(stayReview(kind).$get({ param: { id } })) });

/** Writes the driver's review, or edits it; the lot's list and rating follow. */
export function useSaveReview(kind: StayKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ json, edit }: { json: Review; edit: boolean }) =>
      unwrap(edit ? stayReview(kind).$patch({ param: { id }, json }) : stayReview(kind).$post({ param: { id }, json })),
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myReviewQuery(kind, id).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/lots', review.lotId] }),
      ]),
  });
}

export const useReportReview = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.reviews[':id'].report.$post({ param: { id }, json: { reason } })),
  });

const ownerReviews = api.owner.reviews;
export type OwnerReview = InferResponseType<typeof ownerReviews.$get, 200>['items'][number];

/** The reviews of the owner's lots (one lot's when named), newest first. */
export const ownerReviewsQuery = (lotId?: string) =>
  pagedQuery(['/api/owner/reviews', lotId ?? 'all'], (cursor) => unwrap(ownerReviews.$get({ query: { cursor, lotId } })));

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => unwrap(ownerReviews[':id'].reply.$post({ param: { id }, json: { text } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/owner/reviews'] }),
  });
}

const reported = api.admin.reviews.reported;
export type ReportedReview = InferResponseType<typeof reported.$get, 200>['items'][number];

export const reportedReviewsQuery = pagedQuery(['/api/admin/reviews/reported'], (cursor) => unwrap(reported.$get({ query: { cursor } })));

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'hide' | 'keep'; reason: string }) =>
      unwrap(api.admin.reviews[':id'][decision].$post({ param: { id }, json: { reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/reviews/reported'] }),
  });
}
