import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { STATIC_LANDING } from '../core/static-landing.ts';

/**
 * The SPA's built index.html with the landing page's markup in place of the app: the same head
 * (styles, theme script, icon), no module script and no preloads, so it loads no JavaScript.
 */
export function staticLandingHtml(indexHtml: string, markup: string) {
  const html = indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (!html.includes(markup) || /<script type="module"|modulepreload/.test(html)) {
    throw new Error('The static landing page could not be made from index.html: its shape changed.');
  }
  return html;
}

/**
 * A signed-out visitor's `/` is a marketing page: it is prerendered at build into `landing.html`,
 * so it shows at once and downloads none of the SPA (docs/performance.md, web). The worker answers
 * a visitor's `/` with it (worker/auth/home-page.ts).
 */
export const staticLandingPage = (): Plugin => ({
  name: 'parkada:static-landing',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  writeBundle(options) {
    const outDir = options.dir!;
    const markup = execFileSync('tsx', ['--tsconfig', 'tsconfig.web.json', 'web/features/landing/prerender.tsx'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
    writeFileSync(join(outDir, STATIC_LANDING.file), staticLandingHtml(indexHtml, markup));
  },
});
