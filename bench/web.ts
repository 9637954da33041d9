/**
 * Weight and speed of the web app, from the production build (`npm run bench:web`, options
 * `-- --port 4499 --runs 3`).
 * Builds the app, serves it with `vite preview` (workerd, a fresh local state with the demo data) and
 * loads two pages in headless chromium (Debian's, CHROMIUM_PATH to change it):
 *   - the landing page, signed out (target ≤ 100 KB of gzipped JavaScript);
 *   - Find Parking, signed in as the demo driver: its first screen, the search and the list (what it
 *     fetches with the map's chunk refused; target ≤ 150 KB), and apart the map, whose chunk loads
 *     beside it (Leaflet and the clustering).
 * For each it prints the JavaScript the page loaded (gzipped, as it travels) and the Largest
 * Contentful Paint (median of the runs), next to a baseline measured in the same run: a static page
 * with one heading, served the same way, which is the floor this machine gives any page. Then the
 * size of every chunk of the build. Map tiles (another host) are answered empty, as no request may
 * leave the machine. It ends within 20 minutes, the build included (bench/time-limit.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../worker/seed/seed';
import { startBuiltApp } from './preview';
import { CHROMIUM_FLAGS } from '../test-support/chromium-flags';
import { endWithin } from './time-limit';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4499' }, runs: { type: 'string', default: '3' } } });
const base = `http://localhost:${values.port}`;
const runs = Number(values.runs);
const TARGET_KB = { landing: 100, findParking: 150 };
const ASSETS = 'dist/client/assets';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every JavaScript chunk of the client build with its gzipped size, by file name. */
function chunkSizes(): Map<string, number> {
  return new Map(
    readdirSync(ASSETS)
      .filter((file) => file.endsWith('.js'))
      .map((file) => [file, gzipped(join(ASSETS, file))]),
  );
}

/** Loads a page in a fresh tab; answers the JavaScript files it fetched and its Largest Contentful Paint. */
async function measure(context: BrowserContext, path: string, ready: string) {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname.split('/').pop()!);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  await page.close();
  return { scripts, lcp };
}

/** The map's own chunk: refused, the page fetches nothing that only the map imports (Leaflet and the clustering). */
const MAP_CHUNK = /\/assets\/lot-map-[^/]+\.js$/;

async function measureRuns(browser: Browser, path: string, ready: string, signIn: boolean, { withoutMap = false, times = runs } = {}) {
  const lcps: number[] = [];
  let scripts = new Set<string>();
  for (let run = 0; run < times; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.route(
      (url) => url.origin !== base,
      (route) => route.fulfill({ status: 204 }),
    );
    if (withoutMap) await context.route(MAP_CHUNK, (route) => route.abort());
    if (signIn) {
      const driver = DEMO_ACCOUNTS.find((account) => account.role === 'parking_user')!;
      const res = await context.request.post(`${base}/api/auth/login`, {
        data: { email: driver.email, password: DEMO_PASSWORD },
        headers: { origin: base },
      });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    }
    const result = await measure(context, path, ready);
    lcps.push(result.lcp);
    scripts = result.scripts;
    await context.close();
  }
  return { scripts, lcp: median(lcps) };
}

async function main() {
  endWithin(20);
  const app = await startBuiltApp(values.port, {
    beforeServe: () =>
      writeFileSync(
        'dist/client/bench-baseline.html',
        '<!doctype html><html lang="en"><title>Baseline</title><h1>Find parking in Metro Manila</h1></html>',
      ),
  });
  let browser: Browser | undefined;
  try {
    const sizes = chunkSizes();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
    const baseline = await measureRuns(browser, '/bench-baseline.html', 'h1', false);
    const landing = await measureRuns(browser, '/', 'h1', false);
    const findParking = await measureRuns(browser, '/', '.leaflet-container', true);
    // The first screen is what the page fetches without its map: a chunk the map imports may also be one
    // the list needs (the page's own chunk, which the map imports back), so no reading of imports can tell.
    const firstScreen = (await measureRuns(browser, '/', 'h1', true, { withoutMap: true, times: 1 })).scripts;
    const map = new Set([...findParking.scripts].filter((file) => !firstScreen.has(file)));

    const weight = (scripts: Set<string>) => [...scripts].reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0);
    const rows = [
      ['baseline (static page, one heading)', 0, baseline.lcp, undefined],
      ['landing, signed out', weight(landing.scripts), landing.lcp, TARGET_KB.landing],
      ['Find Parking, signed in: first screen', weight(firstScreen), findParking.lcp, TARGET_KB.findParking],
      ['  + its map (a chunk of its own)', weight(map), undefined, undefined],
      ['  = with the map', weight(findParking.scripts), undefined, undefined],
    ] as const;
    console.log(`\nPage                                  JS (gzip)    LCP (median of ${runs})   target`);
    for (const [name, bytes, lcp, target] of rows) {
      const verdict = target === undefined ? '' : `≤ ${target} KB ${bytes <= target * 1024 ? 'met' : 'MISSED'}`;
      const paint = lcp === undefined ? '' : `${lcp.toFixed(0)} ms`;
      console.log(`${name.padEnd(38)}${kb(bytes).padStart(9)}   ${paint.padStart(10)}            ${verdict}`);
    }
    console.log(`\nLanding loads: ${[...landing.scripts].sort().join(', ')}`);
    console.log(`Find Parking loads: ${[...firstScreen].sort().join(', ')}`);
    console.log(`and for its map: ${[...map].sort().join(', ')}`);
    console.log('\nChunks of the build (gzip), largest first:');
    for (const [file, bytes] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
    if (rows.some(([, bytes, , target]) => target !== undefined && bytes > target * 1024)) process.exitCode = 1;
  } finally {
    await browser?.close();
    app.stop();
  }
}

await main();
