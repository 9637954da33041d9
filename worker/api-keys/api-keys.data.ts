/** An account's API keys in D1 (docs/api.md, Authentication and API keys). */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_API_KEYS } from '../../core/api-scopes';
import { sqlStatement, statementOf, type DB } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { sessionUserColumns } from '../users/users.data';

export type NewApiKey = { id: string; userId: string; name: string; visiblePrefix: string; keyHash: string; scopesJson: string };

/** Inserts the key only while the account holds fewer than MAX_API_KEYS: parallel creations cannot pass the cap. */
export const insertKeyWithinCap = (db: DB, key: NewApiKey) =>
  sqlStatement(
    db,
    sql`INSERT INTO ${apiKeys} (id, user_id, name, visible_prefix, key_hash, scopes_json)
        SELECT ${key.id}, ${key.userId}, ${key.name}, ${key.visiblePrefix}, ${key.keyHash}, ${key.scopesJson}
        WHERE (SELECT COUNT(*) FROM ${apiKeys} WHERE user_id = ${key.userId}) < ${MAX_API_KEYS}`,
  );

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  visiblePrefix: apiKeys.visiblePrefix,
  scopesJson: apiKeys.scopesJson,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

/** The account's keys as Settings lists them, newest first: never the hash. */
export const listKeys = (db: DB, userId: string) =>
  db.select(listed).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const findOwnKey = async (db: DB, userId: string, id: string) =>
  (
    await db
      .select(listed)
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
  )[0] ?? null;

export const deleteKeyStatement = (db: DB, userId: string, id: string) =>
  statementOf(db, db.delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))));

/** The key of this hash and the account it acts for, unless the account was deleted. */
export async function findKeyByHash(db: DB, keyHash: string) {
  const [row] = await db
    .select({
      key: { id: apiKeys.id, name: apiKeys.name, scopesJson: apiKeys.scopesJson, lastUsedAt: apiKeys.lastUsedAt },
      user: sessionUserColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Records a use, unless one was recorded since `staleBefore`: parallel requests write it once. */
export const recordKeyUse = (db: DB, id: string, at: string, staleBefore: string) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
