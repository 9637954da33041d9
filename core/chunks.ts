/** A list in consecutive slices of at most `size` (none for an empty list): for limits on a statement or a batch. */
export const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
