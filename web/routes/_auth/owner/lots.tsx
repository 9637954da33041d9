import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerLotsPage } from '../../../features/owner/lots-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/lots')({
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading lots" />,
  component: OwnerLotsPage,
});
