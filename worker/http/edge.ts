/**
 * What every answer of the worker carries and what no request may exceed: the security headers the
 * static assets also carry (core/security-headers.ts), `no-store` so no cache keeps a user's data,
 * and a body limit so an oversized request is refused before anything reads it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from '../../core/documents';
import { ISSUE_PHOTO_MESSAGES, MAX_ISSUE_PHOTO_BYTES } from '../../core/lot-issues';
import { tileOrigin } from '../../core/map-tiles';
import { cspDirectives, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY } from '../../core/security-headers';
import type { AppEnv } from '../env';
import { apiError } from './errors';
import { mapTilesOf } from './map-tiles';

/** Our largest request is a few kilobytes of JSON; 64 KB leaves room and stops a flood early. */
const MAX_BODY_BYTES = 64 * 1024;

/** One middleware per kind of deployment (production or not, its tile server), built on first use. */
const builtHeaders = new Map<string, MiddlewareHandler>();
function headersFor(production: boolean, tiles: string) {
  const key = `${production} ${tiles}`;
  const built =
    builtHeaders.get(key) ??
    secureHeaders({
      contentSecurityPolicy: cspDirectives(tiles),
      referrerPolicy: REFERRER_POLICY,
      xFrameOptions: 'DENY',
      strictTransportSecurity: production ? STRICT_TRANSPORT_SECURITY : false,
    });
  builtHeaders.set(key, built);
  return built;
}

export const securityHeaders = createMiddleware<AppEnv>((c, next) =>
  headersFor(c.env.APP_ENV === 'production', tileOrigin(mapTilesOf(c.env)))(c, next),
);

/** `no-store`, unless the answer asked to be kept privately (a report's photo: the browser alone may keep it). */
export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.get('Cache-Control')?.startsWith('private')) c.header('Cache-Control', 'no-store');
});

const jsonBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw apiError(413, `The request body is too large: at most ${MAX_BODY_BYTES / 1024} KB.`);
  },
});

/** The one request that carries a file: an owner applicant's document (worker/documents), with room for the multipart framing. */
const DOCUMENT_UPLOAD = { method: 'POST', path: '/api/user/owner-application/documents' };
const documentBodyLimit = bodyLimit({
  maxSize: MAX_DOCUMENT_BYTES + 16 * 1024,
  onError: () => {
    throw apiError(413, DOCUMENT_MESSAGES.size);
  },
});

/** A report's photo or a support request's attachment, sent as the raw body (worker/lot-issues, worker/support). */
const ISSUE_PHOTO_UPLOAD = /^\/api\/(lot-issues\/[^/]+\/photo|support\/[^/]+\/attachment)$/;
const photoBodyLimit = bodyLimit({
  maxSize: MAX_ISSUE_PHOTO_BYTES,
  onError: () => {
    throw apiError(413, ISSUE_PHOTO_MESSAGES.size);
  },
});

const limitOf = (method: string, path: string) => {
  if (method === DOCUMENT_UPLOAD.method && path === DOCUMENT_UPLOAD.path) return documentBodyLimit;
  if (method === 'PUT' && ISSUE_PHOTO_UPLOAD.test(path)) return photoBodyLimit;
  return jsonBodyLimit;
};

export const limitBody = createMiddleware<AppEnv>((c, next) => limitOf(c.req.method, c.req.path)(c, next));

/** Cloudflare sets this on every request it forwards; a local run without it counts as one client. */
export const clientIp = <E extends AppEnv>(c: Context<E>) => c.req.header('CF-Connecting-IP') ?? 'local';
