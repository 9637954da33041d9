/**
 * When the running version of the worker started serving: the first request any isolate of that version
 * served. Cloudflare starts and stops isolates at will, so an isolate's own start says nothing about the
 * deployment; D1 keeps one row per version, the first writer wins, and uptime counts from it.
 */
import { createMiddleware } from 'hono/factory';
import type { DB } from '../db/client';
import type { AppEnv } from '../env';
import { deploymentStart, recordDeploymentStart } from './health.data';

/** Versions this isolate has seen recorded: after its first request an isolate writes nothing more. */
const recorded = new Set<string>();

/** Best-effort: a request never fails or waits twice because the start could not be recorded. */
export const recordDeployment = createMiddleware<AppEnv>(async (c, next) => {
  const versionId = c.env.CF_VERSION_METADATA.id;
  if (!recorded.has(versionId)) {
    try {
      await recordDeploymentStart(c.var.db, versionId, new Date().toISOString());
      recorded.add(versionId);
    } catch (error) {
      console.error('Could not record the deployment start', error);
    }
  }
  await next();
});

/** The running version, when it started serving and for how long (recorded now if it never was). */
export async function deploymentUptime(db: DB, versionId: string, now: number) {
  await recordDeploymentStart(db, versionId, new Date(now).toISOString());
  const startedAt = (await deploymentStart(db, versionId))!;
  return { versionId, startedAt, uptimeSeconds: Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000)) };
}
