/**
 * How the lot object's `holds` rows are read by window. A row takes its slot from `start_ms` until
 * TAKEN_UNTIL (its end, or later while an overstaying car is inside). The rows taking a slot for part
 * of a window are found on the start index, from the window's start less the longest stay held (read
 * off its own index) to the window's end: a window costs the stays near it, not every booking the lot
 * has ahead.
 */

/** The instant a row stops taking its slot. */
export const TAKEN_UNTIL = 'MAX(end_ms, kept_until)';

/** The condition on `holds` of rows taking their slot for part of `[startMs, endMs)`, with its bindings. */
export function overlapping(sql: SqlStorage, startMs: number, endMs: number): { where: string; bindings: number[] } {
  const { span } = sql.exec<{ span: number | null }>(`SELECT MAX(${TAKEN_UNTIL} - start_ms) AS span FROM holds`).one();
  return { where: `start_ms >= ? AND start_ms < ? AND ${TAKEN_UNTIL} > ?`, bindings: [startMs - (span ?? 0), endMs, startMs] };
}

/**
 * Slots taken by anyone but `reservationId` for part of `[startMs, endMs)`. A walk-in's stay is
 * open-ended: its slot is taken for every window until it leaves.
 */
export function busySlots(sql: SqlStorage, startMs: number, endMs: number, reservationId = ''): Set<string> {
  const taking = overlapping(sql, startMs, endMs);
  const rows = sql.exec<{ slot_id: string }>(
    `SELECT slot_id FROM holds WHERE ${taking.where} AND reservation_id <> ?
     UNION SELECT slot_id FROM walk_ins WHERE slot_id IS NOT NULL AND since_ms < ?`,
    ...taking.bindings,
    reservationId,
    endMs,
  );
  return new Set(rows.toArray().map((row) => row.slot_id));
}
