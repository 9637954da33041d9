/**
 * What a lot's object says is taken: a window's free slots (what drivers, the owner and the live
 * figures see) and the slots an owner's resize may not remove.
 */
import { HOUR_MS } from '../../core/time';
import { keptForPasses } from './passes';
import type { HeldWindow } from './protocol';
import { busySlots, TAKEN_UNTIL } from './stays';
import { walkInsInside } from './walk-ins';

type Availability = { total: number; free: number; occupied: number; reserved: number; walkIns: number };

/** Availability for a window: total, free, occupied (reserved + walk-ins). */
export function availability(sql: SqlStorage, window: { startMs: number; endMs: number }, total: number, now: number): Availability {
  const busy = busySlots(sql, window.startMs, window.endMs).size;
  const { count, withoutSlot } = walkInsInside(sql);
  const placed = count - withoutSlot;
  // Walk-ins on a slot take it for every window; one let in without a slot fills one only now.
  const unplaced = window.startMs <= now + HOUR_MS && window.endMs > now ? withoutSlot : 0;
  // The slots kept for passes are reserved, as bookings are.
  const kept = keptForPasses(sql, window.startMs, window.endMs);
  const free = Math.max(0, total - busy - unplaced - kept);
  return { total, free, occupied: total - free, reserved: Math.max(0, busy - placed) + kept, walkIns: placed + unplaced };
}

/** Slots taken now or later (bookings, holds in flight, walk-ins): an owner's resize never removes them. */
export const heldSlotIds = (sql: SqlStorage, now: number): string[] => [...busySlots(sql, now, Number.MAX_SAFE_INTEGER)];

/** Each slot taken now or later with the first window that takes it (a walk-in's has no end): what a refused resize names. */
export function heldSlotWindows(sql: SqlStorage, now: number): HeldWindow[] {
  return sql
    .exec<{ slot_id: string; from_ms: number; until_ms: number | null }>(
      `SELECT slot_id, MIN(from_ms) AS from_ms, until_ms FROM (
         SELECT slot_id, start_ms AS from_ms, ${TAKEN_UNTIL} AS until_ms FROM holds WHERE ${TAKEN_UNTIL} > ?
         UNION ALL SELECT slot_id, since_ms, NULL FROM walk_ins WHERE slot_id IS NOT NULL
       ) GROUP BY slot_id`,
      now,
    )
    .toArray()
    .map((row) => ({ slotId: row.slot_id, fromMs: row.from_ms, untilMs: row.until_ms }));
}
