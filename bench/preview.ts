/**
 * The built app as the benches serve it: `vite build`, a fresh local state with the demo data, and
 * `vite preview` (workerd) on `port`. Answers the running server; `stop()` ends it and drops the state.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBuiltApp(port: string, beforeServe: () => void = () => undefined) {
  const stateDir = mkdtempSync(join(tmpdir(), 'parkada-bench-'));
  const env = {
    ...process.env,
    PARKADA_STATE_DIR: stateDir,
    PORT: port,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  execFileSync('vite', ['build', '--logLevel', 'warn'], { env, stdio: 'inherit' });
  execFileSync('tsx', ['scripts/local-db.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  beforeServe();
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
    if ((await fetch(base).catch(() => undefined))?.ok) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`vite preview did not start on ${base}`);
}
