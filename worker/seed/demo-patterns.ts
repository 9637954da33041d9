/**
 * How full each kind of demo lot is over a Manila day (demo-history.ts): Metro Manila's patterns as
 * data. Business districts (Makati CBD, BGC, Ortigas, Eastwood) fill with office workers from 8 AM
 * and empty after 6 PM on weekdays, and are quiet on weekends; malls fill through the afternoon and
 * peak in the evening, most on weekends; the airport's long-stay parking is busy every day; the parks
 * and Intramuros draw families on weekend afternoons.
 */
export const LOT_KINDS = ['business', 'mall', 'airport', 'leisure'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

export type OccupancyPattern = {
  /** Percent of the slots taken during each clock hour 0–23, Monday to Friday; rises to one peak, then falls. */
  weekday: readonly number[];
  /** The same on Saturdays and Sundays. */
  weekend: readonly number[];
  /** How long one stay lasts, in whole hours, shortest and longest. */
  stayHours: readonly [number, number];
};

// biome-ignore format: a row per day type reads as the day
export const OCCUPANCY_PATTERNS: Record<LotKind, OccupancyPattern> = {
  business: {
    //        0  1  2  3  4  5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21 22 23
    weekday: [0, 0, 0, 0, 0, 0, 12, 38, 72, 88, 93, 94, 94, 93, 92, 90, 84, 66, 40, 22, 10,  4, 0, 0],
    weekend: [0, 0, 0, 0, 0, 0,  3,  6, 10, 15, 19, 21, 22, 21, 19, 16, 12,  9,  6,  4,  2,  1, 0, 0],
    stayHours: [8, 11],
  },
  mall: {
    weekday: [0, 0, 0, 0, 0, 0,  0,  3,  6, 12, 22, 33, 42, 46, 50, 55, 62, 70, 76, 78, 70, 52, 22, 0],
    weekend: [0, 0, 0, 0, 0, 0,  0,  4, 10, 20, 36, 55, 70, 80, 87, 91, 93, 93, 92, 88, 76, 56, 24, 0],
    stayHours: [3, 7],
  },
  airport: {
    weekday: [52, 53, 54, 56, 59, 63, 68, 72, 76, 79, 81, 83, 84, 85, 85, 84, 82, 80, 77, 73, 69, 64, 58, 54],
    weekend: [55, 56, 57, 59, 62, 66, 71, 75, 79, 82, 85, 87, 88, 89, 89, 88, 86, 83, 80, 76, 71, 66, 61, 57],
    stayHours: [8, 16],
  },
  leisure: {
    weekday: [0, 0, 0, 0, 0, 0,  4,  8, 12, 16, 20, 24, 27, 28, 28, 27, 25, 22, 18, 13,  8,  4, 0, 0],
    weekend: [0, 0, 0, 0, 0, 0,  8, 15, 24, 36, 48, 60, 70, 78, 84, 86, 85, 80, 68, 50, 30, 14, 0, 0],
    stayHours: [2, 5],
  },
};

/**
 * A slot whose rank of the day is `q` (0–99) is taken from the first to the last hour whose share
 * exceeds q: so, hour by hour, the share of slots taken is the pattern's. One row per kind, day type
 * and rank that is taken at all: [kind, weekend (0/1), q, from minute, to minute] of the Manila day.
 */
export function occupiedSpans(): [LotKind, 0 | 1, number, number, number][] {
  return LOT_KINDS.flatMap((kind) =>
    ([0, 1] as const).flatMap((weekend) => {
      const hours = weekend ? OCCUPANCY_PATTERNS[kind].weekend : OCCUPANCY_PATTERNS[kind].weekday;
      return Array.from({ length: 100 }, (_, q) => {
        const taken = hours.flatMap((share, hour) => (share > q ? [hour] : []));
        return taken.length
          ? ([kind, weekend, q, taken[0] * 60, (taken.at(-1)! + 1) * 60] as [LotKind, 0 | 1, number, number, number])
          : null;
      }).filter((span) => span !== null);
    }),
  );
}
