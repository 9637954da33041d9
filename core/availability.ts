/** Spec 4 "Availability colour": one rule for the map markers and one for cards and the lot detail. */
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
