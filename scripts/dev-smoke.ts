/**
 * `npm run dev:smoke`: proves that `npm start` on a fresh clone serves its first API requests without
 * a failure and prints a clean console. It starts `npm start` on a brand-new local state with Vite's
 * dependency cache ignored (`--force`, as on a fresh clone), fires a burst of concurrent first API
 * requests, then a short load, and fails when any request fails or the console shows a line a
 * newcomer should not see. Then it opens the sign-in screen and the API's reference page in Chromium:
 * a page the dev server serves but the browser refuses to run (a policy that blocks Vite's inline
 * preamble left the app blank once) is a failure too. Options: DEV_SMOKE_PORT (default 5497).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { API_REFERENCE_SCRIPT } from '../core/api-reference';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../worker/seed/seed';
import { findChromium } from './chromium';

const port = Number(process.env.DEV_SMOKE_PORT ?? 5497);
const base = `http://localhost:${port}`;
const stateDir = mkdtempSync(join(tmpdir(), 'parkada-dev-smoke-'));

/** Lines that mean the dev server failed a request or is noisy for no reason. */
const BAD_LINES = [
  /trace-stream/i,
  /fetch failed/i,
  /internal server error/i,
  /error when evaluating/i,
  /optimized dependencies changed/i,
  /new dependencies optimized/i,
  /\b500\b/,
];

const server = spawn('npm', ['start', '--', '--force'], {
  env: { ...process.env, PARKADA_STATE_DIR: stateDir, PORT: String(port), NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
// Colour codes, whatever a tool prints despite NO_COLOR.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what colour codes start with.
const plain = (chunk: Buffer) => String(chunk).replace(/\x1b\[[0-9;]*m/g, '');
server.stdout.on('data', (chunk) => (output += plain(chunk)));
server.stderr.on('data', (chunk) => (output += plain(chunk)));

function stop() {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(stateDir, { recursive: true, force: true });
}

async function waitForPage(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Only the SPA's HTML: the worker must stay cold until the burst below.
    if (/Local:/.test(output)) {
      const res = await fetch(base, { signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
      if (res?.ok) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`npm start did not serve ${base} within ${timeoutMs / 1000} s`);
}

type Probe = { name: string; run: () => Promise<Response> };

const driver = DEMO_ACCOUNTS.find((account) => account.role === 'parking_user')!;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const probes: Probe[] = [
  { name: 'GET /api/auth/user', run: () => fetch(`${base}/api/auth/user`) },
  { name: 'GET /api/health', run: () => fetch(`${base}/api/health`) },
  { name: 'GET /api/passes/jwks', run: () => fetch(`${base}/api/passes/jwks`) },
  {
    name: 'GET /api/lots (search)',
    run: () => fetch(`${base}/api/lots?near=14.5547,121.0244&start=${tomorrow}T01:00:00.000Z&durationHours=2`),
  },
  {
    name: 'POST /api/auth/login',
    run: () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: driver.email, password: DEMO_PASSWORD }),
      }),
  },
];

/** Runs a probe; a network failure or a 5xx counts as a failure, anything else is an answer. */
async function attempt(probe: Probe): Promise<string | undefined> {
  try {
    const res = await probe.run();
    await res.arrayBuffer();
    return res.status >= 500 ? `${probe.name}: ${res.status}` : undefined;
  } catch (error) {
    return `${probe.name}: ${(error as Error).message}`;
  }
}

/** What a newcomer's browser finds wrong on the first screens: a page error, or a control that never shows. */
async function pageProblems(): Promise<string[]> {
  const found = findChromium();
  if (found.problem !== undefined) return [found.problem];
  const browser = await chromium.launch({ executablePath: found.path });
  const problems: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${base}/login`);
    await page
      .getByRole('button', { name: 'Sign In', exact: true })
      .waitFor({ timeout: 120_000 })
      .catch(() => problems.push('/login: no Sign In button within 120 s'));
    const script = await page.request.get(`${base}${API_REFERENCE_SCRIPT}`);
    if (!script.ok()) problems.push(`${API_REFERENCE_SCRIPT}: ${script.status()} (the /api/docs page would be blank)`);
  } finally {
    await browser.close();
  }
  return problems;
}

async function main() {
  const started = Date.now();
  await waitForPage(300_000);
  console.log(`dev server up in ${((Date.now() - started) / 1000).toFixed(1)} s; firing the first API requests at once`);

  const firstBurst = await Promise.all(probes.flatMap((probe) => [probe, probe, probe]).map(attempt));
  // Then a short load: waves of 40 concurrent reads (the sign-in is rate limited, so it stays out).
  const load: (string | undefined)[] = [];
  for (let wave = 0; wave < 10; wave++) {
    load.push(...(await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(probes[i % 4])))));
  }
  const failures = [...firstBurst, ...load, ...(await pageProblems())].filter((failure) => failure !== undefined);
  // Give the console a moment to print anything the requests caused.
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const badLines = output.split('\n').filter((line) => BAD_LINES.some((pattern) => pattern.test(line)));
  console.log(`${firstBurst.length} concurrent first requests and ${load.length} more: ${failures.length} failed`);
  console.log(`console: ${output.split('\n').length} lines, ${badLines.length} unwanted`);
  if (failures.length || badLines.length) {
    console.error([...new Set(failures)].slice(0, 20).join('\n'));
    console.error(badLines.slice(0, 20).join('\n'));
    console.error(`--- dev server output ---\n${output.slice(0, 8_000)}`);
    process.exitCode = 1;
  } else {
    console.log(`--- what a newcomer sees ---\n${output.trim()}`);
  }
}

main()
  .catch((error) => {
    console.error(error, `\n--- dev server output ---\n${output.slice(0, 8_000)}`);
    process.exitCode = 1;
  })
  .finally(stop);
