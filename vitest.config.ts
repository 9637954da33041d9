import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Local runs only: nothing here should report usage to Cloudflare.
process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

/**
 * The longest browser files, in seconds in the last full run (three files at a time, 2026-11-30, issue 50;
 * docs/performance.md, The suite): they start first of the browser files, longest first, so the files
 * that start last are short ones and nothing long ends the run.
 */
const LONG_BROWSER_FILES: Record<string, number> = {
  'screens.test.ts': 126,
  'accounts.test.ts': 75,
  'landing.test.ts': 66,
  'gate-shift.test.ts': 63,
  'driver-journey.test.ts': 62,
  'admin.test.ts': 55,
  'gate-camera.test.ts': 54,
  'gate-tags.test.ts': 52,
  'booking.test.ts': 41,
  'owner.test.ts': 36,
  'settings.test.ts': 34,
};

/**
 * The order files start in, the same on a fresh clone as with vitest's cache: the worker files,
 * largest first, then the web files, while the browser project's set-up builds and serves the app
 * beside them (e2e/start-app.ts: its database's one process left a core idle, and the worker
 * runtimes' start, mostly vitest loading modules into them on one thread, left another); then the
 * browser files, the long ones above longest first, the others largest first. A pool slot keeps its
 * runtime only while the next file queued is of the same project, so the worker files come one after
 * another: mixed with the web files by size they restarted workerd 19 times instead of 4 (worker and
 * web alone, 249 → 204 core-s; docs/performance.md, The suite).
 */
class BrowserLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const size = (file: TestSpecification) => statSync(file.moduleId).size;
    const seconds = (file: TestSpecification) => LONG_BROWSER_FILES[file.moduleId.split('/').at(-1)!] ?? 0;
    const byWeight = (a: TestSpecification, b: TestSpecification) => seconds(b) - seconds(a) || size(b) - size(a);
    const browser = files.filter((file) => file.project.name === 'browser').sort(byWeight);
    const ofProject = (name: string) => files.filter((file) => file.project.name === name).sort((a, b) => size(b) - size(a));
    return [...ofProject('worker'), ...ofProject('web'), ...browser];
  }
}

/**
 * Three projects, one `npm test`, their files run together in one pool (docs/performance.md, The suite):
 * - worker: inside workerd against real D1/KV/Durable Objects; files run one after another in a few
 *   runtimes (not one runtime each: starting it cost most of the project's time), each file from empty
 *   storage at the current schema (worker/test/apply-migrations.ts);
 * - web: plain unit tests of shared rules, client helpers and scripts;
 * - browser: finds Chrome or Chromium, builds and starts the app on a fresh local state while the other
 *   projects' files run (each browser file waits for it, e2e/app-ready.ts), then drives the browser
 *   (one per test worker, e2e/browser.ts); each file makes its own people and lots
 *   (e2e/fixtures.ts), so files run at the same time against one app.
 */
export default defineConfig({
  test: {
    // Three files at a time on two cores: a fourth kept the cores no busier but added a chromium and
    // a runtime to share them, 1,243–1,249 core-s and 649–651 s a run against 1,102 and 590 (fresh
    // clones the same hour, 2026-11-30; two at a time left the cores idle: 1,050 core-s, 613 s).
    maxWorkers: 3,
    sequence: { sequencer: BrowserLastSequencer },
    reporters: ['default', ['json', { outputFile: 'node_modules/.tmp/vitest-report.json' }]],
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations('./migrations') } },
          })),
        ],
        test: {
          name: 'worker',
          isolate: false,
          // A lot object's alarm can fire while a later file runs, or as the runtime closes: its log then
          // goes straight to the output, never as a call to vitest from the object's context (which
          // workerd refuses, and which left the run waiting on it at the end).
          disableConsoleIntercept: true,
          include: ['worker/**/*.test.ts', 'test-support/property-seed.test.ts'],
          setupFiles: ['./worker/test/apply-migrations.ts', './worker/test/check-answers.ts', './test-support/property-seed.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.ts', 'core/**/*.test.ts', 'scripts/**/*.test.ts', 'test-support/property-seed.test.ts'],
          setupFiles: ['./test-support/property-seed.ts'],
          environment: 'node',
          // Pure rules and helpers: files share a worker's loaded modules (a fork per file was most of the
          // project's 13 core-s; now 5), and a file that stubs a global restores it after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          // Files share a worker's loaded modules (playwright-core and the helpers) and its browser, not
          // their state: each file opens its own contexts and makes its own people and lots.
          isolate: false,
          globalSetup: ['./e2e/start-app.ts'],
          setupFiles: ['./e2e/app-ready.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // Pages answer later while other files run: polls wait as long as a locator's waitFor would.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
