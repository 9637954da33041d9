/** The `Idempotency-Key` header of a money-moving request (the rules: worker/db/idempotency-keys.ts). */
import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER, type IdempotentRequest } from '../db/idempotency-keys';
import type { AppEnv, SignedInEnv } from '../env';
import { apiError } from './errors';

/** Reads the header and fingerprints the validated body; 400 without a usable key. */
export async function idempotentRequest(
  c: Context<AppEnv> | Context<SignedInEnv>,
  scope: string,
  body: unknown,
): Promise<IdempotentRequest> {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim() ?? '';
  if (key.length < 8 || key.length > 200) {
    throw apiError(400, `An ${IDEMPOTENCY_HEADER} header (8 to 200 characters, e.g. a UUID) is required for this request.`);
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${scope}\n${JSON.stringify(body)}`));
  const requestHash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { userId: c.var.user!.id, key, scope, requestHash };
}
