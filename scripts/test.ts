/**
 * `npm test` after `biome ci`: the type check and the suite (`vitest run`) at once. The suite spends
 * its first seconds building the app and its database, beside the type check. The type check is
 * TypeScript's native compiler (`tsgo -b`, @typescript/native-preview): the same diagnostics as
 * `tsc -b` on this code in 21 core-s instead of 35 (docs/performance.md). Its output is printed after
 * the suite's, so the two never interleave; either failing fails the run.
 */
import { spawn } from 'node:child_process';

const typecheck = new Promise<{ code: number | null; output: string }>((resolve) => {
  const typeCheck = spawn('tsgo', ['-b'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  typeCheck.stdout.on('data', (chunk) => (output += chunk));
  typeCheck.stderr.on('data', (chunk) => (output += chunk));
  typeCheck.on('close', (code) => resolve({ code, output }));
});
const suite = new Promise<number | null>((resolve) => {
  spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' }).on('close', resolve);
});

const [types, tests] = await Promise.all([typecheck, suite]);
if (types.code === 0) console.log('Type check (tsgo -b): no errors.');
else console.error(`Type check (tsgo -b) failed:\n${types.output}`);
process.exitCode = types.code === 0 && tests === 0 ? 0 : 1;
