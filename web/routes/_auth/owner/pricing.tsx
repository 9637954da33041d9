import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { OwnerPricingPage } from '../../../features/owner/pricing-page';
import { ownerLotsQuery } from '../../../lib/owner';

export const Route = createFileRoute('/_auth/owner/pricing')({
  loader: ({ context }) => context.queryClient.ensureQueryData(ownerLotsQuery),
  pendingComponent: () => <Spinner label="Loading pricing" />,
  component: OwnerPricingPage,
});
