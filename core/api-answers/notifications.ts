/** The answers of worker/notifications/ (docs/notifications.md). */
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../notifications';
import { count, instant, pageOf } from './shared';

export const notificationPageAnswer = pageOf(
  z.looseObject({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    createdAt: instant,
    metadata: z.looseObject({}).optional(),
  }),
).meta({ id: 'NotificationPage' });

export const notificationCountsAnswer = z.looseObject({ total: count, unread: count }).meta({ id: 'NotificationCounts' });
