import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AdminDashboardPage } from '../../../features/admin/dashboard-page';
import { platformKpisQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(platformKpisQuery),
  pendingComponent: () => <Spinner label="Loading dashboard" />,
  component: AdminDashboardPage,
});
