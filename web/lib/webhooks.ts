/** An owner's signed webhooks (docs/api.md, Webhooks), as Settings → Webhooks manages them. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap, unwrapEmpty } from './api';

const hooks = api.account.webhooks;

export type Webhook = InferResponseType<typeof hooks.$get, 200>[number];
type WebhookBody = InferRequestType<typeof hooks.$post>['json'];

export const webhooksQuery = queryOptions({ queryKey: ['/api/account/webhooks'], queryFn: () => unwrap(hooks.$get()) });

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/account/webhooks', id, 'deliveries'],
    queryFn: () => unwrap(hooks[':id'].deliveries.$get({ param: { id } })),
  });

export function useWebhookActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  return {
    create: useMutation({ mutationFn: (json: WebhookBody) => unwrap(hooks.$post({ json })), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => unwrapEmpty(hooks[':id'].$delete({ param: { id } })), onSuccess: refresh }),
    resume: useMutation({ mutationFn: (id: string) => unwrap(hooks[':id'].resume.$post({ param: { id } })), onSuccess: refresh }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        unwrapEmpty(hooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } })),
      onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: deliveriesQuery(id).queryKey }),
    }),
  };
}
