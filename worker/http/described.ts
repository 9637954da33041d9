/**
 * Each route's entry in the OpenAPI document (/api/openapi.json, docs/api.md): its folder as its tag,
 * a summary, its success answer and the refusals it can give. The request's schemas come from
 * `validate` by themselves; the refusals of the access rule (401, 403) from worker/http/openapi.ts.
 */
import { describeRoute, resolver } from 'hono-openapi';
import type { ZodType } from 'zod';
import { IDEMPOTENCY_HEADER } from '../db/idempotency-keys';

/** The statuses a refusal leaves with (worker/http/errors.ts), each one answer of the shared Refusal schema. */
export const REFUSAL_STATUSES = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  402: 'InsufficientFunds',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'TooLarge',
  426: 'UpgradeRequired',
  429: 'TooManyAttempts',
  502: 'UpstreamFailed',
  503: 'Unavailable',
} as const;
export type RefusalStatus = keyof typeof REFUSAL_STATUSES;

export const refusalReference = (status: RefusalStatus) => ({ $ref: `#/components/responses/${REFUSAL_STATUSES[status]}` });

type SuccessStatus = 101 | 200 | 201 | 202 | 204 | 302 | 503;

type Description = {
  summary: string;
  /** The success answer's schema (JSON); without it the answer is described as a JSON value whose shape is not yet declared. */
  answer?: ZodType;
  /** 200 unless the route creates (201), accepts work for later (202), answers nothing (204), redirects (302) or opens a WebSocket (101); a list when it may answer either (health: its answer, 503 too). */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** A success answer that is not JSON: a file, a page. */
  media?: string;
  refusals?: readonly RefusalStatus[];
  /** The request moves money and takes an `Idempotency-Key` header (worker/http/idempotency.ts). */
  idempotent?: true;
};

const IDEMPOTENCY_KEY = {
  in: 'header',
  name: IDEMPOTENCY_HEADER,
  required: true,
  description:
    'A key of your own for this request (a UUID): the same key and body again answers what the first made, and moves no money twice.',
  schema: { type: 'string', minLength: 8, maxLength: 200 },
} as const;

/** A JSON value whose shape the document does not declare yet (docs/api.md, Reading the document). */
const UNDECLARED = { description: 'JSON; its shape is not declared in this document yet.' };

const successOf = ({ answer, media }: Description, status: SuccessStatus) => {
  if (status === 204) return { description: 'Done; no body.' };
  // Work taken for later (a Queue's): with no answer declared, nothing but the status is sent.
  if (status === 202 && !answer) return { description: 'Accepted, to be done shortly; no body.' };
  if (status === 302) return { description: 'A redirect to the page that follows.' };
  if (status === 101) return { description: 'Switching to the WebSocket.' };
  if (media) return { description: 'The file.', content: { [media]: {} } };
  if (!answer) return { description: 'The answer.', content: { 'application/json': { schema: UNDECLARED } } };
  // Answers are described as they leave (zod's output), requests as they arrive (its input).
  return { description: 'The answer.', content: { 'application/json': { schema: resolver(answer, { options: { io: 'output' } }) } } };
};

/** `const described = describedAs('reservations')` once a routes file; then `described({ summary, … })` first on each route. */
export const describedAs = (tag: string) => (description: Description) =>
  describeRoute({
    tags: [tag],
    summary: description.summary,
    ...(description.idempotent ? { parameters: [IDEMPOTENCY_KEY] } : {}),
    responses: {
      ...Object.fromEntries([description.status ?? 200].flat().map((status) => [status, successOf(description, status)])),
      ...Object.fromEntries((description.refusals ?? []).map((status) => [status, refusalReference(status)])),
    },
  });
