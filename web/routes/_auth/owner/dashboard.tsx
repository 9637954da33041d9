import { createFileRoute, redirect } from '@tanstack/react-router';

/** /owner and /owner/dashboard are one screen, and both addresses work: one route, the other forwards to it. */
export const Route = createFileRoute('/_auth/owner/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/owner', replace: true });
  },
});
