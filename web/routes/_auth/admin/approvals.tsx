import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApprovalsPage } from '../../../features/admin/approvals-page';
import { approvalsSearch } from '../../../features/admin/approvals-search';
import { listingChangesQuery, lotSubmissionsQuery, ownerApplicationsQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/approvals')({
  validateSearch: approvalsSearch,
  // Not keyed by the search: another status keeps the queues on screen while its own load.
  loader: ({ context: { queryClient }, location }) => {
    const { status } = approvalsSearch(location.search);
    return Promise.all([
      queryClient.ensureInfiniteQueryData(ownerApplicationsQuery(status)),
      queryClient.ensureInfiniteQueryData(lotSubmissionsQuery(status)),
      queryClient.ensureInfiniteQueryData(listingChangesQuery(status)),
    ]);
  },
  pendingComponent: () => <Spinner label="Loading approvals" />,
  component: ApprovalsPage,
});
