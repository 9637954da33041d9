/**
 * Serves the built app (`vite build`'s dist/parkada and dist/client) on PORT from the local state in
 * PARKADA_STATE_DIR, for the browser tests: the Worker and its static assets in workerd, with the
 * bindings, secrets (.dev.vars) and asset rules of the build's own wrangler.json, as `vite preview`
 * serves them, but with the browser talking to workerd itself. `vite preview` put a Node server in
 * front that proxied every request, each page's files among them (docs/performance.md, The suite).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { localStateDir } from './local-state';

const BUILD = 'dist/parkada';
const config = unstable_readConfig({ config: `${BUILD}/wrangler.json` });
const { workerOptions, externalWorkers } = unstable_getMiniflareWorkerOptions(config, undefined, {});
// The build's modules, its entry first, as @cloudflare/vite-plugin's preview lists them.
const { modulesRules: _byRules, ...worker } = workerOptions;
const modules = readdirSync(BUILD, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.js'))
  .sort((a, b) => Number(b === config.main) - Number(a === config.main))
  .map((path) => ({ type: 'ESModule' as const, path }));

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    log: new Log(LogLevel.INFO),
    logRequests: true,
    host: 'localhost',
    port: Number(process.env.PORT ?? 4317),
    // Nothing leaves the machine: no fetch of Cloudflare's Request.cf sample.
    cf: false,
    resourcePersistencePath: resolve(localStateDir(), 'v3'),
    telemetry: { enabled: false },
    // The Local Explorer's API is where the browser tests read the e-mails the app sent (e2e/mailbox.ts).
    unsafeLocalExplorer: true,
    workers: [{ ...worker, name: config.name, rootPath: resolve(BUILD), modules }, ...externalWorkers],
  }),
);
await miniflare.ready;
