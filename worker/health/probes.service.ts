/**
 * A probe times one check of a part of the platform and rates it (core/health.ts): the public health
 * answer runs the database's, the super admin's System Health runs every part's (admin/system-health.service.ts).
 */
import { overallStatus, rateProbe, type HealthStatus } from '../../core/health';
import type { DB } from '../db/client';
import { pingDatabase } from './health.data';

export type ServiceHealth = { name: string; status: HealthStatus; responseTimeMs: number; detail: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Times a check; it answers its detail, and may rate itself worse than its timing does (a recent failure it found). */
export async function probe(name: string, check: () => Promise<string | { detail: string; status: HealthStatus }>): Promise<ServiceHealth> {
  const started = performance.now();
  try {
    const answer = await check();
    const responseTimeMs = Math.round(performance.now() - started);
    const { detail, status } = typeof answer === 'string' ? { detail: answer, status: 'healthy' as const } : answer;
    return { name, status: overallStatus([rateProbe(true, responseTimeMs), status]), responseTimeMs, detail };
  } catch (error) {
    return { name, status: 'error', responseTimeMs: Math.round(performance.now() - started), detail: messageOf(error) };
  }
}

/** A read only: the public health check runs this one probe, so it writes nothing (docs/admin.md, System health). */
export const probeDatabase = (db: DB) =>
  probe('Database (D1)', async () => {
    await pingDatabase(db);
    return 'Query answered';
  });
