import { mkdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * The platform settings are one row for the whole app, and browser test files run at the same time.
 * A test that changes them holds this lock until it has put them back; a test that shows their
 * values holds it while it loads and reads them. The lock is a folder in the run's state folder
 * (mkdir either makes it or fails: one holder at a time), polled until it is free.
 */
export async function withPlatformSettings<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(inject('stateDir'), 'platform-settings.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
