/**
 * `Idempotency-Key` for money-moving requests (Stripe's rules): the first request under a key wins;
 * repeating it with the same body answers with what it made and moves no money; the same key with a
 * different body (or on another endpoint) is a 409. The key row is written in the same D1 batch as
 * the money movement, so a concurrent twin fails on the primary key and reads the winner's result.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { statementOf, type DB } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { AppEnv } from '../env';
import { apiError } from './errors';
import { violates } from '../db/constraints';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type IdempotentRequest = { userId: string; key: string; scope: string; requestHash: string };

/** Reads the header and fingerprints the validated body; 400 without a usable key. */
export async function idempotentRequest(c: Context<AppEnv>, scope: string, body: unknown): Promise<IdempotentRequest> {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim() ?? '';
  if (key.length < 8 || key.length > 200) {
    throw apiError(400, `An ${IDEMPOTENCY_HEADER} header (8 to 200 characters, e.g. a UUID) is required for this request.`);
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${scope}\n${JSON.stringify(body)}`));
  const requestHash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { userId: c.var.user!.id, key, scope, requestHash };
}

/** The resource made by an earlier request under this key, null when the key is new; 409 on a different body. */
export async function priorResource(db: DB, request: IdempotentRequest): Promise<string | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!row) return null;
  if (row.scope !== request.scope || row.requestHash !== request.requestHash) {
    throw apiError(409, `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new request.`);
  }
  return row.resourceId;
}

/** The statement recording the key; put it in the batch that moves the money. */
export const recordIdempotencyKey = (db: DB, d1: D1Database, request: IdempotentRequest, resourceId: string) =>
  statementOf(d1, db.insert(idempotencyKeys).values({ ...request, resourceId }));

/** True when a batch failed because a concurrent twin recorded the same key first. */
export const isIdempotencyRace = (error: unknown) => violates(error, 'idempotency_keys');
