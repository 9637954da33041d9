import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Where local D1/KV/DO state lives. `npm start` uses .wrangler/state; the browser tests point
 * PARKADA_STATE_DIR at a fresh folder so they never touch (or depend on) a developer's data.
 */
export const localStateDir = () => resolve(process.env.PARKADA_STATE_DIR ?? '.wrangler/state');

// CI: no interactive confirmation; the hidden banner also skips wrangler's update check (no network).
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CI: 'true' };

/** `wrangler d1 <args>` on the local database in that folder; answers what wrangler printed. */
export const localD1 = (...args: string[]) =>
  execFileSync('wrangler', ['d1', ...args, 'DB', '--local', '--persist-to', localStateDir()], {
    env: wranglerEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
