import { createFileRoute, redirect } from '@tanstack/react-router';

/** /lots/{id} is the one links use; /lot/{id} forwards there, so a typed or old link still lands. */
export const Route = createFileRoute('/_auth/lot/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/lots/$id', params, replace: true });
  },
});
