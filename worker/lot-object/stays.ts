/**
 * How the lot object's `holds` rows are read by window. A row takes its slot from `start_ms` until
 * TAKEN_UNTIL (its end, or later while an overstaying car is inside). The rows taking a slot for part
 * of a window are found on the start index, from the window's start less the longest stay held (read
 * off its own index) to the window's end: a window costs the stays near it, not every booking the lot
 * has ahead.
 */

/** The instant a row stops taking its slot. */
export const TAKEN_UNTIL = 'MAX(end_ms, kept_until)';

/** The indexes the reads below need; run after `holds` exists. */
export function installStayIndexes(sql: SqlStorage): void {
  sql.exec('CREATE INDEX IF NOT EXISTS holds_start ON holds (start_ms)');
  sql.exec(`CREATE INDEX IF NOT EXISTS holds_span ON holds ((${TAKEN_UNTIL} - start_ms))`);
}

/** The condition on `holds` of rows taking their slot for part of `[startMs, endMs)`, with its bindings. */
export function overlapping(sql: SqlStorage, startMs: number, endMs: number): { where: string; bindings: number[] } {
  const { span } = sql.exec<{ span: number | null }>(`SELECT MAX(${TAKEN_UNTIL} - start_ms) AS span FROM holds`).one();
  return { where: `start_ms >= ? AND start_ms < ? AND ${TAKEN_UNTIL} > ?`, bindings: [startMs - (span ?? 0), endMs, startMs] };
}
