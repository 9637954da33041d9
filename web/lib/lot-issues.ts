/** Driver reports to a lot (docs/gate.md, Driver reports): the driver's and the staff's reads, and the steps on a report. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { LotIssueInput } from '../../core/lot-issue-request';
import type { SlotTakenChoice } from '../../core/lot-issues';
import { api, unwrap } from './api';

const issues = api['lot-issues'];
const oneIssue = issues[':id'];

export type LotIssue = InferResponseType<typeof issues.$get, 200>[number];
export type LotIssueThread = InferResponseType<typeof oneIssue.$get, 200>;

/** Every read of reports starts with this key, so one change refreshes them all. */
const ISSUES_KEY = '/api/lot-issues';

export const myIssuesQuery = queryOptions({ queryKey: [ISSUES_KEY, 'mine'], queryFn: () => unwrap(issues.$get()) });

export const issueQuery = (id: string) =>
  queryOptions({ queryKey: [ISSUES_KEY, id], queryFn: () => unwrap(oneIssue.$get({ param: { id } })) });

/** The lot's reports for its attendant: those still open, or all. */
export const lotIssuesAtLotQuery = (lotId: string, status: 'open' | 'all' = 'open') =>
  queryOptions({
    queryKey: [ISSUES_KEY, 'lot', lotId, status],
    queryFn: () => unwrap(api.attendant['lot-issues'].$get({ query: { lotId, status } })),
    refetchInterval: 60_000,
  });

/** The open reports at the owner's lots. */
export const ownerIssuesQuery = queryOptions({
  queryKey: [ISSUES_KEY, 'owner'],
  queryFn: () => unwrap(api.owner['lot-issues'].$get()),
});

const useRefreshIssues = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ISSUES_KEY] });
};

/** Sends the photo as the raw body: the server reads its bytes to know what it is. */
const uploadPhoto = (id: string, photo: File) =>
  unwrap(
    oneIssue.photo.$put(
      { param: { id } },
      { init: { body: photo, credentials: 'include', headers: { 'Content-Type': photo.type || 'application/octet-stream' } } },
    ),
  );

/** A report, then its photo if one was chosen. A photo refused leaves the report made (the error says why). */
export function useReportIssue(lotId: string) {
  const refresh = useRefreshIssues();
  return useMutation({
    mutationFn: async ({ json, photo }: { json: LotIssueInput; photo: File | null }) => {
      const issue = await unwrap(api.lots[':id'].issues.$post({ param: { id: lotId }, json }));
      if (photo) await uploadPhoto(issue.id, photo);
      return issue;
    },
    onSettled: refresh,
  });
}

/** The steps on one report: a message in its thread, the staff's status, the driver's choice on a taken slot. */
export function useIssueActions(id: string) {
  const refresh = useRefreshIssues();
  return {
    write: useMutation({
      mutationFn: (text: string) => unwrap(oneIssue.messages.$post({ param: { id }, json: { text } })),
      onSuccess: refresh,
    }),
    setStatus: useMutation({
      mutationFn: (status: 'acknowledged' | 'resolved') => unwrap(oneIssue.status.$post({ param: { id }, json: { status } })),
      onSuccess: refresh,
    }),
    choose: useMutation({
      mutationFn: (choice: SlotTakenChoice) =>
        unwrap(oneIssue['slot-taken'].$post({ param: { id }, json: { choice } }, { headers: { 'Idempotency-Key': crypto.randomUUID() } })),
      onSuccess: refresh,
    }),
  };
}
