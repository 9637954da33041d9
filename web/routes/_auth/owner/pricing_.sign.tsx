import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { RateSignPage } from '../../../features/owner/rate-sign-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/pricing_/sign')({
  validateSearch: (search: { lot?: unknown } & SearchSchemaInput): { lot: string } => ({
    lot: typeof search.lot === 'string' ? search.lot : '',
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading the rate sign" />,
  component: function RateSign() {
    return <RateSignPage lotId={Route.useSearch().lot} />;
  },
});
