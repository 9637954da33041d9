import { sql } from 'drizzle-orm';
import type { HourOccupancy } from '../../core/dynamic-pricing';
import { MANILA_OFFSET_MS } from '../../core/time';
import type { DB } from '../db/client';
import { stayHourRows } from '../db/rollups';

/**
 * Slot-minutes taken in each Manila hour of `[fromMs, toMs)` at a lot: the lot's stay rollup
 * (`lot_stay_hours`, docs/owner.md "Rollups": reservations that held a slot, walk-ins that left),
 * plus the walk-ins still inside, from entry to now, cut into the hours they cover (the recursive
 * part; a handful of rows).
 */
export async function hourlyOccupancy(db: DB, lotId: string, fromMs: number, toMs: number, nowMs: number): Promise<HourOccupancy[]> {
  const [from, to] = [Math.floor(fromMs / 1000), Math.floor(toMs / 1000)];
  const offset = MANILA_OFFSET_MS / 1000;
  const [toIso, nowIso] = [toMs, nowMs].map((ms) => new Date(ms).toISOString());
  return db.all<HourOccupancy>(sql`
    WITH RECURSIVE inside(s, e) AS (
      SELECT max(unixepoch(entry_ts), ${from}), min(unixepoch(${nowIso}), ${to})
        FROM checkins
       WHERE lot_id = ${lotId} AND walk_in = 1 AND reservation_id IS NULL AND exit_ts IS NULL AND undone_at IS NULL AND entry_ts < ${toIso}
    ),
    pieces(h, s, e) AS (
      SELECT s - s % 3600, s, e FROM inside WHERE e > s
      UNION ALL
      SELECT h + 3600, s, e FROM pieces WHERE h + 3600 < e
    ),
    held(h, seconds) AS (
      SELECT h + ${offset}, min(e, h + 3600) - max(s, h) FROM pieces
      UNION ALL
      SELECT hour, seconds FROM (${stayHourRows(sql`(${lotId})`, from + offset, to + offset)})
    )
    SELECT CAST(h / 86400 AS INTEGER) AS day, CAST((h % 86400) / 3600 AS INTEGER) AS hour, sum(seconds) / 60.0 AS slotMinutes
      FROM held
     GROUP BY h
    HAVING sum(seconds) <> 0`);
}
