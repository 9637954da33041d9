import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { PassesPage } from '../../features/monthly-passes/passes-page';
import { myPassesQuery } from '../../lib/monthly-passes';

export const Route = createFileRoute('/_auth/passes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myPassesQuery),
  pendingComponent: () => <Spinner label="Loading passes" />,
  component: PassesPage,
});
