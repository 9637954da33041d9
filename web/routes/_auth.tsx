import { createFileRoute, Outlet } from '@tanstack/react-router';
import { platformRulesQuery } from '../lib/booking';
import { requireUser } from '../lib/guards';

/**
 * Every screen below needs a signed-in user, of any role. The platform's booking
 * and top-up rules start loading here, so the screens and dialogs that state them rarely wait; the
 * fetch never holds a screen back, because the gate's screens must open offline.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: requireUser,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(platformRulesQuery);
  },
  component: Outlet,
});
