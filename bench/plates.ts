/**
 * How well the gate reads plates (`npm run bench:plates`, options `-- --port 4498 --count 200 --seed 1`).
 * Builds a page holding only the gate's plate reader (web/features/gate/plate-reader) with Vite, serves
 * it with the app's Content-Security-Policy, and in headless chromium (Debian's, CHROMIUM_PATH to
 * change it) draws `count` clean and `count` degraded LTO-style plates (test-support/plate-scene.ts, from a
 * fixed seed; another `seed` checks that the reader was not tuned to one draw) and hands each
 * 1280×720 frame to the real worker. Prints the exact-read rates, the
 * share of reads at or above the threshold that are wrong (and at other thresholds, to choose it),
 * the time per read and the bytes the reader downloads, each beside its target. No request may leave
 * the machine: any other host fails the bench. Without the plates' faces (Liberation Sans Narrow, DejaVu
 * Sans) it says so and exits 1. It ends within 30 minutes (bench/time-limit.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { PLATE_READ_THRESHOLD } from '../core/plate-read';
import { contentSecurityPolicy } from '../core/security-headers';
import { firstFrame, writePlateVideo } from '../test-support/fake-camera';
import { findChromium } from '../scripts/chromium';
import { installPlateScene, missingPlateFaces, PLATE_FACES, type PlateScene } from '../test-support/plate-scene';
import { CHROMIUM_FLAGS } from '../test-support/chromium-flags';
import { endWithin } from './time-limit';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4498' }, count: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' } },
});
const seed = Number(values.seed);
const count = Number(values.count);
const TARGETS = { clean: 0.95, degraded: 0.85, confidentWrong: 0.01, ms: 500, bytes: 15 * 1024 * 1024 };
const WIDTH = 1280;
const HEIGHT = 720;

/** A small seeded generator (mulberry32), so every run draws the same plates. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function scenes(degraded: boolean, seed: number): PlateScene[] {
  const random = seeded(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const letters = () => Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  return Array.from({ length: count }, (_, index) => ({
    text: `${letters()} ${digits(random() < 0.8 ? 4 : 3)}`,
    width: WIDTH,
    height: HEIGHT,
    angle: degraded ? between(-20, 20) : between(-8, 8),
    size: degraded ? between(0.15, 0.45) : between(0.2, 0.45),
    x: between(0.35, 0.65),
    y: between(0.45, 0.7),
    blur: degraded ? between(0.4, 1.6) : 0,
    noise: degraded ? between(4, 14) : 0,
    night: degraded && random() < 0.5,
    body: pick(['#9aa4ad', '#f0f0ee', '#1c1d20', '#a3211c', '#1f3f7a', '#5b5e61']),
    glyphs: pick(['#101a14', '#0d3b24', '#111111']),
    font: pick(PLATE_FACES),
    region: pick(['NCR', 'LUZON', 'VISAYAS', 'MINDANAO']),
    seed: seed * 1000 + index,
  }));
}

/**
 * A page with the plate reader alone, built as the app builds it (same Vite, same worker bundling). It
 * sits in dist/, inside the project's own folder: Vite refuses a page whose real path is outside it, as
 * node_modules's is where it links to another checkout's.
 */
async function buildHarness(outDir: string) {
  const pageDir = resolve('dist/plate-bench');
  mkdirSync(pageDir, { recursive: true });
  writeFileSync(
    join(pageDir, 'index.html'),
    '<!doctype html><title>plates</title><script type="module" src="/bench/plate-harness.ts"></script>',
  );
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve('.'),
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(pageDir, 'index.html') } },
  });
  return join(outDir, 'dist/plate-bench/index.html');
}

/** Serves the build with the app's CSP; counts the bytes of every file but the page's own. */
function serve(outDir: string, page: string, port: number) {
  const served = new Map<string, number>();
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.gz': 'application/gzip' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path === '/' ? page : join(outDir, path);
    try {
      const body = readFileSync(file);
      served.set(path, body.length);
      response.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': contentSecurityPolicy(),
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  server.listen(port);
  return { served, close: () => server.close() };
}

type Outcome = { text: string; read: string | null; confidence: number; ms: number };

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** What the reader makes of the first frame of writePlateVideo's file for NBC 1234. */
async function fakeCameraRead(browser: Browser, tab: Page, outDir: string) {
  const path = join(outDir, 'plate.y4m');
  await writePlateVideo(browser, path, 'NBC 1234');
  const { width, height, rgba } = firstFrame(path);
  return tab.evaluate(
    async ({ width, height, pixels }) => {
      const frame = await createImageBitmap(new ImageData(Uint8ClampedArray.from(pixels), width, height));
      const reader = (
        window as unknown as { plateReader: { read(frame: ImageBitmap): Promise<{ text: string; confidence: number } | null> } }
      ).plateReader;
      const read = await reader.read(frame);
      return read && { text: read.text, confidence: read.confidence };
    },
    { width, height, pixels: Array.from(rgba) },
  );
}

async function main() {
  endWithin(30);
  const chromiumPath = findChromium();
  if (!chromiumPath.path) throw new Error(chromiumPath.problem);
  const outDir = resolve('dist/plate-bench-build');
  const page = await buildHarness(outDir);
  const server = serve(outDir, page, Number(values.port));
  const browser = await chromium.launch({ executablePath: chromiumPath.path, args: CHROMIUM_FLAGS });
  const offsite: string[] = [];
  try {
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).hostname === 'localhost') return route.continue();
      offsite.push(route.request().url());
      return route.abort();
    });
    const tab = await context.newPage();
    if (process.env.PLATE_BENCH_DEBUG)
      tab
        .on('console', (m) => console.log('page:', m.text()))
        .on('pageerror', (e) => console.log('error:', e))
        .on('worker', (w) => console.log('worker:', w.url()));
    await tab.goto(`http://localhost:${values.port}/`);
    const missing = await missingPlateFaces(tab);
    if (missing.length > 0)
      throw new Error(
        `This machine's chromium lacks the plates' faces ${missing.join(', ')} (Debian: fonts-liberation, fonts-dejavu): its plates would not be the bench's.`,
      );
    await installPlateScene(tab);
    const run = (list: PlateScene[]) =>
      tab.evaluate(async (items) => {
        const w = window as unknown as {
          drawPlateScene: (scene: PlateScene) => HTMLCanvasElement;
          plateReader: { read(frame: ImageBitmap): Promise<{ text: string; confidence: number } | null> };
        };
        const outcomes: Outcome[] = [];
        for (const scene of items) {
          const frame = await createImageBitmap(w.drawPlateScene(scene));
          const started = performance.now();
          const read = await w.plateReader.read(frame);
          outcomes.push({ text: scene.text, read: read?.text ?? null, confidence: read?.confidence ?? 0, ms: performance.now() - started });
        }
        return outcomes;
      }, list);
    const started = Date.now();
    const [firstRead] = await run(scenes(false, 7).slice(0, 1));
    const clean = await run(scenes(false, seed));
    const degraded = await run(scenes(true, seed + 1));
    const all = [...clean, ...degraded];
    const exact = (outcomes: Outcome[]) => share(outcomes.filter((o) => o.read === o.text).length, outcomes.length);
    const wrongAbove = (threshold: number) => {
      const confident = all.filter((o) => o.read !== null && o.confidence >= threshold);
      return { confident: confident.length, wrong: share(confident.filter((o) => o.read !== o.text).length, confident.length) };
    };
    const times = all.map((o) => o.ms).sort((a, b) => a - b);
    const bytes = [...server.served]
      .filter(([path]) => path !== '/' && !path.includes('/plate-bench/'))
      .reduce((sum, [, size]) => sum + size, 0);
    const line = (name: string, value: string, target: string, ok: boolean) =>
      console.log(`${name.padEnd(40)} ${value.padStart(12)}   target ${target.padEnd(10)} ${ok ? 'ok' : 'MISSED'}`);
    const atThreshold = wrongAbove(PLATE_READ_THRESHOLD);
    console.log(
      `Plates read by the gate's reader, ${count} clean and ${count} degraded 1280×720 frames, seed ${seed} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    );
    line('exact reads, clean', percent(exact(clean)), '≥ 95%', exact(clean) >= TARGETS.clean);
    line('exact reads, degraded', percent(exact(degraded)), '≥ 85%', exact(degraded) >= TARGETS.degraded);
    line(
      `wrong among reads ≥ ${PLATE_READ_THRESHOLD} (${atThreshold.confident})`,
      percent(atThreshold.wrong),
      '≤ 1%',
      atThreshold.wrong <= TARGETS.confidentWrong,
    );
    line('ms per read, median', quantile(times, 0.5).toFixed(0), '≤ 500', quantile(times, 0.5) <= TARGETS.ms);
    line('ms per read, p95', quantile(times, 0.95).toFixed(0), '≤ 500', quantile(times, 0.95) <= TARGETS.ms);
    line('download (worker, OCR core, model)', `${(bytes / 1024 / 1024).toFixed(2)} MB`, '≤ 15 MB', bytes <= TARGETS.bytes);
    line('requests to other hosts', String(offsite.length), '0', offsite.length === 0);
    console.log(`\nFirst read, loading the model: ${firstRead.ms.toFixed(0)} ms. Files downloaded:`);
    for (const [path, size] of server.served)
      if (path !== '/') console.log(`  ${path.padEnd(70)} ${(size / 1024).toFixed(0).padStart(6)} KB`);
    console.log('\nThreshold   confident reads   of which wrong   exact reads above it, of all');
    for (const threshold of [0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]) {
      const { confident, wrong } = wrongAbove(threshold);
      const right = all.filter((o) => o.confidence >= threshold && o.read === o.text).length;
      console.log(
        `${threshold.toFixed(2).padStart(9)}   ${String(confident).padStart(15)}   ${percent(wrong).padStart(14)}   ${percent(share(right, all.length)).padStart(10)}`,
      );
    }
    const camera = await fakeCameraRead(browser, tab, outDir);
    console.log(
      `\nThe browser test's fake camera (test-support/fake-camera.ts) showing NBC 1234, read as ${camera?.text} (${camera?.confidence.toFixed(2)})`,
    );
    if (process.env.PLATE_BENCH_MISSES)
      for (const o of all.filter((o) => o.read !== o.text)) console.log(`  ${o.text} → ${o.read} (${o.confidence.toFixed(2)})`);
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
