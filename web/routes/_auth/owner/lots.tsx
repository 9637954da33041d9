import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerLotsPage } from '../../../features/owner/lots-page';
import { ownerLotsQuery } from '../../../lib/owner';
import { flagParam } from '../../../lib/search-params';

export const Route = createFileRoute('/_auth/owner/lots')({
  // `new`: the page opens with its Add New Lot dialog (the dashboard's Add Lot); closing it clears it.
  validateSearch: (search: { new?: unknown } & SearchSchemaInput): { new?: true } => ({ new: flagParam(search.new) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading lots" />,
  component: OwnerLotsPage,
});
