/**
 * Time-driven work that threw (a lot object's timers), recorded where it happens so System Health can
 * show the newest. Recording is best-effort: when D1 itself is what failed, nothing can be written, and
 * the work's own retry is what matters.
 */
import { desc, lt } from 'drizzle-orm';
import { DAY_MS } from '../../core/time';
import { createDb, type DB } from '../db/client';
import { newId } from '../db/ids';
import { backgroundFailures } from '../db/schema';

/** Failures older than this are dropped as new ones are written: a timer that keeps failing retries every 30 s. */
const KEEP_MS = 7 * DAY_MS;

export type BackgroundFailure = { job: string; subject: string; error: unknown };

/** Never throws: the caller is already handling a failure of its own. */
export async function recordBackgroundFailure(d1: D1Database, { job, subject, error }: BackgroundFailure, now: number): Promise<void> {
  const db = createDb(d1);
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  try {
    await db.batch([
      db.insert(backgroundFailures).values({ id: newId(), job, subject, message, failedAt: new Date(now).toISOString() }),
      db.delete(backgroundFailures).where(lt(backgroundFailures.failedAt, new Date(now - KEEP_MS).toISOString())),
    ]);
  } catch (recordError) {
    console.error('Could not record a failed background job', job, subject, recordError);
  }
}

export async function latestBackgroundFailure(db: DB) {
  const [row] = await db.select().from(backgroundFailures).orderBy(desc(backgroundFailures.failedAt)).limit(1);
  return row ?? null;
}
