import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerDashboardPage } from '../../../features/owner/dashboard-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading dashboard" />,
  errorComponent: ({ error }) => (
    <main className="mx-auto max-w-3xl px-4 py-8 text-destructive">
      {error instanceof Error ? error.message : 'The dashboard could not be loaded.'}
    </main>
  ),
  component: OwnerDashboardPage,
});
