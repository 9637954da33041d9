/**
 * `npm test` after `biome ci`: the type check and the suite (`vitest run`) at once. The suite spends
 * its first seconds building the app and its database, beside the type check. The type check is
 * TypeScript's native compiler (`tsgo -b`, @typescript/native-preview): the same diagnostics as
 * `tsc -b` on this code in 21 core-s instead of 35 (docs/performance.md). Its output is printed after
 * the suite's, so the two never interleave; either failing fails the run.
 *
 * Before and after, it times a fixed piece of work (the CPU reference, written beside vitest's report
 * for `npm run test:timings`), so a run's figures can be compared across machines. Without Chrome or
 * Chromium the browser files are left out, said in one line at the start and again at the end, and
 * the run fails: a missing browser must not look green.
 */
import { spawn } from 'node:child_process';
import { findChromium } from './chromium';
import { describeCpuReference, saveCpuReference, timeCpuReference } from './cpu-reference';

const referenceBefore = timeCpuReference();
const chromium = findChromium();
if (chromium.problem) console.error(chromium.problem);

const typecheck = new Promise<{ code: number | null; output: string }>((resolve) => {
  const typeCheck = spawn('tsgo', ['-b'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  typeCheck.stdout.on('data', (chunk) => (output += chunk));
  typeCheck.stderr.on('data', (chunk) => (output += chunk));
  typeCheck.on('close', (code) => resolve({ code, output }));
});
// Without a browser, only the other projects run; with one, the browser tests launch the one found here.
const projects = chromium.path ? [] : ['--project', 'worker', '--project', 'web'];
const suite = new Promise<number | null>((resolve) => {
  spawn('vitest', ['run', ...projects, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: chromium.path ? { ...process.env, CHROMIUM_PATH: chromium.path } : process.env,
  }).on('close', resolve);
});

const [types, tests] = await Promise.all([typecheck, suite]);
if (types.code === 0) console.log('Type check (tsgo -b): no errors.');
else console.error(`Type check (tsgo -b) failed:\n${types.output}`);

console.log(describeCpuReference(saveCpuReference(referenceBefore, timeCpuReference())));

if (chromium.problem) console.error(chromium.problem);
process.exitCode = types.code === 0 && tests === 0 && chromium.path ? 0 : 1;
