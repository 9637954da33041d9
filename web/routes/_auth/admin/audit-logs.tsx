import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AuditLogsPage } from '../../../features/admin/audit-logs-page';
import { auditSearch } from '../../../features/admin/audit-search';
import { auditLogsQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/audit-logs')({
  validateSearch: auditSearch,
  // Not keyed by the search: typing keeps the list (and the search box) on screen while the new page loads.
  loader: ({ context, location }) => context.queryClient.ensureInfiniteQueryData(auditLogsQuery(auditSearch(location.search))),
  pendingComponent: () => <Spinner label="Loading the audit log" />,
  component: AuditLogsPage,
});
