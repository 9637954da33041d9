import { and, count, eq, sql } from 'drizzle-orm';
import type { NotificationMetadata, NotificationType } from '../../core/notifications';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { notifications } from '../db/schema';
import { withoutGoneObjects } from './notification-objects.data';

export type NewNotification = {
  type: NotificationType;
  title: string;
  message: string;
  metadata?: NotificationMetadata;
};

/** The row of a notification: its metadata as JSON. */
export const rowOf = (userId: string, note: NewNotification) => ({
  id: newId(),
  userId,
  type: note.type,
  title: note.title,
  message: note.message,
  metadataJson: note.metadata ? JSON.stringify(note.metadata) : null,
});

/** Writes a notification in the app, whatever the preferences (`notify` in the service weighs them first). */
export const insertNotification = (db: DB, userId: string, note: NewNotification) => db.insert(notifications).values(rowOf(userId, note));

/**
 * A notice that must go out with the change it reports, as a statement for the same D1 batch.
 * `createdAt`: given when several notices share a batch, so they list in the order they were written.
 */
type NotificationRow = typeof notifications.$inferSelect;

const toView = ({ metadataJson, userId: _owner, ...row }: NotificationRow) => ({
  ...row,
  metadata: metadataJson ? (JSON.parse(metadataJson) as NotificationMetadata) : undefined,
});

/** A page of the user's notifications, newest first, naming only objects that still exist; `unreadOnly` is the screen's Unread filter. */
export async function listOwnNotifications(db: DB, userId: string, list: { unreadOnly: boolean; page: PageRequest }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        list.unreadOnly ? eq(notifications.isRead, false) : undefined,
        afterCursor(notifications.createdAt, notifications.id, list.page.cursor),
      ),
    )
    .orderBy(...newestFirst(notifications.createdAt, notifications.id))
    .limit(rowsToRead(list.page));
  const page = pageOf(rows, list.page, (row) => ({ key: row.createdAt, id: row.id }), toView);
  return { ...page, items: await withoutGoneObjects(db, page.items) };
}

/** What the bell and the filter tabs show, without loading the list. */
export async function countOwnNotifications(db: DB, userId: string) {
  const [counts] = await db
    .select({ total: count(), unread: sql<number>`COALESCE(SUM(CASE WHEN ${notifications.isRead} THEN 0 ELSE 1 END), 0)` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return counts;
}

/** Marks one of the user's notifications read; false when they have no such notification. */
export async function markRead(db: DB, userId: string, id: string) {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export const markAllRead = (db: DB, userId: string) =>
  db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId));

/** Deletes one of the user's notifications; false when they have no such notification. */
export async function deleteOwnNotification(db: DB, userId: string, id: string) {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}
