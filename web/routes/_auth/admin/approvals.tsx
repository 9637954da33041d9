import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '../../../features/admin/approvals-page';
import { approvalsSearch } from '../../../features/admin/approvals-search';
import { listingChangesQuery, lotSubmissionsQuery, ownerApplicationsQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/approvals')({
  validateSearch: approvalsSearch,
  // Prefetched, not awaited: the queues start loading with the route, and the screen shows its skeleton cards meanwhile.
  loader: ({ context: { queryClient }, location }) => {
    const { status } = approvalsSearch(location.search);
    void Promise.all([
      queryClient.prefetchInfiniteQuery(ownerApplicationsQuery(status)),
      queryClient.prefetchInfiniteQuery(lotSubmissionsQuery(status)),
      queryClient.prefetchInfiniteQuery(listingChangesQuery(status)),
    ]);
  },
  component: ApprovalsPage,
});
