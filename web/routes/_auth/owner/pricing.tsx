import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerPricingPage } from '../../../features/owner/pricing-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/pricing')({
  // The lot being priced is the URL's: a reload or Back keeps it (the first lot when none is named).
  validateSearch: (search: { lot?: unknown } & SearchSchemaInput): { lot?: string } => ({
    lot: typeof search.lot === 'string' && search.lot ? search.lot : undefined,
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading pricing" />,
  component: OwnerPricingPage,
});
