import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { gateLotsQuery } from '../../../features/gate/gate-api';
import { ScanPage } from '../../../features/gate/scan-page';

export const Route = createFileRoute('/_auth/attendant/scan')({
  // Manual Check-in and Manual Check-out on the portal open this screen with the action set.
  validateSearch: z.object({ action: z.enum(['checkin', 'checkout']).optional().catch(undefined) }),
  // Prefetched, never awaited into an error: the gate works offline from what it has cached.
  loader: ({ context }) => context.queryClient.prefetchQuery(gateLotsQuery),
  component: function Scan() {
    return <ScanPage initialAction={Route.useSearch().action} />;
  },
});
