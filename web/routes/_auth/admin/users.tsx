import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { UsersPage } from '../../../features/admin/users-page';
import { usersSearch } from '../../../features/admin/users-search';
import { usersQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/users')({
  validateSearch: usersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(usersQuery(deps)),
  pendingComponent: () => <Spinner label="Loading users" />,
  component: UsersPage,
});
