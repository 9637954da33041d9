/**
 * A notification outlives its object: reservations are archived, support requests deleted after their
 * retention. The list keeps such a notification with its words, lot and time, but without the id of
 * what is gone, so the app shows no link that leads to "Not Found".
 */
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { NotificationMetadata } from '../../core/notifications';
import type { DB } from '../db/client';
import { monthlyPasses, reservations, supportRequests } from '../db/schema';
import { valuesIn } from '../db/values-in';

type ObjectKey = 'reservationId' | 'reviewReservationId' | 'monthlyPassId' | 'supportRequestId';

/** Each id a notification may name, and the table that holds its object. */
const OBJECTS: Record<ObjectKey, { table: SQLiteTable; id: SQLiteColumn }> = {
  reservationId: { table: reservations, id: reservations.id },
  reviewReservationId: { table: reservations, id: reservations.id },
  monthlyPassId: { table: monthlyPasses, id: monthlyPasses.id },
  supportRequestId: { table: supportRequests, id: supportRequests.id },
};
const KEYS = Object.keys(OBJECTS) as ObjectKey[];

/** The ids, among those the notes name under `key`, whose objects still exist. */
async function existing(db: DB, key: ObjectKey, notes: (NotificationMetadata | undefined)[]) {
  const ids = [...new Set(notes.flatMap((metadata) => metadata?.[key] ?? []))];
  if (ids.length === 0) return new Set<string>();
  const { table, id } = OBJECTS[key];
  const rows = await db.select({ id }).from(table).where(valuesIn(id, ids));
  return new Set(rows.map((row) => row.id as string));
}

/** The notes' metadata without the ids of objects that are gone. */
export async function withoutGoneObjects<T extends { metadata?: NotificationMetadata }>(db: DB, notes: T[]): Promise<T[]> {
  const metadata = notes.map((note) => note.metadata);
  const still = await Promise.all(KEYS.map((key) => existing(db, key, metadata)));
  return notes.map((note) => {
    if (!note.metadata) return note;
    const kept = { ...note.metadata };
    KEYS.forEach((key, i) => {
      const id = kept[key];
      if (id && !still[i].has(id)) delete kept[key];
    });
    return { ...note, metadata: kept };
  });
}
