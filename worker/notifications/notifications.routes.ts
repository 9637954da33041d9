import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { notFound } from '../../core/refusal';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { notificationCounts, notificationsPage, readAllNotifications, readNotification, removeNotification } from './notifications.service';
import { describedAs } from '../http/described';
import { notificationCountsAnswer, notificationPageAnswer } from '../../core/api-answers/notifications';

const notificationParams = z.object({ id: z.uuid('Unknown notification id') });
const listQuery = pageQuery.extend({ filter: z.enum(['all', 'unread'], { error: 'filter must be all or unread.' }).default('all') });

const described = describedAs('notifications');

/** A user sees and changes only their own notifications; anyone else's answers 404, so an id reveals nothing. */
export const notificationRoutes = new Hono<AppEnv>()
  .get(
    '/notifications',
    described({ summary: 'My notifications', answer: notificationPageAnswer }),
    signedIn,
    validate('query', listQuery),
    async (c) => {
      const { filter, limit, cursor } = c.req.valid('query');
      return c.json(await notificationsPage(c.var.db, c.var.user.id, { unreadOnly: filter === 'unread', page: { limit, cursor } }));
    },
  )
  .get(
    '/notifications/counts',
    described({ summary: 'How many notifications are unread', answer: notificationCountsAnswer }),
    signedIn,
    async (c) => c.json(await notificationCounts(c.var.db, c.var.user.id)),
  )
  // Registered before "/:id/read" so "mark-all-read" is never taken for an id.
  .patch('/notifications/mark-all-read', described({ summary: 'Mark every notification read', status: 204 }), signedIn, async (c) => {
    await readAllNotifications(c.var.db, c.var.user.id);
    return c.body(null, 204);
  })
  .patch(
    '/notifications/:id/read',
    described({ summary: 'Mark a notification read', status: 204, refusals: [404] }),
    signedIn,
    validate('param', notificationParams),
    async (c) => {
      if (!(await readNotification(c.var.db, c.var.user.id, c.req.valid('param').id))) throw notFound('Notification');
      return c.body(null, 204);
    },
  )
  .delete(
    '/notifications/:id',
    described({ summary: 'Dismiss a notification', status: 204, refusals: [404] }),
    signedIn,
    validate('param', notificationParams),
    async (c) => {
      if (!(await removeNotification(c.var.db, c.var.user.id, c.req.valid('param').id))) throw notFound('Notification');
      return c.body(null, 204);
    },
  );
