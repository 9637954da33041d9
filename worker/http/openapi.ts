/**
 * The API's OpenAPI 3.1 document, generated from the routes themselves (hono-openapi): each route's
 * `validate` schemas and its `described` entry. Served at /api/openapi.json, read through the
 * reference page at /api/docs (docs/api.md).
 */
import type { Hono } from 'hono';
import { type GenerateSpecOptions, generateSpecs, resolver } from 'hono-openapi';
import { refusalAnswer } from '../../core/api-error';
import { apiAccess } from '../../core/roles';
import { REFUSAL_STATUSES, type RefusalStatus, refusalReference } from './described';

type Document = Awaited<ReturnType<typeof generateSpecs>>;
type Operation = NonNullable<Document['paths'][string]['get']>;
// biome-ignore lint/suspicious/noExplicitAny: any app's routes are read, whatever its env and schema.
export type AnyApp = Hono<any, any, any>;

const refusalResponses = Object.fromEntries(
  Object.entries(REFUSAL_STATUSES).map(([status, name]) => [
    name,
    { description: `Refused (${status}).`, content: { 'application/json': { schema: resolver(refusalAnswer) } } },
  ]),
);

const optionsFor = (origin: string, sessionCookie: string): Partial<GenerateSpecOptions> => ({
  documentation: {
    info: {
      title: 'Parkada API',
      version: '1',
      description: 'Smart parking reservations for Metro Manila. How to read this document: docs/api.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Parkada' },
    },
    servers: [{ url: origin }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The session of a person signed in.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key of an account, within its scopes: `Authorization: Bearer <key>`.',
        },
      },
      responses: refusalResponses,
    },
    security: [{ session: [] }, { apiKey: [] }],
  },
  // /api/openapi.json is a route, not a file.
  excludeStaticFile: false,
  // A validated request refuses bad input with the shared Refusal, not the library's default shape.
  defaultValidationErrorResponse: refusalReference(400) as unknown as GenerateSpecOptions['defaultValidationErrorResponse'],
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The access rule of core/roles.ts, in the document: a public route needs no credentials; the others may answer 401 and 403. */
function withAccess(path: string, method: string, operation: Operation) {
  const access = apiAccess(method.toUpperCase(), path);
  if (access === 'public') return { ...operation, security: [] };
  const refused = (status: RefusalStatus) => [status, operation.responses?.[status] ?? refusalReference(status)];
  return { ...operation, responses: { ...operation.responses, ...Object.fromEntries([refused(401), refused(403)]) } };
}

/** The document of `app`'s described routes as served from `origin`. */
export async function apiDocument(app: AnyApp, { origin, sessionCookie }: { origin: string; sessionCookie: string }): Promise<Document> {
  const document = await generateSpecs(app, optionsFor(origin, sessionCookie));
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(METHODS.flatMap((method) => (item[method] ? [[method, withAccess(path, method, item[method])]] : []))),
    ]),
  );
  const tags = [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags ?? [])))];
  return { ...document, paths, tags: tags.sort().map((name) => ({ name, description: `Served by worker/${name}/.` })) };
}
