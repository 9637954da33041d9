import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Bell, Check, Trash2 } from 'lucide-react';
import { notificationTypeLabel } from '../../../core/notifications';
import { relativeTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { LoadMore } from '../../components/ui/load-more';
import { GateInvitations } from '../invitations/gate-invitations';
import { toast } from '../../components/ui/toast-store';
import { notificationCountsQuery, notificationsQuery, useNotificationActions, type NotificationFilter } from '../../lib/notifications';
import { loadedItems } from '../../lib/pages';

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
      <div role="tablist" aria-label="Filter" className="mb-4 inline-flex rounded-lg border border-border p-1">
        {(['all', 'unread'] as const).map((value) => (
          <button
            type="button"
            key={value}
            role="tab"
            aria-selected={filter === value}
            onClick={() => setFilter(value)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium',
              filter === value ? 'bg-brand text-brand-foreground' : 'text-muted-foreground',
            )}
          >
            {value === 'all' ? 'All' : `Unread (${unread})`}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <Card className="text-center text-muted-foreground">
          <Bell className="mx-auto mb-2 h-8 w-8" aria-hidden />
          {filter === 'unread' ? 'You have no unread notifications.' : 'You have no notifications yet.'}
        </Card>
      ) : (
        <ul className="space-y-3">
          {shown.map((note) => (
            <li
              key={note.id}
              data-testid="notification"
              className={cn('flex gap-3 rounded-xl border border-border p-4', !note.isRead && 'bg-orange-50 dark:bg-orange-950/30')}
            >
              <span aria-hidden className={cn('mt-2 h-2.5 w-2.5 shrink-0 rounded-full', note.isRead ? 'bg-transparent' : 'bg-brand')} />
              {!note.isRead && <span className="sr-only">Unread</span>}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{note.title}</span>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{notificationTypeLabel(note.type)}</span>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{note.message}</p>
                {note.metadata?.reviewReservationId && (
                  <Link
                    to="/reservation/$id"
                    params={{ id: note.metadata.reviewReservationId }}
                    search={{ action: 'review' }}
                    className="mt-1 inline-block text-sm font-medium text-brand underline"
                  >
                    Rate your stay
                  </Link>
                )}
                <p className="mt-1 text-xs text-muted-foreground">{relativeTime(note.createdAt)}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                {!note.isRead && (
                  <Button variant="ghost" size="icon" aria-label={`Mark "${note.title}" read`} onClick={() => markRead.mutate(note.id)}>
                    <Check className="h-4 w-4" />
                  </Button>
                )}
                <Button variant="ghost" size="icon" aria-label={`Delete "${note.title}"`} onClick={() => remove.mutate(note.id)}>
                  <Trash2 className="h-4 w-4" />
                </Button>
              </div>
            </li>
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
