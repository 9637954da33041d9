/**
 * Browser-test global setup: builds the app, prepares a brand-new local state (migrations, demo
 * data and the past stays of e2e/past-stays.ts) and serves the built SPA and Worker in workerd with
 * real local D1/KV/DO (scripts/serve-build.ts), while the other projects' files run.
 * The URL is handed to the tests through `inject('baseURL')` at once; each browser file waits for the
 * app to answer (e2e/app-ready.ts).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium, findHeadlessShell } from '../scripts/chromium';
import { fillWeekdayMornings } from './past-stays';

/** Where the app's server writes its log during the browser tests (`npm test` prints it nowhere). */
const APP_LOG = 'node_modules/.tmp/e2e-app.log';

const PORT = Number(process.env.E2E_PORT ?? 4317);

/** The file, in the app's state directory, the set-up writes once the app answers or cannot (e2e/app-ready.ts reads it). */
export const APP_STATUS = 'app-status.json';

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`App did not start on ${url} within ${timeoutMs / 1000} s`);
}

/** Runs a command to its end, its output shown; rejects when it fails. */
const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) =>
    spawn(command, args, { env, stdio: 'inherit' })
      .on('error', reject)
      .on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)))),
  );

/** Builds the app and its database, then serves it; resolves once it answers at `baseURL`, with what stops it. */
async function serveApp(stateDir: string, env: NodeJS.ProcessEnv, baseURL: string) {
  // The build and the database are independent: each takes one of the machine's cores. The build is
  // the one deployed: vitest sets NODE_ENV=test, with which React and its JSX were built for development
  // (a slower render and a bundle half as large again).
  // Both end before a failure is told: the run then ends with no process of the set-up left behind.
  const made = await Promise.allSettled([
    run('vite', ['build', '--logLevel', 'warn'], { ...env, NODE_ENV: 'production' }),
    run('tsx', ['scripts/local-db.ts'], env),
  ]);
  for (const step of made) if (step.status === 'rejected') throw step.reason;
  await fillWeekdayMornings(stateDir, env);

  const server = spawn('tsx', ['scripts/serve-build.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  // The app's own log, kept after the run: a browser test's failure under load is read against it.
  mkdirSync('node_modules/.tmp', { recursive: true });
  const log = createWriteStream(APP_LOG);
  for (const stream of [server.stdout, server.stderr])
    stream.on('data', (chunk) => {
      output += chunk;
      log.write(chunk);
    });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    log.end();
  };
  try {
    await waitForServer(baseURL, 300_000);
  } catch (error) {
    console.error(output);
    stop();
    throw error;
  }
  return stop;
}

/**
 * Hands the tests the app's address at once and sets the app up meanwhile: the worker and web files,
 * which need no app, start first and run beside the build and the database (which leave a core idle
 * while the database's one process runs); each browser file waits until the app answers, or its
 * set-up failed (e2e/app-ready.ts, through APP_STATUS in the state directory).
 */
export default function startApp(project: TestProject) {
  // Before the build: without a browser no browser file can run. One line says why, and the run ends
  // there, failed (npm test itself leaves the browser project out and says so, scripts/test.ts).
  const chromium = findChromium();
  if (!chromium.path) {
    console.error(chromium.problem);
    process.exit(1);
  }
  const stateDir = mkdtempSync(join(tmpdir(), 'parkada-e2e-'));
  // No telemetry, no update check, no fetch of Cloudflare's Request.cf sample: nothing leaves the machine.
  const env = {
    ...process.env,
    PARKADA_STATE_DIR: stateDir,
    PORT: String(PORT),
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  const baseURL = `http://localhost:${PORT}`;
  // Written whole under another name, then renamed: a file waiting for it never reads half of it.
  const tell = (status: { ready: true } | { failed: string }) => {
    writeFileSync(join(stateDir, `${APP_STATUS}.part`), JSON.stringify(status));
    renameSync(join(stateDir, `${APP_STATUS}.part`), join(stateDir, APP_STATUS));
  };
  const app = serveApp(stateDir, env, baseURL).then(
    (stop) => {
      tell({ ready: true });
      return stop;
    },
    (error: Error) => {
      tell({ failed: error.message });
      return undefined;
    },
  );
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromium.path);
  project.provide('headlessShellPath', findHeadlessShell() ?? chromium.path);
  project.provide('stateDir', stateDir);
  return async () => {
    (await app)?.();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The Chrome or Chromium the tests launch (scripts/chromium.ts). */
    chromiumPath: string;
    /** Chromium's headless shell, which most files drive; Chrome or Chromium where there is none (scripts/chromium.ts). */
    headlessShellPath: string;
    /** The app's local state, for a test that must arrange data no screen can (e.g. a lot's hours). */
    stateDir: string;
  }
}
