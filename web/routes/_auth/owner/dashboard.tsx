import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 2.1 lists /owner and /owner/dashboard as the same screen: one route, the other forwards to it. */
export const Route = createFileRoute('/_auth/owner/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/owner', replace: true });
  },
});
