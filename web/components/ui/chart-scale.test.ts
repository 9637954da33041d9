import { describe, expect, it } from 'vitest';
import { yRange, yStepsOf } from './chart-scale';

describe('the charts’ y axis', () => {
  it('spans zero to one unit for an empty or all-zero series, and zero to the highest value otherwise', () => {
    expect(yRange(null, null, 1)).toEqual([0, 1]);
    expect(yRange(0, 0, 100)).toEqual([0, 100]);
    expect(yRange(1_200, 56_000, 100)).toEqual([0, 56_000]);
    expect(yRange(-500, 300, 1)).toEqual([-500, 300]);
  });

  it('steps by whole units only: 1, 2 or 5 units times a power of ten', () => {
    expect(yStepsOf(1).slice(0, 6)).toEqual([1, 2, 5, 10, 20, 50]);
    // Money is in centavos: a peso is the smallest step.
    expect(yStepsOf(100).slice(0, 4)).toEqual([100, 200, 500, 1_000]);
    expect(yStepsOf(1).every(Number.isInteger)).toBe(true);
  });
});
