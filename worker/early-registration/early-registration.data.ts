import type { EarlyRegistration } from '../../core/signup';
import type { DB } from '../db/client';
import { newId } from '../db/ids';
import { earlyRegistrations } from '../db/schema';

/** Stored once per e-mail: answers whether this registration is new (a second one changes nothing). */
export async function registerEarly(db: DB, registration: EarlyRegistration): Promise<boolean> {
  const inserted = await db
    .insert(earlyRegistrations)
    .values({ id: newId(), ...registration })
    .onConflictDoNothing({ target: earlyRegistrations.email })
    .returning({ id: earlyRegistrations.id });
  return inserted.length > 0;
}
