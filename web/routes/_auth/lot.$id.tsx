import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 2.1 lists both paths; /lots/{id} is the one links use, so /lot/{id} forwards there. */
export const Route = createFileRoute('/_auth/lot/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/lots/$id', params, replace: true });
  },
});
