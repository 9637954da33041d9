import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes } from '../../worker/app';

/**
 * The one way the SPA talks to the worker: credentials always sent, JSON bodies, and any non-OK
 * response becomes an `ApiError` whose message is `STATUS: text`, where text is the server's `message`
 * (or the raw body, or the status text when the body is empty), so every screen reports failures alike.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  const raw = await res.text();
  let body: unknown = raw;
  let text = raw || res.statusText;
  try {
    body = JSON.parse(raw);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') text = body.message;
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(res.status, text, body);
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown, headers?: HeadersInit): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Default query fetcher: GET the query key's segments joined by slashes, so a key names its endpoint. */
export function pathFromKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => part !== undefined && part !== null && typeof part !== 'object').join('/');
}

/** Typed client over the worker's routes: request and response shapes come from the worker's zod schemas. */
export const api = hc<ApiRoutes>('/api', { init: { credentials: 'include' } });

/** Reads a typed client response, throwing the same `STATUS: text` error as `apiRequest`. */
export async function unwrap<T>(pending: Promise<ClientResponse<T>>): Promise<T> {
  const res = await pending;
  if (!res.ok) throw await errorFrom(res as unknown as Response);
  return (await res.json()) as T;
}

/** For 204 answers: throws the `STATUS: text` error on failure, returns nothing otherwise. */
export async function unwrapEmpty(pending: Promise<ClientResponse<unknown>>): Promise<void> {
  const res = await pending;
  if (!res.ok) throw await errorFrom(res as unknown as Response);
}
