/**
 * D1 reports a refused write (UNIQUE, CHECK, a trigger's RAISE) only in its error text, which drizzle
 * may wrap as the `cause`. This reads both, so callers can turn a known violation into a 4xx.
 */
export function violates(error: unknown, constraint: string): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  return text.includes(constraint);
}
