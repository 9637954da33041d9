/**
 * `npm test` after `biome ci`: the checks below and the suite (`vitest run`) at once. The suite spends
 * its first seconds building the app and its database, beside the checks. The type check is
 * TypeScript's native compiler (`tsgo -b`, @typescript/native-preview): the same diagnostics as
 * `tsc -b`, on one thread: beside the suite on two cores, its threads spent twice the processor time
 * (70 core-s against 33, docs/performance.md). The checks' output is printed
 * after the suite's, so the two never interleave; any failing fails the run.
 *
 * Before and after, it times a fixed piece of work (the CPU reference, written beside vitest's report
 * for `npm run test:timings`), so a run's figures can be compared across machines. Without Chrome or
 * Chromium the browser files are left out, said in one line at the start and again at the end, and
 * the run fails: a missing browser must not look green.
 */
import { spawn } from 'node:child_process';
import { findChromium, findHeadlessShell } from './chromium';
import { describeCpuReference, saveCpuReference, timeCpuReference } from './cpu-reference';

const referenceBefore = timeCpuReference();
const chromium = findChromium();
if (chromium.problem) console.error(chromium.problem);
else if (!findHeadlessShell())
  console.log(
    'Browser tests: no Chromium headless shell found, so every file drives the full Chromium, about a quarter slower (`apt-get install -y chromium-headless-shell`).',
  );

/**
 * The checks beside the suite, each its own process: the types; the layering of docs/architecture.md
 * (dependency-cruiser, and scripts/check-reexports.ts); no file or component over its size (scripts/check-sizes.ts); no unused file, export or
 * dependency (knip). Any of them failing fails the run.
 */
const CHECKS = [
  { name: 'Type check (tsgo -b)', command: 'tsgo', args: ['-b', '--singleThreaded'] },
  {
    name: 'Layering (dependency-cruiser)',
    command: 'depcruise',
    args: ['core', 'worker', 'web', 'bench', 'e2e', 'test-support', 'scripts', '--output-type', 'err'],
  },
  { name: 'Services re-export no data', command: 'tsx', args: ['scripts/check-reexports.ts'] },
  { name: 'File sizes', command: 'tsx', args: ['scripts/check-sizes.ts'] },
  { name: 'Dead code (knip)', command: 'knip', args: ['--no-progress'] },
  { name: 'OpenAPI document (Redocly lint)', command: 'tsx', args: ['scripts/openapi-lint.ts'] },
];

const run = ({ command, args }: { command: string; args: string[] }) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const check = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    check.stdout.on('data', (chunk) => (output += chunk));
    check.stderr.on('data', (chunk) => (output += chunk));
    check.on('close', (code) => resolve({ code, output }));
  });
const checks = Promise.all(CHECKS.map(async (check) => ({ ...check, ...(await run(check)) })));
// Without a browser, only the other projects run; with one, the browser tests launch the one found here.
const projects = chromium.path ? [] : ['--project', 'worker', '--project', 'web'];
const suite = new Promise<number | null>((resolve) => {
  spawn('vitest', ['run', ...projects, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: chromium.path ? { ...process.env, CHROMIUM_PATH: chromium.path } : process.env,
  }).on('close', resolve);
});

const [results, tests] = await Promise.all([checks, suite]);
for (const { name, code, output } of results) {
  if (code === 0) console.log(`${name}: passed.`);
  else console.error(`${name} failed:\n${output}`);
}

console.log(describeCpuReference(saveCpuReference(referenceBefore, timeCpuReference())));

if (chromium.problem) console.error(chromium.problem);
process.exitCode = results.every(({ code }) => code === 0) && tests === 0 && chromium.path ? 0 : 1;
