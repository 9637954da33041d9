import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, unwrapEmpty } from './api';
import { pagedQuery } from './pages';

export type NotificationFilter = 'all' | 'unread';
/** One notification of the list. */
export type Notification = InferResponseType<typeof api.notifications.$get, 200>['items'][number];

export const notificationsQuery = (filter: NotificationFilter) =>
  pagedQuery(['/api/notifications', 'list', filter], (cursor) => unwrap(api.notifications.$get({ query: { filter, cursor } })));

export const notificationCountsQuery = queryOptions({
  queryKey: ['/api/notifications', 'counts'],
  queryFn: () => unwrap(api.notifications.counts.$get()),
});

/** Reminders and expiries arrive from the lot objects' alarms, not from the user's own actions. */
const BELL_REFRESH_MS = 30_000;

/** The real unread count for the header bell, polled so alarm-driven notices show without a reload. */
export function useUnreadCount(enabled: boolean): number {
  const { data } = useQuery({ ...notificationCountsQuery, enabled, refetchInterval: BELL_REFRESH_MS });
  return data?.unread ?? 0;
}

/** Read, read-all and delete, each refreshing the lists and the counts (and so the header bell). */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
  return {
    markRead: useMutation({
      mutationFn: (id: string) => unwrapEmpty(api.notifications[':id'].read.$patch({ param: { id } })),
      onSettled: refresh,
    }),
    markAllRead: useMutation({ mutationFn: () => unwrapEmpty(api.notifications['mark-all-read'].$patch()), onSettled: refresh }),
    remove: useMutation({
      mutationFn: (id: string) => unwrapEmpty(api.notifications[':id'].$delete({ param: { id } })),
      onSettled: refresh,
    }),
  };
}
