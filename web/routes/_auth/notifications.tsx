import { NotificationsPage } from '../../features/notifications/notifications-page';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { myInvitationsQuery } from '../../lib/invitations';
import { Spinner } from '../../components/ui/spinner';
import { notificationCountsQuery, notificationsQuery, type NotificationFilter } from '../../lib/notifications';

export const Route = createFileRoute('/_auth/notifications')({
  // The filter lives in the URL: a reload or Back keeps it. Unread is the spec's default.
  validateSearch: (search: { filter?: unknown } & SearchSchemaInput): { filter: NotificationFilter } => ({
    filter: search.filter === 'all' ? 'all' : 'unread',
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(notificationsQuery(deps.filter)),
      queryClient.ensureQueryData(notificationCountsQuery),
      queryClient.ensureQueryData(myInvitationsQuery),
    ]),
  pendingComponent: () => <Spinner label="Loading notifications" />,
  component: NotificationsPage,
});
