import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { gateLotsQuery } from '../../../features/gate/gate-api';
import { ScanPage } from '../../../features/gate/scan-page';
import { choiceParam } from '../../../lib/search-params';

export const Route = createFileRoute('/_auth/attendant/scan')({
  // Manual Check-in and Manual Check-out on the portal open this screen with the action set.
  validateSearch: (search: { action?: 'checkin' | 'checkout' } & SearchSchemaInput) => ({
    action: choiceParam(search.action, ['checkin', 'checkout'] as const),
  }),
  // Prefetched, never awaited into an error: the gate works offline from what it has cached.
  loader: ({ context }) => context.queryClient.prefetchQuery(gateLotsQuery),
  component: function Scan() {
    return <ScanPage initialAction={Route.useSearch().action} />;
  },
});
