/**
 * The public health answer for uptime checkers (docs/admin.md, System health). It is public, so it must
 * be cheap and write nothing: one D1 read, its answer kept in the platform's cache for a few seconds.
 * The full probes, which write to KV, R2 and a lot object, stay behind the super admin's System Health.
 */
import { PUBLIC_HEALTH_FRESH_MS, type HealthStatus } from '../../core/health';
import { probeDatabase } from './probes.service';
import type { DB } from '../db/client';

type Answer = { status: HealthStatus; checkedAt: number };

/** Per running version, so a new deployment answers for itself at once. */
const cacheKey = (versionId: string) => new Request(`https://health.parkada.internal/${encodeURIComponent(versionId)}`);

/** The Workers cache of this data centre (the node types the tests load hide its `default`). */
const platformCache = () => (caches as unknown as { default: Cache }).default;

/** The platform may keep the answer a minute; whether it is still fresh is decided here, by `now`. */
const KEPT_SECONDS = 60;

export async function publicHealth(db: DB, versionId: string, now = Date.now()): Promise<HealthStatus> {
  const cached = (await (await platformCache().match(cacheKey(versionId)))?.json()) as Answer | undefined;
  if (cached && now - cached.checkedAt >= 0 && now - cached.checkedAt < PUBLIC_HEALTH_FRESH_MS) return cached.status;
  const { status } = await probeDatabase(db);
  const answer: Answer = { status, checkedAt: now };
  await platformCache().put(cacheKey(versionId), Response.json(answer, { headers: { 'Cache-Control': `max-age=${KEPT_SECONDS}` } }));
  return status;
}
