/**
 * The y axis of the app's charts counts whole units (a peso, a booking, a percent): its range starts
 * at zero and reaches at least one unit, and its steps are 1, 2 or 5 units times a power of ten, so
 * an empty or tiny series never shows fractional ticks that format to the same label ("₱0, ₱0").
 */
export const yStepsOf = (unit: number): number[] =>
  Array.from({ length: 12 }, (_, power) => [1, 2, 5].map((step) => step * unit * 10 ** power)).flat();

/** From zero (or the lowest value, if below) to the highest value, at least one unit. */
export const yRange = (min: number | null, max: number | null, unit: number): [number, number] => [
  Math.min(0, min ?? 0),
  Math.max(unit, max ?? 0),
];
