import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 2.1 lists /admin and /admin/dashboard as the same screen: one route, the other forwards to it. */
export const Route = createFileRoute('/_auth/admin/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
