import { createFileRoute } from '@tanstack/react-router';
import { gateLotsQuery } from '../../../features/gate/gate-api';
import { PortalPage } from '../../../features/gate/portal-page';

export const Route = createFileRoute('/_auth/attendant/')({
  // Prefetched, never awaited into an error: the gate works offline from what it has cached.
  loader: ({ context }) => context.queryClient.prefetchQuery(gateLotsQuery),
  component: PortalPage,
});
