/**
 * Idempotency keys of money-moving requests (docs/foundation.md): the first request under a key wins;
 * repeating it with the same body answers with what it made and moves no money; the same key with a
 * different body (or on another endpoint) is a conflict. The key row is written in the same D1 batch
 * as the money movement, so a concurrent twin fails on the primary key and reads the winner's result.
 */
import { and, eq, lt } from 'drizzle-orm';
import { refusal } from '../../core/refusal';
import { statementOf, type DB } from './client';
import { violates } from './constraints';
import { idempotencyKeys } from './schema';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type IdempotentRequest = { userId: string; key: string; scope: string; requestHash: string };

/** The resource made by an earlier request under this key, null when the key is new; a conflict on a different body. */
export async function priorResource(db: DB, request: IdempotentRequest): Promise<string | null> {
  const [row] = await idempotencyKeyQuery(db, request);
  return priorResourceOf(row, request);
}

/** The key's row, if any: for a batch that reads it beside other things. */
export const idempotencyKeyQuery = (db: DB, request: IdempotentRequest) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));

/** What `priorResource` answers for a key row read elsewhere. */
export function priorResourceOf(row: typeof idempotencyKeys.$inferSelect | undefined, request: IdempotentRequest): string | null {
  if (!row) return null;
  if (row.scope !== request.scope || row.requestHash !== request.requestHash) {
    throw refusal('conflict', `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new request.`);
  }
  return row.resourceId;
}

/** The statement recording the key; put it in the batch that moves the money. */
export const recordIdempotencyKey = (db: DB, request: IdempotentRequest, resourceId: string) =>
  statementOf(db, db.insert(idempotencyKeys).values({ ...request, resourceId }));

/** True when a batch failed because a concurrent twin recorded the same key first. */
export const isIdempotencyRace = (error: unknown) => violates(error, 'idempotency_keys');

/**
 * Deletes the keys recorded before `before` (the daily Cron, REPLAY_KEY_DAYS): a row per booking and per
 * gate entry and exit, so kept forever they would grow D1 with traffic (docs/architecture.md, Scale).
 * Answers how many went.
 */
export async function deleteIdempotencyKeysBefore(db: DB, before: string) {
  const { meta } = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  return meta.changes;
}
