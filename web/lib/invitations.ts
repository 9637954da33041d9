import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api';
import { currentUserQuery } from './session';

export type GateInvitation = InferResponseType<typeof api.invitations.$get, 200>[number];

/** Owners' invitations to work their lot's gate, waiting for the signed-in person's answer. */
export const myInvitationsQuery = queryOptions({ queryKey: ['/api/invitations'], queryFn: () => unwrap(api.invitations.$get()) });

/** Accept or decline; accepting may make a driver an attendant, so who is signed in is read again. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? { answer, ...(await unwrap(api.invitations[':id'].accept.$post({ param: { id } }))) }
        : { answer, ...(await unwrap(api.invitations[':id'].decline.$post({ param: { id } }))) },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myInvitationsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]),
  });
}
