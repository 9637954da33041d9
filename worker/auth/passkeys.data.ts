import { and, desc, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { passkeys } from '../db/schema';

/** The account's passkeys as Settings → Security lists them, newest first. */
export const listPasskeys = (db: DB, userId: string) =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));

export const findPasskey = async (db: DB, id: string) => (await db.select().from(passkeys).where(eq(passkeys.id, id)))[0] ?? null;

export const passkeyIdsOf = (db: DB, userId: string) =>
  db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

export const savePasskey = (db: DB, passkey: typeof passkeys.$inferInsert) => db.insert(passkeys).values(passkey);

/** The authenticator's new signature counter and the moment of use. */
export const recordPasskeyUse = (db: DB, id: string, counter: number, at: string) =>
  db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));

/** Renames or removes one of the person's own passkeys; null when they have no such passkey. */
export async function renamePasskey(db: DB, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row ?? null;
}

export async function deletePasskey(db: DB, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return row ?? null;
}
