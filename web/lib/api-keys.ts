/** Settings → API keys (docs/api.md): the account's keys, made and revoked after a step-up when the account has a factor. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyRequest } from '../../core/api-key-request';
import { api, unwrap, unwrapEmpty } from './api';
import { withStepUp } from './second-factor';

const listKeys = () => unwrap(api.account['api-keys'].$get());
export type ApiKeyView = Awaited<ReturnType<typeof listKeys>>[number];

export const apiKeysQuery = queryOptions({ queryKey: ['/api/account/api-keys'], queryFn: listKeys });

export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
  return {
    create: useMutation({
      mutationFn: (json: ApiKeyRequest) => withStepUp(() => unwrap(api.account['api-keys'].$post({ json }))),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => withStepUp(() => unwrapEmpty(api.account['api-keys'][':id'].$delete({ param: { id } }))),
      onSuccess: refresh,
    }),
  };
}
