import { createFileRoute, Outlet } from '@tanstack/react-router';
import { platformRulesQuery } from '../lib/booking';
import { requireUser } from '../lib/guards';

/**
 * Every screen below needs a signed-in user (spec 2.1, "Signed in, all roles"). The platform's booking
 * and top-up rules are loaded once here, so the screens and dialogs that state them never wait.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: requireUser,
  loader: ({ context }) => context.queryClient.ensureQueryData(platformRulesQuery),
  component: Outlet,
});
