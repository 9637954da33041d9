import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { staticAssetHeaders } from './core/security-headers.ts';
import { localStateDir } from './scripts/local-state.ts';

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
    this.emitFile({ type: 'asset', fileName: '_headers', source: staticAssetHeaders({ production: process.env.CLOUDFLARE_ENV === 'production' }) });
  },
});

/** `vite dev` runs the SPA and the Worker (in workerd, with local D1/KV/DO) together; `vite build` emits what `wrangler deploy` ships. */
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './web/routes', generatedRouteTree: './web/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    cloudflare({ persistState: { path: localStateDir() } }),
    securityHeadersFile(),
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
});
