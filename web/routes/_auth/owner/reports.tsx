import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerReportsPage } from '../../../features/owner/reports-page';
import { reportsSearch } from '../../../features/owner/reports-search';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/reports')({
  validateSearch: reportsSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading reports" />,
  component: OwnerReportsPage,
});
