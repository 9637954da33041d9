/**
 * Readers for the values of a route's search (`validateSearch`). A value a link gets wrong is dropped,
 * never an error screen. Plain functions rather than zod: the route tree is on every screen's path,
 * and the validator would weigh on the driver's first screen (docs/performance.md, web).
 */

/** Trimmed text of at most `max` characters (blank is kept: an emptied search box); longer text is dropped. */
export const textParam = (value: unknown, max = 200) =>
  typeof value === 'string' && value.trim().length <= max ? value.trim() : undefined;

/** Text that matches `pattern` whole. */
export const patternParam = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

/** One of `choices` (a number given as text counts, as links carry `?hours=4`). */
export const choiceParam = <T extends string | number>(value: unknown, choices: readonly T[]): T | undefined =>
  choices.find((choice) => choice === value || (typeof choice === 'number' && value !== '' && choice === Number(value)));

/** A switch that is on: `?ev=true`. */
export const flagParam = (value: unknown) => (value === true ? true : undefined);
