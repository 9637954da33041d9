import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localStateDir } from './scripts/local-state.ts';

/** `vite dev` runs the SPA and the Worker (in workerd, with local D1/KV/DO) together; `vite build` emits what `wrangler deploy` ships. */
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './web/routes', generatedRouteTree: './web/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    cloudflare({ persistState: { path: localStateDir() } }),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
});
