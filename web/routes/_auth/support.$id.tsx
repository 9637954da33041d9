import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/ui/spinner';
import { SupportThread } from '../../features/support/support-thread';
import { supportThreadQuery } from '../../lib/support';

/** A person's support request and its thread, where a reply's notice leads. */
export const Route = createFileRoute('/_auth/support/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(supportThreadQuery(params.id)),
  pendingComponent: () => <Spinner label="Loading your request" />,
  component: function OwnSupportThread() {
    return <SupportThread id={Route.useParams().id} />;
  },
});
