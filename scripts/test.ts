/**
 * `npm test` after `biome ci`: the type check (`tsc -b`) and the suite (`vitest run`) at once. The
 * suite spends its first half minute building the app on one core, which the type check takes. The
 * type check's output is printed after the suite's, so the two never interleave; either failing
 * fails the run.
 */
import { spawn } from 'node:child_process';

const typecheck = new Promise<{ code: number | null; output: string }>((resolve) => {
  const tsc = spawn('tsc', ['-b'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  tsc.stdout.on('data', (chunk) => (output += chunk));
  tsc.stderr.on('data', (chunk) => (output += chunk));
  tsc.on('close', (code) => resolve({ code, output }));
});
const suite = new Promise<number | null>((resolve) => {
  spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' }).on('close', resolve);
});

const [types, tests] = await Promise.all([typecheck, suite]);
if (types.code === 0) console.log('Type check (tsc -b): no errors.');
else console.error(`Type check (tsc -b) failed:\n${types.output}`);
process.exitCode = types.code === 0 && tests === 0 ? 0 : 1;
