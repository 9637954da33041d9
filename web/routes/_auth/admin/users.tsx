import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { UsersPage } from '../../../features/admin/users-page';
import { usersSearch } from '../../../features/admin/users-search';
import { usersQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/users')({
  validateSearch: usersSearch,
  // Not keyed by the search: typing keeps the list (and the search box) on screen while the new page loads.
  loader: ({ context, location }) => context.queryClient.ensureInfiniteQueryData(usersQuery(usersSearch(location.search))),
  pendingComponent: () => <Spinner label="Loading users" />,
  component: UsersPage,
});
