/**
 * What the health checks read and write in D1: the database probe's query, and the first request each
 * version of the worker served (deployment.service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { DB } from '../db/client';
import { deployments } from '../db/schema';

/** The cheapest query D1 answers: whether it answers at all. */
export const pingDatabase = async (db: DB) => {
  await db.run(sql`SELECT 1`);
};

/** Records this moment as the version's start unless an earlier request already did (the first writer wins). */
export const recordDeploymentStart = (db: DB, versionId: string, at: string) =>
  db.run(sql`INSERT OR IGNORE INTO deployments (version_id, started_at) VALUES (${versionId}, ${at})`);

export async function deploymentStart(db: DB, versionId: string): Promise<string | null> {
  const [row] = await db.select({ startedAt: deployments.startedAt }).from(deployments).where(eq(deployments.versionId, versionId));
  return row?.startedAt ?? null;
}
