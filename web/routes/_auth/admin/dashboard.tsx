import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin and /admin/dashboard are one screen, and both addresses work: one route, the other forwards to it. */
export const Route = createFileRoute('/_auth/admin/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
