import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { Decision, ReviewFilter, ReviewKind } from '../../core/approvals';
import type { AuditAction } from '../../core/audit';
import type { ListingAction } from '../../core/lot-sale';
import type { Role } from '../../core/roles';
import type { SettingsChange } from '../../core/platform-settings';
import { api, unwrap } from './api';
import { allItems, pagedQuery } from './pages';
import { withStepUp } from './second-factor';

export type OwnerApplication = InferResponseType<(typeof api.admin)['owner-applications']['$get'], 200>['items'][number];
export type LotSubmission = InferResponseType<(typeof api.admin)['lot-submissions']['$get'], 200>['items'][number];
export type ListingChange = InferResponseType<(typeof api.admin)['lot-changes']['$get'], 200>['items'][number];

const APPROVALS_KEY = ['/api/admin', 'approvals'] as const;

const ownerApplicationsPage = (status: ReviewFilter) => (cursor?: string, limit?: number) =>
  unwrap(api.admin['owner-applications'].$get({ query: { status, cursor, limit: limit?.toString() } }));
const lotSubmissionsPage = (status: ReviewFilter) => (cursor?: string, limit?: number) =>
  unwrap(api.admin['lot-submissions'].$get({ query: { status, cursor, limit: limit?.toString() } }));
const listingChangesPage = (status: ReviewFilter) => (cursor?: string, limit?: number) =>
  unwrap(api.admin['lot-changes'].$get({ query: { status, cursor, limit: limit?.toString() } }));
export const listingChangesQuery = (status: ReviewFilter) => pagedQuery([...APPROVALS_KEY, 'listings', status], listingChangesPage(status));
export const allListingChanges = (status: ReviewFilter) => allItems(listingChangesPage(status));
export const ownerApplicationsQuery = (status: ReviewFilter) =>
  pagedQuery([...APPROVALS_KEY, 'owners', status], ownerApplicationsPage(status));
export const lotSubmissionsQuery = (status: ReviewFilter) => pagedQuery([...APPROVALS_KEY, 'lots', status], lotSubmissionsPage(status));
/** Every item of a queue under the filter, for Export. */
export const allOwnerApplications = (status: ReviewFilter) => allItems(ownerApplicationsPage(status));
export const allLotSubmissions = (status: ReviewFilter) => allItems(lotSubmissionsPage(status));
export const pendingApprovalsQuery = queryOptions({
  queryKey: [...APPROVALS_KEY, 'pending'],
  queryFn: () => unwrap(api.admin['pending-approvals'].$get()),
});
export const recentAuditLogsQuery = queryOptions({
  queryKey: ['/api/admin', 'audit-logs', 'recent'],
  queryFn: () => unwrap(api.admin['audit-logs'].$get({ query: { limit: '20' } })),
});

export type DecisionRequest = { kind: ReviewKind; id: string; decision: Decision; reason: string };

/** Approve or reject; afterwards every approvals list and the audit log reload, so the decision shows everywhere. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision, reason }: DecisionRequest) => {
      const request = { param: { id, action: decision }, json: { reason } };
      if (kind === 'owner') return unwrap(api.admin.owners[':id'][':action'].$post(request));
      if (kind === 'lot') return unwrap(api.admin.lots[':id'][':action'].$post(request));
      return unwrap(api.admin['lot-changes'][':id'][':action'].$post(request));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}

/** Unlist an approved lot or list it again, with the reason its owner reads; afterwards the admin's lists and the owners' lots reload. */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, action, reason }: { lotId: string; action: ListingAction; reason: string }) =>
      unwrap(api.admin.lots[':id'][action].$post({ param: { id: lotId }, json: { reason } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/owner/lots'] }),
      ]),
  });
}

export const platformKpisQuery = queryOptions({
  queryKey: ['/api/admin', 'platform-kpis'],
  queryFn: () => unwrap(api.admin['platform-kpis'].$get()),
});

/** The dashboard polls system health, so an outage shows without a reload. */
const HEALTH_POLL_MS = 30_000;
export const systemHealthQuery = queryOptions({
  queryKey: ['/api/admin', 'system-health'],
  queryFn: () => unwrap(api.admin['system-health'].$get()),
  refetchInterval: HEALTH_POLL_MS,
});

export type AdminUser = InferResponseType<(typeof api.admin)['users']['$get'], 200>['items'][number];
/** The users screen's search: part of a name or e-mail, and a role. */
export type UserFilters = { q?: string; role?: Role };

const usersPage = (filters: UserFilters) => (cursor?: string, limit?: number) =>
  unwrap(api.admin.users.$get({ query: { ...filters, cursor, limit: limit?.toString() } }));
export const usersQuery = (filters: UserFilters) => pagedQuery(['/api/admin', 'users', filters], usersPage(filters));

export type AccountChange =
  | { id: string; action: 'suspend' | 'reactivate'; reason: string }
  | { id: string; action: 'role'; role: Role; reason: string };

/** Suspend, reactivate or change a role; afterwards the users list and the audit log reload. */
export function useAccountChange() {
  const queryClient = useQueryClient();
  return useMutation({
    // A role change asks for the second factor again when it is older than 15 minutes (docs/account.md, Step-up).
    mutationFn: (change: AccountChange) =>
      withStepUp(() =>
        unwrap(
          change.action === 'role'
            ? api.admin.users[':id'].role.$post({ param: { id: change.id }, json: { role: change.role, reason: change.reason } })
            : api.admin.users[':id'][':action'].$post({ param: { id: change.id, action: change.action }, json: { reason: change.reason } }),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}

export type AuditEntry = InferResponseType<(typeof api.admin)['audit-logs']['$get'], 200>['items'][number];
export type AuditFilters = { actor?: string; action?: AuditAction; from?: string; to?: string };

const auditPage = (filters: AuditFilters) => (cursor?: string, limit?: number) =>
  unwrap(api.admin['audit-logs'].$get({ query: { ...filters, cursor, limit: limit?.toString() } }));
export const auditLogsQuery = (filters: AuditFilters) => pagedQuery(['/api/admin', 'audit-logs', 'list', filters], auditPage(filters));
export const tenantsQuery = queryOptions({ queryKey: ['/api/admin', 'tenants'], queryFn: () => unwrap(api.admin.tenants.$get()) });
export const platformMetricsQuery = queryOptions({
  queryKey: ['/api/admin', 'platform-metrics'],
  queryFn: () => unwrap(api.admin['platform-metrics'].$get()),
});
export type TenantFigures = InferResponseType<typeof api.admin.tenants.$get, 200>;
export type PlatformMetrics = InferResponseType<(typeof api.admin)['platform-metrics']['$get'], 200>;
export type PlatformKpis = InferResponseType<(typeof api.admin)['platform-kpis']['$get'], 200>;

export const platformSettingsQuery = queryOptions({
  queryKey: ['/api/admin', 'settings'],
  queryFn: () => unwrap(api.admin.settings.$get()),
});

/** Whether owners and super admins must set up a second factor. */
export function useSecondFactorSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => unwrap(api.admin.settings['second-factor'].$put({ json: { required } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
  });
}

/** Saves changed settings; afterwards the admin queries and every screen's platform rules reload. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => unwrap(api.admin.settings.$patch({ json: change })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/platform/settings'] }),
      ]),
  });
}
