/** GET /api/openapi.json and its reference page, GET /api/docs (docs/api.md). */
import { Hono } from 'hono';
import { z } from 'zod';
import { API_REFERENCE_SCRIPT } from '../../core/api-reference';
import type { AppEnv } from '../env';
import { describedAs } from './described';
import { type AnyApp, apiDocument } from './openapi';

/**
 * No inline script (the CSP allows our own files only): Scalar's standalone script finds the element
 * `#api-reference` and reads the document's address and its settings from it. Nothing from elsewhere.
 */
const CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  // Scalar's AI agent, MCP and developer tools call Scalar's own services: the page stays on ours.
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
}).replaceAll('"', '&quot;');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Parkada API reference</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${CONFIGURATION}"></script>
    <script src="${API_REFERENCE_SCRIPT}"></script>
  </body>
</html>
`;

const described = describedAs('http');

/** The document is generated once an isolate, from `app`'s routes, for the origin first asked from. */
export function apiReferenceRoutes(app: AnyApp, sessionCookie: string): Hono<AppEnv> {
  let document: ReturnType<typeof apiDocument> | undefined;
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      described({ summary: 'This document (OpenAPI 3.1)', answer: z.looseObject({ openapi: z.string() }) }),
      async (c) => {
        document ??= apiDocument(app, { origin: new URL(c.req.url).origin, sessionCookie });
        return c.json(await document);
      },
    )
    .get('/docs', described({ summary: 'The reference page of this document', media: 'text/html' }), (c) => c.html(PAGE));
}
