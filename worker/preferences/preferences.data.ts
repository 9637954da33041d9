import { eq } from 'drizzle-orm';
import type { PreferenceChanges } from '../../core/account';
import type { DB } from '../db/client';
import { preferences } from '../db/schema';

/** Every account gets its preferences row, with the defaults, at sign-up: there is always one to read. */
export async function readPreferences(db: DB, userId: string) {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  const { userId: _owner, ...prefs } = row;
  return prefs;
}

/** Writes only the preferences named in `changes`. */
export async function updatePreferences(db: DB, userId: string, changes: PreferenceChanges) {
  if (Object.keys(changes).length) await db.update(preferences).set(changes).where(eq(preferences.userId, userId));
}
