/**
 * The built app as the benches serve it: `vite build`, a fresh local state with the demo data, and
 * `vite preview` (workerd) on `port`. `env` reaches the seed (scripts/local-db.ts: the history's size);
 * `beforeServe` runs on the seeded state before the server starts. Answers the running server and its
 * state's folder; `stop()` ends it and drops the state.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const localEnv = (stateDir: string, extra: Record<string, string>) => ({
  ...process.env,
  ...extra,
  PARKADA_STATE_DIR: stateDir,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
});

export const freshStateDir = () => mkdtempSync(join(tmpdir(), 'parkada-bench-'));

/** Loads the demo data into a state folder (scripts/local-db.ts), `extra` reaching the seed. */
export const seed = (stateDir: string, extra: Record<string, string> = {}) =>
  execFileSync('tsx', ['scripts/local-db.ts'], { env: localEnv(stateDir, extra), stdio: ['ignore', 'ignore', 'inherit'] });

export async function startBuiltApp(
  port: string,
  { env: extra = {}, beforeServe = () => undefined }: { env?: Record<string, string>; beforeServe?: (stateDir: string) => void } = {},
) {
  const stateDir = freshStateDir();
  const env = { ...localEnv(stateDir, extra), PORT: port };
  execFileSync('vite', ['build', '--logLevel', 'warn'], { env, stdio: 'inherit' });
  seed(stateDir, extra);
  beforeServe(stateDir);
  const server = spawn('vite', ['preview', '--host', 'localhost'], { env, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  // Also when the bench is stopped at its time limit (bench/time-limit.ts): the server is in a group of its own.
  process.once('exit', stop);
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if ((await fetch(base).catch(() => undefined))?.ok) return { base, stop, stateDir };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`vite preview did not start on ${base}`);
}
