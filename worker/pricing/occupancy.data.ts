import { sql } from 'drizzle-orm';
import type { HourOccupancy } from '../../core/dynamic-pricing';
import { MANILA_OFFSET_MS } from '../../core/time';
import type { DB } from '../db/client';

/**
 * Slot-minutes taken in each Manila hour of `[fromMs, toMs)` at a lot, from its own records:
 * reservations that held a slot for their window (confirmed, active, completed; a no-show's slot was
 * freed at its deadline, a cancelled one on cancelling) and walk-ins from entry to exit (or now). A
 * known driver's walk-in is written as a completed reservation at the exit, so only walk-ins without
 * one are read from the gate. Each stay is cut into the hours it covers (the recursive part), then
 * summed per hour; the reservation and check-in lot indexes bound the read to the window.
 */
export async function hourlyOccupancy(db: DB, lotId: string, fromMs: number, toMs: number, nowMs: number): Promise<HourOccupancy[]> {
  const [from, to] = [Math.floor(fromMs / 1000), Math.floor(toMs / 1000)];
  const offset = MANILA_OFFSET_MS / 1000;
  const [fromIso, toIso, nowIso] = [fromMs, toMs, nowMs].map((ms) => new Date(ms).toISOString());
  return db.all<HourOccupancy>(sql`
    WITH RECURSIVE stays(s, e) AS (
      SELECT max(unixepoch(start_ts), ${from}), min(unixepoch(end_ts), ${to})
        FROM reservations
       WHERE lot_id = ${lotId} AND status IN ('CONFIRMED', 'ACTIVE', 'COMPLETED') AND start_ts < ${toIso} AND end_ts > ${fromIso}
      UNION ALL
      SELECT max(unixepoch(entry_ts), ${from}), min(unixepoch(coalesce(exit_ts, ${nowIso})), ${to})
        FROM checkins
       WHERE lot_id = ${lotId} AND walk_in = 1 AND reservation_id IS NULL AND undone_at IS NULL
         AND entry_ts < ${toIso} AND coalesce(exit_ts, ${nowIso}) > ${fromIso}
    ),
    pieces(h, s, e) AS (
      SELECT s - s % 3600, s, e FROM stays WHERE e > s
      UNION ALL
      SELECT h + 3600, s, e FROM pieces WHERE h + 3600 < e
    )
    SELECT CAST((h + ${offset}) / 86400 AS INTEGER) AS day, CAST(((h + ${offset}) % 86400) / 3600 AS INTEGER) AS hour,
            sum(min(e, h + 3600) - max(s, h)) / 60.0 AS slotMinutes
      FROM pieces
     GROUP BY h`);
}
