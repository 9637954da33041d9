/**
 * Setup of each browser file: waits until the app the global set-up builds and serves answers
 * (e2e/start-app.ts), which it does while the worker files run. A set-up that failed fails the file
 * with its reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { APP_STATUS } from './start-app';

/** The build, the database and the server take about a minute on a loaded two-core machine; ten is a broken set-up. */
const SET_UP_MS = 600_000;

async function appReady() {
  const status = join(inject('stateDir'), APP_STATUS);
  const deadline = Date.now() + SET_UP_MS;
  while (!existsSync(status)) {
    if (Date.now() > deadline) throw new Error(`The app was not set up within ${SET_UP_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { failed } = JSON.parse(readFileSync(status, 'utf8')) as { failed?: string };
  if (failed) throw new Error(`The app could not be set up: ${failed}`);
}

await appReady();
