import type { NotificationType } from '../../core/notifications';
import type { DB } from '../db/client';
import { notifications } from '../db/schema';
import { newId } from '../db/ids';
import { readPreferences } from '../account/preferences.data';

type NewNotification = {
  type: NotificationType;
  title: string;
  message: string;
  metadata?: { lotName?: string; slotLabel?: string; startTime?: string };
};

/**
 * The one way the product notifies a user. It honours their preferences: no promotions when
 * promotional e-mails are off, no reminders when booking reminders are off. Returns whether it was sent.
 */
export async function notify(db: DB, userId: string, note: NewNotification): Promise<boolean> {
  const prefs = await readPreferences(db, userId);
  if (note.type === 'PROMOTION' && !prefs.promotionalEmails) return false;
  if (note.type === 'BOOKING_REMINDER' && !prefs.bookingReminders) return false;
  await db.insert(notifications).values({
    id: newId(),
    userId,
    type: note.type,
    title: note.title,
    message: note.message,
    metadataJson: note.metadata ? JSON.stringify(note.metadata) : null,
  });
  return true;
}
