import type { NotificationType } from '../../core/notifications';
import { statementOf, type DB } from '../db/client';
import { notifications } from '../db/schema';
import { rowOf, type NewNotification } from './notifications.data';

/** A notice no preference silences (not a promotion or a reminder: those go through `notify`). */
export type Notice = Omit<NewNotification, 'type'> & { type: Exclude<NotificationType, 'PROMOTION' | 'BOOKING_REMINDER'> };

export const notificationStatement = (db: DB, userId: string, note: Notice, createdAt?: Date) =>
  statementOf(db, db.insert(notifications).values({ ...rowOf(userId, note), ...(createdAt && { createdAt: createdAt.toISOString() }) }));
