import { describe, expect, it } from 'vitest';
import { LOT_KINDS, OCCUPANCY_PATTERNS, occupiedSpans } from './demo-patterns';

describe('the demo occupancy patterns', () => {
  it('rise to one peak and fall, so a rank’s hours are one span', () => {
    for (const kind of LOT_KINDS)
      for (const hours of [OCCUPANCY_PATTERNS[kind].weekday, OCCUPANCY_PATTERNS[kind].weekend]) {
        expect(hours).toHaveLength(24);
        const peak = hours.indexOf(Math.max(...hours));
        hours.forEach((share, hour) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(100);
          if (hour > 0 && hour <= peak) expect(share, `${kind} ${hour}:00`).toBeGreaterThanOrEqual(hours[hour - 1]);
          if (hour > peak) expect(share, `${kind} ${hour}:00`).toBeLessThanOrEqual(hours[hour - 1]);
        });
      }
  });

  it('take, hour by hour, the share of the 100 ranks that the pattern says', () => {
    const spans = occupiedSpans();
    for (const kind of LOT_KINDS)
      for (const weekend of [0, 1] as const) {
        const hours = weekend ? OCCUPANCY_PATTERNS[kind].weekend : OCCUPANCY_PATTERNS[kind].weekday;
        const ofDay = spans.filter((span) => span[0] === kind && span[1] === weekend);
        hours.forEach((share, hour) => {
          const taken = ofDay.filter(([, , , from, to]) => from <= hour * 60 && to > hour * 60).length;
          expect(taken, `${kind} ${weekend ? 'weekend' : 'weekday'} ${hour}:00`).toBe(share);
        });
      }
  });

  it('keep business districts busy on weekdays and malls on weekends', () => {
    const peak = (hours: readonly number[]) => Math.max(...hours);
    expect(peak(OCCUPANCY_PATTERNS.business.weekday)).toBeGreaterThanOrEqual(90);
    expect(peak(OCCUPANCY_PATTERNS.business.weekend)).toBeLessThan(30);
    expect(peak(OCCUPANCY_PATTERNS.mall.weekend)).toBeGreaterThan(peak(OCCUPANCY_PATTERNS.mall.weekday));
  });
});
