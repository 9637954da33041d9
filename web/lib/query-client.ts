import { QueryClient } from '@tanstack/react-query';
import { apiRequest, pathFromKey } from './api';

/** Nothing refetches or retries behind the user's back; screens that need live data poll on their own. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest('GET', pathFromKey(queryKey)),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
