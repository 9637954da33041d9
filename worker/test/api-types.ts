import type { hc } from 'hono/client';
import type { ApiRoutes } from '../app';

/**
 * The typed client's view of the API, for types only (the tests send requests through `call`):
 * `InferResponseType<Api['wallet']['$get'], 200>` is what GET /api/wallet answers, as the web client reads it.
 */
export type Api = ReturnType<typeof hc<ApiRoutes>>;

/** The body of every error the API answers (worker/http/errors.ts): a 400 also lists its issues. */
export type ApiErrorBody = { message: string; issues?: { path: string; message: string }[] };
