import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { TAP_NEEDS_LOCATION, type TagKind, type Tap } from '../../core/tags';
import { api, unwrap } from './api';

const ownerTags = api.owner.lots[':lotId'].tags;
const tag = api.tags[':token'];

export type OwnerTag = InferResponseType<typeof ownerTags.$get, 200>[number];
export type TapView = InferResponseType<typeof tag.$get, 200>;
export type TapStep = 'check-in' | 'check-out';

/** A lot's tags, for its owner. */
export const ownerTagsQuery = (lotId: string) =>
  queryOptions({ queryKey: ['/api/owner/lots', lotId, 'tags'], queryFn: () => unwrap(ownerTags.$get({ param: { lotId } })) });

export function useCreateTag(lotId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = ownerTagsQuery(lotId);
  return useMutation({
    mutationFn: (kind: TagKind) => unwrap(ownerTags.$post({ param: { lotId }, json: { kind } })),
    // The new tag shows at once from the answer, whatever a list read still in flight brings back; then the list is read again.
    onSuccess: (created: OwnerTag) => {
      queryClient.setQueryData(queryKey, (tags) => (tags?.some((tag) => tag.id === created.id) ? tags : [...(tags ?? []), created]));
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useRevokeTag(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(ownerTags[':id'].$delete({ param: { lotId, id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerTagsQuery(lotId).queryKey }),
  });
}

/** What a tag offers the signed-in driver who opened it. */
export const tapQuery = (token: string) =>
  // Refreshed each minute: an exit's price grows while the page stays open.
  queryOptions({
    queryKey: ['/api/tags', token],
    queryFn: () => unwrap(tag.$get({ param: { token } })),
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** A tap the page did not send: the phone gave no location (refused, or no fix in time). */
export class NoLocation extends Error {
  constructor() {
    super(TAP_NEEDS_LOCATION);
    this.name = 'NoLocation';
  }
}

/**
 * Where the phone is, asked at the tap (the browser asks the driver the first time): a tag checks in
 * or out only from the lot (docs/gate.md, Entrance tags). A fresh, precise fix, with how precise it is.
 */
function whereIsThePhone(): Promise<Tap> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) return reject(new NoLocation());
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy }),
      () => reject(new NoLocation()),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}

/** The driver's tap: a check-in or a check-out, one Idempotency-Key per attempt so a repeated send is answered, not repeated. */
export function useTap(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ step, key, shownCents = 0 }: { step: TapStep; key: string; shownCents?: number }) => {
      const where = await whereIsThePhone();
      const headers = { headers: { 'Idempotency-Key': key } };
      return unwrap(
        step === 'check-in'
          ? tag['check-in'].$post({ param: { token }, json: where }, headers)
          : tag['check-out'].$post({ param: { token }, json: { ...where, shownCents } }, headers),
      );
    },
    onSettled: () =>
      Promise.all(
        [['/api/tags', token], ['/api/reservations'], ['/api/wallet']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
