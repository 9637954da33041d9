import { QueryClient } from '@tanstack/react-query';
import { apiRequest, pathFromKey } from './api';

/** Spec 9: no automatic refetching, no refetch on focus, data never stale, no retries. */
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
