/**
 * Part of `npm test`: no file in worker/ or core/ (tests included) is over 400 lines, apart from the
 * schema, which declares every table in one place (docs/architecture.md, The layering rule). Functions
 * are held to 60 lines by biome (noExcessiveLinesPerFunction).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_LINES = 400;
const EXEMPT = new Set(['worker/db/schema.ts']);

const files = ['worker', 'core'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(folder, name)),
);
const tooLong = files
  .filter((file) => !EXEMPT.has(file))
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines, over ${MAX_LINES}: split it.`);
if (tooLong.length > 0) process.exitCode = 1;
else console.log(`File sizes: no file in worker/ or core/ over ${MAX_LINES} lines.`);
