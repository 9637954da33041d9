import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap, unwrapEmpty } from './api';
import { forgetOfflineUser, offlineUser, rememberForOffline } from './offline-user';

export type CurrentUser = InferResponseType<typeof api.auth.user.$get, 200>;

/**
 * Authenticated when the current-user request returns data; a 401 means signed out (retrying cannot change it).
 * Without a network answer, a gate device starts as the user it remembers; a 401 or another user forgets it.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      const user = await unwrap(api.auth.user.$get());
      if (offlineUser()?.id === user.id) rememberForOffline(user);
      else forgetOfflineUser();
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        forgetOfflineUser();
        return null;
      }
      const remembered = error instanceof ApiError ? null : offlineUser();
      if (remembered) return remembered;
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
    mutationFn: async () => {
      await (await import('./leave-browser')).leaveThisBrowser();
      await unwrapEmpty(api.auth['logout-all'].$post());
    },
    onSuccess: () => window.location.assign('/'),
  });
}
