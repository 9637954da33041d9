/**
 * Where `npm test`'s time goes: reads vitest's JSON report (written by every `npm test` to
 * node_modules/.tmp/vitest-report.json, or the path given) and prints, per project, its wall time
 * (first file's start to last file's end), the sum of its files' times, the test count, and the five
 * slowest files, then the CPU reference `npm test` timed on the same machine before and after the run
 * (scripts/cpu-reference.ts). Run it in the checkout the report is of: `npm run test:timings [-- report.json]`.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CPU_REFERENCE_FILE, describeCpuReference, readCpuReference } from './cpu-reference';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: unknown[];
}

/** The vitest project of a test file, by the includes of vitest.config.ts. */
function projectOf(file: string): string {
  if (file.startsWith('e2e/')) return 'browser';
  if (file.startsWith('worker/')) return 'worker';
  return 'web';
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const path = process.argv[2] ?? 'node_modules/.tmp/vitest-report.json';
const report = JSON.parse(readFileSync(path, 'utf8')) as { startTime: number; numTotalTests: number; testResults: FileResult[] };
const files = report.testResults.map((file) => ({ ...file, name: relative(process.cwd(), file.name) }));
const runEnd = Math.max(...files.map((file) => file.endTime));

console.log(
  `${files.length} files, ${report.numTotalTests} tests, ${seconds(runEnd - report.startTime)} from vitest's start to the last file's end\n`,
);
console.log('| project | files | tests | from | to | wall | sum of files |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const projects = Map.groupBy(files, (file) => projectOf(file.name));
for (const [project, group] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
  const start = Math.min(...group.map((file) => file.startTime));
  const end = Math.max(...group.map((file) => file.endTime));
  const tests = group.reduce((sum, file) => sum + file.assertionResults.length, 0);
  const busy = group.reduce((sum, file) => sum + (file.endTime - file.startTime), 0);
  console.log(
    `| ${project} | ${group.length} | ${tests} | ${seconds(start - report.startTime)} | ${seconds(end - report.startTime)} | ${seconds(end - start)} | ${seconds(busy)} |`,
  );
}
console.log('\nFive slowest files:\n');
console.log('| file | project | time |');
console.log('| --- | --- | --- |');
for (const file of files.toSorted((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 5)) {
  console.log(`| ${file.name} | ${projectOf(file.name)} | ${seconds(file.endTime - file.startTime)} |`);
}
const reference = readCpuReference();
console.log(`\n${reference ? describeCpuReference(reference) : `No CPU reference (${CPU_REFERENCE_FILE}): run \`npm test\` first.`}`);
