import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { staticAssetHeaders } from './core/security-headers.ts';
import { API_REFERENCE_SCRIPT } from './core/api-reference.ts';
import { APP_MANIFEST } from './scripts/app-manifest.ts';
import { localStateDir } from './scripts/local-state.ts';
import { offlineFiles } from './scripts/offline-files.ts';
import { prerenderedPages } from './scripts/prerender.ts';
import { STATIC_PAGES } from './core/static-pages.ts';

/**
 * Writes `_headers` into the built client, so Workers Static Assets sends the same security headers
 * with the HTML and assets as the worker does with /api (HSTS only in a production build). `vite dev`
 * serves without them: its module scripts and hot reload are inline and would be refused.
 */
const securityHeadersFile = (): Plugin => ({
  name: 'parkada:security-headers',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: '_headers',
      source: staticAssetHeaders({ production: process.env.CLOUDFLARE_ENV === 'production' }),
    });
  },
});

/**
 * The API's reference page (/api/docs, worker/http/api-reference.ts) loads Scalar's standalone script
 * from the app's own assets: copied here into the built client, outside the SPA's bundle, and fetched
 * by that page alone (the service worker does not precache it).
 */
const scalarScript = () =>
  // The package exports no path to it: it sits beside its entry point's folder.
  readFileSync(fileURLToPath(new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference'))));
const apiReferenceScript = (): Plugin => ({
  name: 'parkada:api-reference-script',
  // `npm start` (vite dev) serves it from the package.
  configureServer(server) {
    server.middlewares.use(API_REFERENCE_SCRIPT, (_request, response) => {
      response.setHeader('Content-Type', 'text/javascript');
      response.end(scalarScript());
    });
  },
  generateBundle() {
    if (this.environment.name === 'client')
      this.emitFile({ type: 'asset', fileName: API_REFERENCE_SCRIPT.slice(1), source: scalarScript() });
  },
});

/**
 * `vite preview` serves the built app to the browser tests, whose API clients keep connections alive.
 * Node closes a connection idle for 5 s, and a request sent on it at that moment is reset
 * (ECONNRESET); the preview server leaves idle connections for the client to close.
 */
const keepIdleConnections = (): Plugin => ({
  name: 'parkada:keep-idle-connections',
  configurePreviewServer(server) {
    if ('keepAliveTimeout' in server.httpServer) server.httpServer.keepAliveTimeout = 0;
  },
});

/**
 * `npm start`: once the dev server listens, the daily Cron runs once through workerd's local trigger,
 * so the lot objects follow the records `scripts/local-db.ts` loaded into D1 (the demo's cars inside
 * now: worker/reservations/lot-records.ts) before anyone books, and its Queues then take the demo's
 * stays closed before the hot window into their lots' objects in the background (docs/gate.md, Where a
 * stay lives: a few minutes for the demo, every screen reading both meanwhile).
 */
const dailyRunAtStart = (): Plugin => ({
  name: 'parkada:daily-run-at-start',
  apply: 'serve',
  configureServer(server) {
    server.httpServer?.once('listening', () => {
      const address = server.httpServer?.address();
      if (!address || typeof address === 'string') return;
      fetch(`http://localhost:${address.port}/cdn-cgi/handler/scheduled`).catch((error) =>
        console.error('The daily run at start failed: the lot objects follow the demo data at the next one.', error),
      );
    });
  },
});

/**
 * The Worker's npm dependencies, bundled by Vite for workerd before the dev server answers. Vite
 * otherwise finds them by crawling the Worker on the first API request and, when the crawl finds
 * one late, re-bundles and restarts the Worker under the requests in flight ("fetch failed").
 * `npm run dev:smoke` fails when one is missing here (Vite then prints "new dependencies optimized").
 */
const WORKER_DEPENDENCIES = [
  '@block65/webcrypto-web-push',
  '@simplewebauthn/server',
  'bowser',
  'drizzle-orm',
  'drizzle-orm/d1',
  'drizzle-orm/sqlite-core',
  'fflate',
  'hono',
  'hono-openapi',
  'hono/body-limit',
  'hono/cookie',
  'hono/factory',
  'hono/http-exception',
  'hono/route',
  'hono/secure-headers',
  'jose',
  'otpauth',
  'zod',
];

const offline = offlineFiles();

/** `vite dev` runs the SPA and the Worker (in workerd, with local D1/KV/DO) together; `vite build` emits what `wrangler deploy` ships. */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders apart too: a route's loader names its queries (owner, admin, gate) and would otherwise
      // put them on every screen's path. Pending components stay in the route tree, to show at once.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './web/routes',
      generatedRouteTree: './web/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    cloudflare({ persistState: { path: localStateDir() } }),
    securityHeadersFile(),
    apiReferenceScript(),
    prerenderedPages(),
    keepIdleConnections(),
    dailyRunAtStart(),
    offline.plugin,
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: APP_MANIFEST,
      // Our own worker (the app shell for the gate offline, and Web Push), with Workbox's precache list put in.
      strategies: 'injectManifest',
      srcDir: 'web/features/push',
      filename: 'service-worker.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [offline.transform],
        // For navigations over the network (the worker picks them); the app's own pages offline are index.html.
        // The plate reader's files too (web/features/gate/plate-reader/model-files.ts): only gate phones
        // fetch them, and the service worker caches them then.
        globIgnores: [
          ...Object.values(STATIC_PAGES).map((page) => page.file),
          'assets/plate-worker-*.js',
          'assets/worker.min-*.js',
          'assets/tesseract-core-*.js',
          API_REFERENCE_SCRIPT.slice(1),
        ],
      },
    }),
  ],
  build: { modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) } },
  environments: {
    parkada: { optimizeDeps: { include: WORKER_DEPENDENCIES } },
    // Every module the entry loads in its one chunk: rolldown had split them into 28 chunks (a few hundred
    // bytes each, shared with the screens' chunks), each a request of every first load (docs/performance.md).
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } } } },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
});
