import { SettingsPage } from '../../features/settings/settings-page';
import { createFileRoute } from '@tanstack/react-router';
import { textParam } from '../../lib/search-params';
import { preferencesQuery, vehiclesQuery } from '../../lib/account';
import { Spinner } from '../../components/ui/spinner';

export const Route = createFileRoute('/_auth/settings')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } => ({ tab: textParam(search.tab, 20) }),
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(vehiclesQuery), queryClient.ensureQueryData(preferencesQuery)]),
  pendingComponent: () => <Spinner label="Loading settings" />,
  component: SettingsPage,
});
