import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AuditLogsPage } from '../../../features/admin/audit-logs-page';
import { auditSearch } from '../../../features/admin/audit-search';
import { auditLogsQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/audit-logs')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(auditLogsQuery(deps)),
  pendingComponent: () => <Spinner label="Loading the audit log" />,
  component: AuditLogsPage,
});
