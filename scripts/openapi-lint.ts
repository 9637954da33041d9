/**
 * `npm test` (scripts/test.ts): writes the API's OpenAPI document, generated from the app's routes as
 * /api/openapi.json serves it (worker/http/openapi.ts), and lints it with Redocly's recommended rules:
 * an error fails the run. Offline: the app is only imported (its few `cloudflare:` imports stood in
 * for, as nothing here runs a binding), and Redocly's telemetry and update check are off.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';

const DOCUMENT_FILE = 'node_modules/.tmp/openapi.json';

/** Durable Object classes are only declared when the app is imported; a stand-in base class will do. */
const STAND_IN = 'export class DurableObject {} export class WorkerEntrypoint {}';
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('cloudflare:')) return { url: 'data:text/javascript,${encodeURIComponent(STAND_IN)}', shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);

const { app } = await import('../worker/app');
const { apiDocument } = await import('../worker/http/openapi');
const { SESSION_COOKIE } = await import('../worker/auth/session-cookie');

const document = await apiDocument(app, { origin: 'https://parkada.ph', sessionCookie: SESSION_COOKIE });
mkdirSync('node_modules/.tmp', { recursive: true });
writeFileSync(DOCUMENT_FILE, JSON.stringify(document, null, 2));

const lint = spawnSync('redocly', ['lint', '--extends', 'recommended', '--format', 'stylish', DOCUMENT_FILE], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exitCode = lint.status ?? 1;
