import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AdminSettingsPage } from '../../../features/admin/settings-page';
import { platformSettingsQuery } from '../../../lib/admin';

export const Route = createFileRoute('/_auth/admin/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(platformSettingsQuery),
  pendingComponent: () => <Spinner label="Loading settings" />,
  component: AdminSettingsPage,
});
