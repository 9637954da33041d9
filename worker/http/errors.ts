import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Refusal, RefusalKind } from '../../core/refusal';

/** Every error leaves the API as JSON `{ message, issues? }` so the client can show `STATUS: text`. */
export function apiError(
  status: ContentfulStatusCode,
  message: string,
  extra?: Record<string, unknown>,
  headers?: HeadersInit,
): HTTPException {
  // A 400 always lists its issues (one, without a field, when the problem is not a field's).
  const issues = status === 400 ? { issues: [{ path: '', message }] } : {};
  return new HTTPException(status, { res: Response.json({ message, ...issues, ...extra }, { status, headers }) });
}

const STATUS_OF: Record<RefusalKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  insufficient_funds: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many_attempts: 429,
  upstream_failed: 502,
  unavailable: 503,
  records_missing: 500,
};

export const statusOf = (kind: RefusalKind) => STATUS_OF[kind];

/** A domain refusal as the API answers it. */
export const refusalResponse = (refused: Refusal) => apiError(STATUS_OF[refused.kind], refused.message, refused.detail).getResponse();

/** A Standard Schema issue, as zod's validator reports it. */
type SchemaIssue = { readonly message: string; readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] };
const segmentOf = (segment: PropertyKey | { readonly key: PropertyKey }) => String(typeof segment === 'object' ? segment.key : segment);

export function validationError(problems: readonly SchemaIssue[]): HTTPException {
  const issues = problems.map((issue) => ({ path: (issue.path ?? []).map(segmentOf).join('.'), message: issue.message }));
  return apiError(400, issues[0]?.message ?? 'Invalid request', { issues });
}
