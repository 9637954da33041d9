import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from './api';
import { storedJson } from './stored';

export type CurrentUser = InferResponseType<typeof api.auth.user.$get, 200>;

const OFFLINE_USER_KEY = 'parkada.gate.user';

/** The user a gate device keeps to start offline (null when none). */
export const offlineUser = () => storedJson<CurrentUser>(OFFLINE_USER_KEY);

/**
 * A gate must start without a connection (docs/gate.md, Offline), and the app decides its screens
 * from the signed-in user. A device that opened the gate screens keeps that user to start offline;
 * the server still checks the session of every request once it answers.
 */
export const rememberForOffline = (user: CurrentUser) => localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(user));
export const forgetOfflineUser = () => localStorage.removeItem(OFFLINE_USER_KEY);

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
