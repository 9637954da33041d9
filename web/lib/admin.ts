import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { Decision, ReviewFilter, ReviewKind } from '../../core/approvals';
import type { SettingsChange } from '../../core/platform-settings';
import { api, unwrap } from './api';

export type OwnerApplication = InferResponseType<(typeof api.admin)['owner-applications']['$get'], 200>[number];
export type LotSubmission = InferResponseType<(typeof api.admin)['lot-submissions']['$get'], 200>[number];

const APPROVALS_KEY = ['/api/admin', 'approvals'] as const;

export const ownerApplicationsQuery = (status: ReviewFilter) =>
  queryOptions({ queryKey: [...APPROVALS_KEY, 'owners', status], queryFn: () => unwrap(api.admin['owner-applications'].$get({ query: { status } })) });
export const lotSubmissionsQuery = (status: ReviewFilter) =>
  queryOptions({ queryKey: [...APPROVALS_KEY, 'lots', status], queryFn: () => unwrap(api.admin['lot-submissions'].$get({ query: { status } })) });
export const pendingApprovalsQuery = queryOptions({ queryKey: [...APPROVALS_KEY, 'pending'], queryFn: () => unwrap(api.admin['pending-approvals'].$get()) });
export const recentAuditLogsQuery = queryOptions({ queryKey: ['/api/admin', 'audit-logs', 'recent'], queryFn: () => unwrap(api.admin['audit-logs'].$get({ query: { limit: '20' } })) });

export type DecisionRequest = { kind: ReviewKind; id: string; decision: Decision; reason: string };

/** Approve or reject; afterwards every approvals list and the audit log reload (spec 7). */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision, reason }: DecisionRequest) => {
      const request = { param: { id, action: decision }, json: { reason } };
      return unwrap(kind === 'owner' ? api.admin.owners[':id'][':action'].$post(request) : api.admin.lots[':id'][':action'].$post(request));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}

export const platformKpisQuery = queryOptions({ queryKey: ['/api/admin', 'platform-kpis'], queryFn: () => unwrap(api.admin['platform-kpis'].$get()) });

/** Spec 9: the dashboard polls system health every 30 s. */
export const HEALTH_POLL_MS = 30_000;
export const systemHealthQuery = queryOptions({ queryKey: ['/api/admin', 'system-health'], queryFn: () => unwrap(api.admin['system-health'].$get()), refetchInterval: HEALTH_POLL_MS });

export const tenantsQuery = queryOptions({ queryKey: ['/api/admin', 'tenants'], queryFn: () => unwrap(api.admin.tenants.$get()) });
export const platformMetricsQuery = queryOptions({ queryKey: ['/api/admin', 'platform-metrics'], queryFn: () => unwrap(api.admin['platform-metrics'].$get()) });
export type TenantFigures = InferResponseType<typeof api.admin.tenants.$get, 200>;
export type PlatformMetrics = InferResponseType<(typeof api.admin)['platform-metrics']['$get'], 200>;
export type PlatformKpis = InferResponseType<(typeof api.admin)['platform-kpis']['$get'], 200>;

export const platformSettingsQuery = queryOptions({ queryKey: ['/api/admin', 'settings'], queryFn: () => unwrap(api.admin.settings.$get()) });

/** Saves changed settings; afterwards the admin queries and every screen's platform rules reload. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => unwrap(api.admin.settings.$patch({ json: change })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['/api/admin'] }), queryClient.invalidateQueries({ queryKey: ['/api/platform/settings'] })]),
  });
}
