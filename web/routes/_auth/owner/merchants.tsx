import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerMerchantsPage } from '../../../features/owner/merchants-page';
import { ownerLotsQuery } from '../../../lib/owner';
import { patternParam } from '../../../lib/search-params';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const Route = createFileRoute('/_auth/owner/merchants')({
  // The lot and the report's months are the URL's: a reload or Back keeps them.
  validateSearch: (raw: { lot?: unknown; from?: unknown; to?: unknown } & SearchSchemaInput) => ({
    lot: typeof raw.lot === 'string' && raw.lot ? raw.lot : undefined,
    from: patternParam(raw.from, MONTH),
    to: patternParam(raw.to, MONTH),
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading merchants" />,
  component: OwnerMerchantsPage,
});
