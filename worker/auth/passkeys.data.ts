import { desc, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { passkeys } from '../db/schema';

/** The account's passkeys as Settings → Security lists them, newest first. */
export const listPasskeys = (db: DB, userId: string) =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
