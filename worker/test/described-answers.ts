/**
 * Every answer the worker tests receive from the app is checked against the route's description in
 * the OpenAPI document (worker/http/described.ts): a success status the description does not list,
 * or a JSON body that does not match the declared schema of its status, fails the request — and so the
 * test that made it. A refusal's body must be the shared Refusal (core/api-error.ts).
 */
import { type DescribeRouteOptions, uniqueSymbol } from 'hono-openapi';
import { PatternRouter } from 'hono/router/pattern-router';
import { findTargetHandler } from 'hono/utils/handler';
import { refusalAnswer } from '../../core/api-error';
import type { AnyApp } from '../http/openapi';

type Responses = NonNullable<DescribeRouteOptions['responses']>;
type Validating = {
  validate: (value: unknown) => Promise<{ issues?: readonly { message: string; path?: readonly unknown[] }[] }> | object;
};

const describedOf = (handler: unknown) =>
  (findTargetHandler(handler as never) as { [uniqueSymbol]?: { spec?: DescribeRouteOptions } })[uniqueSymbol]?.spec;

/** The routes' described answers, found the way the app finds its routes. */
function describedRoutes(app: AnyApp) {
  const router = new PatternRouter<{ route: string; responses: Responses }>();
  for (const { method, path, handler } of app.routes) {
    const spec = describedOf(handler);
    if (spec?.responses && method !== 'ALL') router.add(method, path, { route: `${method} ${path}`, responses: spec.responses });
  }
  return router;
}

const schemaOf = (responses: Responses, status: number) => {
  const response = responses[status];
  const schema = response && 'content' in response ? response.content?.['application/json']?.schema : undefined;
  return schema && 'validate' in schema ? (schema as Validating) : undefined;
};

async function problemsOf(schema: Validating, body: unknown) {
  const result = (await schema.validate(body)) as { issues?: readonly { message: string; path?: readonly unknown[] }[] };
  return (result.issues ?? []).map((issue) => `${(issue.path ?? []).join('.')}: ${issue.message}`);
}

/** What is wrong with `response` as the answer to `request`, by the app's descriptions; empty when nothing is. */
async function answerMismatches(router: ReturnType<typeof describedRoutes>, request: Request, response: Response) {
  const [matched] = router.match(request.method, new URL(request.url).pathname)[0];
  if (!matched) return [];
  const { route, responses } = matched[0];
  const { status } = response;
  if (status < 400 && !(status in responses)) return [`${route} answered ${status}, which its description does not list`];
  const schema = schemaOf(responses, status) ?? (status >= 400 ? (refusalAnswer['~standard'] as Validating) : undefined);
  if (!schema || !response.headers.get('Content-Type')?.startsWith('application/json')) return [];
  const problems = await problemsOf(schema, await response.clone().json());
  return problems.map((problem) => `${route} answered ${status} unlike its description: ${problem}`);
}

const CHECKED = Symbol('answers checked');

/** Wraps `app.fetch` (which `app.request`, `call` and `testClient` go through) so each answer is checked; once per app. */
export function checkAnswers(app: AnyApp & { [CHECKED]?: true }) {
  if (app[CHECKED]) return;
  app[CHECKED] = true;
  let router: ReturnType<typeof describedRoutes> | undefined;
  const fetch = app.fetch;
  app.fetch = async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    router ??= describedRoutes(app);
    const mismatches = await answerMismatches(router, request, response);
    if (mismatches.length > 0) throw new Error(mismatches.join('\n'));
    return response;
  };
}
