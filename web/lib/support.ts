/** Support requests (docs/support.md): the person's own and their threads, the super admin's inbox, and the steps on them. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SupportRequestInput } from '../../core/support-request';
import { ApiError, api, unwrap } from './api';
import { pagedQuery } from './pages';

const own = api.support[':id'];
const inbox = api.admin.support;

export type SupportThread = InferResponseType<typeof own.$get, 200>;

/** Every read of support starts with this key, so one change refreshes them all. */
const SUPPORT_KEY = '/api/support';

export const mySupportRequestsQuery = queryOptions({ queryKey: [SUPPORT_KEY, 'mine'], queryFn: () => unwrap(api.support.$get()) });

/** A thread, read as its author (`/api/support/:id`) or as support (`/api/admin/support/:id`). */
export const supportThreadQuery = (id: string, asSupport = false) =>
  queryOptions({
    queryKey: [SUPPORT_KEY, asSupport ? 'admin' : 'own', id],
    queryFn: () => unwrap(asSupport ? inbox[':id'].$get({ param: { id } }) : own.$get({ param: { id } })),
  });

export const supportInboxQuery = pagedQuery([SUPPORT_KEY, 'inbox'], (cursor?: string, limit?: number) =>
  unwrap(inbox.$get({ query: { cursor, limit: limit?.toString() } })),
);

const useRefreshSupport = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [SUPPORT_KEY] });
};

/** Sends the attachment as the raw body: the server reads its bytes to know what it is. */
const uploadAttachment = (id: string, file: File) =>
  unwrap(
    own.attachment.$put(
      { param: { id } },
      { init: { body: file, credentials: 'include', headers: { 'Content-Type': file.type || 'application/octet-stream' } } },
    ),
  );

/** A request, then its attachment if one was chosen. An attachment refused leaves the request made (the error says why). */
export function useWriteToSupport() {
  const refresh = useRefreshSupport();
  return useMutation({
    mutationFn: async ({ json, file }: { json: SupportRequestInput; file: File | null }) => {
      const request = await unwrap(api.support.$post({ json }));
      if (file) await uploadAttachment(request.id, file);
      return request;
    },
    onSettled: refresh,
  });
}

/** A message in the thread: the author's, or support's reply from the inbox. */
export function useSupportMessage(id: string, asSupport: boolean) {
  const refresh = useRefreshSupport();
  return useMutation({
    mutationFn: (text: string) =>
      unwrap(
        asSupport ? inbox[':id'].messages.$post({ param: { id }, json: { text } }) : own.messages.$post({ param: { id }, json: { text } }),
      ),
    onSettled: refresh,
  });
}

/** A suspended account's sign-in: refused, with a session that reaches support only (docs/support.md). */
export const signedInForSupportOnly = (error: unknown) =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null && 'supportOnly' in error.body;
