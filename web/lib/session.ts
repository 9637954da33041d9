import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap, unwrapEmpty } from './api';

export type CurrentUser = InferResponseType<typeof api.auth.user.$get, 200>;

/** Spec 4: authenticated when the current-user request returns data; a 401 means signed out (no retry). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await unwrap(api.auth.user.$get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useAuth() {
  const { data, isLoading } = useQuery(currentUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}

/**
 * "Sign out of all devices": every session of the account ends, this one included. Like Log out, it
 * then loads the landing page afresh, so nothing of the signed-in app stays in memory.
 */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => unwrapEmpty(api.auth['logout-all'].$post()),
    onSuccess: () => window.location.assign('/'),
  });
}
