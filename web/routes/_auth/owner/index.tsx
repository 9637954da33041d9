import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { TREND_RANGES, type TrendRange } from '../../../../core/owner-figures';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerDashboardPage } from '../../../features/owner/dashboard-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/')({
  validateSearch: (search: { lot?: unknown; range?: unknown } & SearchSchemaInput): { lot?: string; range?: TrendRange } => ({
    lot: typeof search.lot === 'string' && search.lot ? search.lot : undefined,
    range: Object.keys(TREND_RANGES).find((range): range is TrendRange => range === search.range),
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading dashboard" />,
  component: OwnerDashboardPage,
});
