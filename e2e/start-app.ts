/**
 * Browser-test global setup: builds the app, prepares a brand-new local state (migrations, demo
 * data and the past stays of e2e/past-stays.ts) and serves the built SPA and Worker in workerd with
 * real local D1/KV/DO (scripts/serve-build.ts).
 * The URL is handed to the tests through `inject('baseURL')`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium, findHeadlessShell } from '../scripts/chromium';
import { fillWeekdayMornings } from './past-stays';

/** Where the app's server writes its log during the browser tests (`npm test` prints it nowhere). */
const APP_LOG = 'node_modules/.tmp/e2e-app.log';

const PORT = Number(process.env.E2E_PORT ?? 4317);

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
    spawn(command, args, { env, stdio: 'inherit' }).on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    ),
  );

export default async function startApp(project: TestProject) {
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
  // The build and the database are independent: each takes one of the machine's cores. The build is
  // the one deployed: vitest sets NODE_ENV=test, with which React and its JSX were built for development
  // (a slower render and a bundle half as large again).
  await Promise.all([
    run('vite', ['build', '--logLevel', 'warn'], { ...env, NODE_ENV: 'production' }),
    run('tsx', ['scripts/local-db.ts'], env),
  ]);
  fillWeekdayMornings(stateDir, env);

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
    rmSync(stateDir, { recursive: true, force: true });
    log.end();
  };

  const baseURL = `http://localhost:${PORT}`;
  try {
    await waitForServer(baseURL, 300_000);
  } catch (error) {
    console.error(output);
    stop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromium.path);
  project.provide('headlessShellPath', findHeadlessShell() ?? chromium.path);
  project.provide('stateDir', stateDir);
  return stop;
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
