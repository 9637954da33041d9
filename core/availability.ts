/** Availability colour, to see at a glance where there is room: one rule for map markers, one for cards and lot detail. */
import { HOUR_MS } from './time';
export type MapLevel = 'available' | 'limited' | 'full';
export type CardLevel = 'good' | 'warning' | 'critical' | 'full';

/** Map: occupancy ≥ 90% full, ≥ 70% limited, else available. */
export function mapLevel(free: number, total: number): MapLevel {
  const occupancy = total > 0 ? (total - free) / total : 1;
  if (occupancy >= 0.9) return 'full';
  if (occupancy >= 0.7) return 'limited';
  return 'available';
}

/** Cards and detail: free share > 50% good, > 20% warning, else critical; none free = Full. */
export function cardLevel(free: number, total: number): CardLevel {
  if (free <= 0 || total <= 0) return 'full';
  const share = free / total;
  if (share > 0.5) return 'good';
  if (share > 0.2) return 'warning';
  return 'critical';
}

export const MAP_COLORS: Record<MapLevel, string> = { available: '#16a34a', limited: '#f59e0b', full: '#dc2626' };
export const MAP_LEGEND: Record<MapLevel, string> = { available: 'Available', limited: 'Limited', full: 'Full' };

/** Search counts bookings per hour (hours since the epoch, UTC; docs/search.md). */

/** The hours a window touches, as `[first, end)`: a window of 10:30–11:30 touches the 10:00 and 11:00 hours. */
export const hoursOf = (startMs: number, endMs: number): [number, number] => [Math.floor(startMs / HOUR_MS), Math.ceil(endMs / HOUR_MS)];

/**
 * Availability as search reads it from the lot objects' read model, by the object's own rule: slots
 * taken in the busiest hour of the window, plus walk-ins on a slot (theirs for as long as they stay),
 * plus walk-ins let in without one when the window includes the next hour.
 */
export function countsFromReadModel(
  lot: { total: number; slotsTaken: number; walkInsPlaced: number; walkInsUnplaced: number },
  window: { startMs: number; endMs: number },
  now = Date.now(),
): { total: number; free: number; occupied: number; reserved: number; walkIns: number } {
  const unplaced = window.startMs <= now + HOUR_MS && window.endMs > now ? lot.walkInsUnplaced : 0;
  const free = Math.max(0, lot.total - lot.slotsTaken - lot.walkInsPlaced - unplaced);
  return { total: lot.total, free, occupied: lot.total - free, reserved: lot.slotsTaken, walkIns: lot.walkInsPlaced + unplaced };
}
