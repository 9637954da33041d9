/**
 * The monthly passes a lot object keeps a slot for: each keeps one slot of its vehicle type in its
 * valid hours, unless its car is inside on a slot (its walk-in holds that one). Hourly bookings and
 * walk-ins never take the slots they keep; a pass is sold only when the lot can keep one for it.
 */
import { scheduleIntersects } from '../../core/monthly-passes';
import { HOUR_MS } from '../../core/time';
import type { LotState } from './lot-state';
import { HOLD_TTL_MS, type PassReservation, type PassReserveResult, type PassSale } from './protocol';
import { overlapping, TAKEN_UNTIL } from './stays';

type PassRow = {
  pass_id: string;
  vehicle_type: PassReservation['vehicleType'];
  from_ms: number;
  until_ms: number;
  days_mask: number;
  open_minute: number;
  close_minute: number;
  inside_on: string | null;
};

/**
 * Passes sold that may be valid for part of `[startMs, endMs)`, each with the slot its car is on when
 * it is inside on one (a pass car let in without a slot is not on its kept slot: that slot stays kept).
 */
function passesDuring(sql: SqlStorage, startMs: number, endMs: number): (PassReservation & { insideOn: string | null })[] {
  return sql
    .exec<PassRow>(
      `SELECT p.*, (SELECT w.slot_id FROM walk_ins w WHERE w.pass_id = p.pass_id AND w.slot_id IS NOT NULL LIMIT 1) AS inside_on
       FROM passes p WHERE p.from_ms < ? AND p.until_ms > ?`,
      endMs,
      startMs,
    )
    .toArray()
    .map((row) => ({
      passId: row.pass_id,
      vehicleType: row.vehicle_type,
      fromMs: row.from_ms,
      untilMs: row.until_ms,
      schedule: { daysMask: row.days_mask, openMinute: row.open_minute, closeMinute: row.close_minute },
      insideOn: row.inside_on,
    }));
}

/** Whether a pass is valid at some moment of `[startMs, endMs)`. */
const validDuring = (pass: PassReservation, startMs: number, endMs: number) =>
  scheduleIntersects(pass.schedule, Math.max(startMs, pass.fromMs), Math.min(endMs, pass.untilMs));

/**
 * The passes keeping a slot for part of `[startMs, endMs)`: valid then, and their car not inside on a
 * slot (a car inside already holds its slot as a walk-in), but `exceptPassId`.
 */
function passesKeeping(sql: SqlStorage, startMs: number, endMs: number, exceptPassId?: string): PassReservation[] {
  return passesDuring(sql, startMs, endMs).filter(
    (pass) => pass.insideOn === null && pass.passId !== exceptPassId && validDuring(pass, startMs, endMs),
  );
}

/** Slots the passes keep for `[startMs, endMs)`, of the vehicle type asked (any when none). */
export function keptForPasses(sql: SqlStorage, startMs: number, endMs: number, vehicleType?: string): number {
  return passesKeeping(sql, startMs, endMs).filter((pass) => !vehicleType || pass.vehicleType === vehicleType).length;
}

/** Slots the passes but `exceptPassId` keep for `[startMs, endMs)`, by vehicle type. */
export function keptByType(sql: SqlStorage, startMs: number, endMs: number, exceptPassId?: string): Map<string, number> {
  const kept = new Map<string, number>();
  for (const pass of passesKeeping(sql, startMs, endMs, exceptPassId)) kept.set(pass.vehicleType, (kept.get(pass.vehicleType) ?? 0) + 1);
  return kept;
}

/** The most stays under way at once (a sweep over their starts and ends). */
function peakOf(stays: [number, number][]): number {
  const events = stays.flatMap(([from, until]) => [
    [from, 1],
    [until, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let held = 0;
  let peak = 0;
  for (const [, step] of events) {
    held += step;
    peak = Math.max(peak, held);
  }
  return peak;
}

/**
 * The most bookings and cars inside at once within the pass's valid hours, on slots of `ofType`. The
 * car of the pass this one follows (a renewal, next month bought) is this pass's car, not counted.
 */
function heldAtPeak(sql: SqlStorage, request: PassSale, ofType: Set<string>, now: number): number {
  const { fromMs, untilMs, schedule } = request;
  const taking = overlapping(sql, fromMs, untilMs);
  const stays = sql
    .exec<{ slot_id: string; start_ms: number; until: number }>(
      `SELECT slot_id, start_ms, ${TAKEN_UNTIL} AS until FROM holds WHERE ${taking.where}`,
      ...taking.bindings,
    )
    .toArray()
    .filter((row) => ofType.has(row.slot_id) && scheduleIntersects(schedule, Math.max(row.start_ms, fromMs), Math.min(row.until, untilMs)))
    .map((row): [number, number] => [Math.max(row.start_ms, fromMs), Math.min(row.until, untilMs)]);
  const walkIns = sql
    .exec<{ slot_id: string | null; since_ms: number }>(
      'SELECT slot_id, since_ms FROM walk_ins WHERE pass_id IS NOT ? OR pass_id IS NULL',
      request.sameCarPassId ?? null,
    )
    .toArray();
  for (const walkIn of walkIns) {
    const [from, until] =
      walkIn.slot_id === null ? [Math.max(now, fromMs), Math.min(now + HOUR_MS, untilMs)] : [Math.max(walkIn.since_ms, fromMs), untilMs];
    if ((walkIn.slot_id === null || ofType.has(walkIn.slot_id)) && from < until && scheduleIntersects(schedule, from, until))
      stays.push([from, until]);
  }
  return peakOf(stays);
}

function keepPass(sql: SqlStorage, pass: PassReservation, now: number): void {
  sql.exec(
    'INSERT INTO passes (pass_id, vehicle_type, from_ms, until_ms, days_mask, open_minute, close_minute, kept_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    pass.passId,
    pass.vehicleType,
    pass.fromMs,
    pass.untilMs,
    pass.schedule.daysMask,
    pass.schedule.openMinute,
    pass.schedule.closeMinute,
    now,
  );
}

const isKept = (sql: SqlStorage, passId: string) => sql.exec('SELECT 1 FROM passes WHERE pass_id = ?', passId).toArray().length > 0;

/**
 * A pass is sold only when its lot can keep a slot for it in every valid hour of its period: at the
 * busiest moment of those hours, the bookings held, the cars inside, the passes already sold plus this
 * one fit in the slots of its vehicle type. A car inside on a slot holds it as `hold` counts it, until
 * it leaves, whenever that is (the walk-in horizon is only what it was promised at the gate); one let
 * in without a slot fills one for the next hour. A pass whose car is inside on a slot of this type is
 * that car, and so is the car of `sameCarPassId` (the plate's pass this one follows). Asking again for
 * the same pass answers the same.
 */
export function reservePass(lot: LotState, request: PassSale, now: number): PassReserveResult {
  const { sql } = lot;
  if (isKept(sql, request.passId)) return { ok: true };
  const ofType = new Set(request.slots.filter((slot) => slot.vehicleType === request.vehicleType).map((slot) => slot.id));
  const { fromMs, untilMs } = request;
  const passes = passesDuring(sql, fromMs, untilMs).filter(
    (pass) =>
      pass.vehicleType === request.vehicleType &&
      !(pass.insideOn !== null && ofType.has(pass.insideOn)) &&
      validDuring(pass, fromMs, untilMs),
  ).length;
  if (heldAtPeak(sql, request, ofType, now) + passes + 1 > ofType.size) return { ok: false, reason: 'full' };
  keepPass(sql, request, now);
  lot.publish(now);
  return { ok: true };
}

/**
 * The passes kept become exactly D1's passes not yet ended: one the object lost is kept again, and
 * one D1 never recorded (a sale whose write failed without releasing it) is dropped, unless kept
 * within the hold lease (its write may still be on its way). Ended passes are forgotten.
 */
export function followPasses(lot: LotState, passes: PassReservation[], now: number): { added: number; dropped: number } {
  const { sql } = lot;
  sql.exec('DELETE FROM passes WHERE until_ms <= ?', now);
  const recorded = new Set(passes.map((pass) => pass.passId));
  let dropped = 0;
  for (const { pass_id } of sql.exec<{ pass_id: string }>('SELECT pass_id FROM passes WHERE kept_ms <= ?', now - HOLD_TTL_MS).toArray()) {
    if (recorded.has(pass_id)) continue;
    sql.exec('DELETE FROM passes WHERE pass_id = ?', pass_id);
    dropped++;
  }
  let added = 0;
  for (const pass of passes) {
    if (pass.untilMs <= now || isKept(sql, pass.passId)) continue;
    keepPass(sql, pass, now);
    added++;
  }
  if (added || dropped) {
    console.warn('Lot object: passes followed D1', { added, dropped });
    lot.publish(now);
  }
  return { added, dropped };
}

/** A pass whose sale did not commit in D1: it keeps no slot. */
export function releasePass(lot: LotState, passId: string): void {
  lot.sql.exec('DELETE FROM passes WHERE pass_id = ?', passId);
  lot.publish();
}
