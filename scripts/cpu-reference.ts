/**
 * The CPU reference of a run (issue 35): the seconds of one fixed piece of work on this machine,
 * `node -e "require('crypto').pbkdf2Sync('x','y',3e6,32,'sha256')"`, timed at the start and at the end
 * of `npm test` and kept beside vitest's report, so a run's figures carry how fast the machine was.
 * Machines here differ: on one whose reference took 1.0 s, a fresh clone of `b2379d9` took 573 s.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Beside vitest's JSON report (vitest.config.ts). */
export const CPU_REFERENCE_FILE = 'node_modules/.tmp/cpu-reference.json';
const WORK = "require('crypto').pbkdf2Sync('x','y',3e6,32,'sha256')";

type CpuReference = { command: string; before: number; after: number; at: string };

/** Seconds taken by the fixed piece of work, node's start included (as the issue times it). */
export function timeCpuReference() {
  const start = performance.now();
  execFileSync(process.execPath, ['-e', WORK]);
  return Number(((performance.now() - start) / 1000).toFixed(2));
}

export function saveCpuReference(before: number, after: number): CpuReference {
  const reference = { command: `node -e "${WORK}"`, before, after, at: new Date().toISOString() };
  mkdirSync(dirname(CPU_REFERENCE_FILE), { recursive: true });
  writeFileSync(CPU_REFERENCE_FILE, `${JSON.stringify(reference, null, 2)}\n`);
  return reference;
}

export const describeCpuReference = (reference: CpuReference) =>
  `CPU reference (${reference.command}): ${reference.before} s before the run, ${reference.after} s after (${reference.at}).`;

export const readCpuReference = (): CpuReference | null =>
  existsSync(CPU_REFERENCE_FILE) ? (JSON.parse(readFileSync(CPU_REFERENCE_FILE, 'utf8')) as CpuReference) : null;
