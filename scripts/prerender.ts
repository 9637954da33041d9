import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { STATIC_PAGES, type StaticPage } from '../core/static-pages.ts';

const ROOT = '<div id="root"></div>';

/**
 * The SPA's built index.html with the landing page's markup in place of the app: the same head
 * (styles, theme script, icon), no module script and no preloads, so it loads no JavaScript.
 */
function staticLandingHtml(indexHtml: string, markup: string) {
  const html = indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(ROOT, `<div id="root">${markup}</div>`);
  if (!html.includes(markup) || /<script type="module"|modulepreload/.test(html)) {
    throw new Error('The static landing page could not be made from index.html: its shape changed.');
  }
  return html;
}

/**
 * The SPA's built index.html with a signed-in shell painted in `#root`, which the app replaces when
 * it first renders. Its scripts stay; the session's check starts with the page, beside the scripts,
 * instead of after them (the SPA's fetch of it takes the preloaded answer).
 */
function appShellHtml(indexHtml: string, markup: string) {
  const html = indexHtml
    .replace('</head>', '  <link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />\n  </head>')
    .replace(ROOT, `<div id="root">${markup}</div>`);
  if (!html.includes(markup) || !html.includes('<script type="module"')) {
    throw new Error('The app shell could not be made from index.html: its shape changed.');
  }
  return html;
}

/**
 * The pages painted before any JavaScript runs (core/static-pages.ts, docs/performance.md): the
 * landing page, a marketing page with nothing to run, and the signed-in shells, so the header and
 * the screen's first lines show while the app's code downloads. The worker answers navigations with
 * them (worker/auth/app-pages.ts).
 */
export const prerenderedPages = (): Plugin => ({
  name: 'parkada:prerender',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  writeBundle(options) {
    const outDir = options.dir!;
    const markup: Record<StaticPage, string> = JSON.parse(
      execFileSync('tsx', ['--tsconfig', 'tsconfig.web.json', 'web/prerender.tsx'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
    const write = (page: StaticPage, html: string) => writeFileSync(join(outDir, STATIC_PAGES[page].file), html);
    write('landing', staticLandingHtml(indexHtml, markup.landing));
    write('findParking', appShellHtml(indexHtml, markup.findParking));
    write('app', appShellHtml(indexHtml, markup.app));
  },
});
