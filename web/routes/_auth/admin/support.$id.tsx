import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { SupportThread } from '../../../features/support/support-thread';
import { supportThreadQuery } from '../../../lib/support';

/** A support request as the super admin sees it, with the reply form. */
export const Route = createFileRoute('/_auth/admin/support/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(supportThreadQuery(params.id, true)),
  pendingComponent: () => <Spinner label="Loading the request" />,
  component: function AdminSupportThread() {
    return <SupportThread id={Route.useParams().id} asSupport />;
  },
});
