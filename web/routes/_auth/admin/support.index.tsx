import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { SupportInbox } from '../../../features/support/support-inbox';
import { supportInboxQuery } from '../../../lib/support';

export const Route = createFileRoute('/_auth/admin/support/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(supportInboxQuery),
  pendingComponent: () => <Spinner label="Loading support requests" />,
  component: SupportInbox,
});
