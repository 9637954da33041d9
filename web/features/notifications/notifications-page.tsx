import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Bell, Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadMore } from '../../components/ui/load-more';
import { GateInvitations } from '../invitations/gate-invitations';
import { toast } from '../../components/ui/toast-store';
import { notificationCountsQuery, notificationsQuery, useNotificationActions, type NotificationFilter } from '../../lib/notifications';
import { loadedItems } from '../../lib/pages';

import { FilterTabs, NotificationItem } from './notification-item';

const route = getRouteApi('/_auth/notifications');

/** Notifications: Unread (the default) or All, a page at a time, with the server's unread count; read, delete, mark all read. */
export function NotificationsPage() {
  const { filter } = route.useSearch();
  const navigate = route.useNavigate();
  const setFilter = (value: NotificationFilter) => navigate({ search: { filter: value }, replace: true });
  const list = useSuspenseInfiniteQuery(notificationsQuery(filter));
  const unread = useSuspenseQuery(notificationCountsQuery).data.unread;
  const { markRead, markAllRead, remove } = useNotificationActions();
  const shown = loadedItems(list.data);

  const readAll = () =>
    markAllRead.mutate(undefined, {
      onSuccess: () => toast({ title: 'All notifications marked as read' }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });

  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Notifications</h1>
        <Button variant="outline" size="sm" onClick={readAll} disabled={unread === 0 || markAllRead.isPending}>
          <Check className="h-4 w-4" /> Mark all read
        </Button>
      </div>
      <GateInvitations />
      <FilterTabs filter={filter} unread={unread} onChange={setFilter} />
      {shown.length === 0 ? (
        <Card className="text-center text-muted-foreground">
          <Bell className="mx-auto mb-2 h-8 w-8" aria-hidden />
          {filter === 'unread' ? 'You have no unread notifications.' : 'You have no notifications yet.'}
        </Card>
      ) : (
        <ul className="space-y-3">
          {shown.map((note) => (
            <NotificationItem key={note.id} note={note} onRead={() => markRead.mutate(note.id)} onDelete={() => remove.mutate(note.id)} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <p className="mt-6 text-sm text-muted-foreground">
        Choose which notifications you receive in{' '}
        <Link to="/settings" className="text-brand underline">
          Settings
        </Link>
        .
      </p>
    </main>
  );
}
