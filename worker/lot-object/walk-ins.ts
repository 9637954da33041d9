/**
 * Cars inside a lot without a reservation, as its object keeps them: each on the slot the gate gave
 * it, open-ended (its slot is taken for every window until it leaves), or without a slot when an
 * override let it in on a full lot. The D1 side's open check-ins are the record; the object follows them.
 */
import { MINUTE_MS } from '../../core/time';
import type { LotState } from './lot-state';
import { keptByType } from './passes';
import { HOLD_TTL_MS, type OpenWalkIn, type SlotInfo, type WalkInRequest, type WalkInResult, type WalkInRisk } from './protocol';
import { busySlots, TAKEN_UNTIL } from './stays';

/** Walk-ins inside now: how many, and how many of them the gate could not give a slot (overrides). */
export function walkInsInside(sql: SqlStorage): { count: number; withoutSlot: number } {
  return sql
    .exec<{ count: number; withoutSlot: number }>('SELECT COUNT(*) AS count, COUNT(*) - COUNT(slot_id) AS withoutSlot FROM walk_ins')
    .one();
}

function putInside(sql: SqlStorage, walkIn: OpenWalkIn): void {
  sql.exec(
    'INSERT INTO walk_ins (checkin_id, slot_id, since_ms, pass_id) VALUES (?, ?, ?, ?)',
    walkIn.checkinId,
    walkIn.slotId,
    walkIn.sinceMs,
    walkIn.passId ?? null,
  );
}

/** When a slot is free again after the bookings that start on it before `untilMs` (as a walk-in counts it). */
function bookedThrough(sql: SqlStorage, slotId: string, untilMs: number, now: number): number {
  return (
    sql
      .exec<{ at: number | null }>(
        `SELECT MAX(${TAKEN_UNTIL}) AS at FROM holds WHERE slot_id = ? AND start_ms < ? AND ${TAKEN_UNTIL} > ?`,
        slotId,
        untilMs,
        now,
      )
      .one().at ?? now
  );
}

/** Of these slots, the one whose next booking is furthest away (then by label). */
function furthestBooked(sql: SqlStorage, slots: SlotInfo[], now: number): SlotInfo | undefined {
  const nextBookingOf = (slotId: string) =>
    sql.exec<{ at: number | null }>('SELECT MIN(start_ms) AS at FROM holds WHERE slot_id = ? AND start_ms >= ?', slotId, now).one().at ??
    Number.POSITIVE_INFINITY;
  return slots
    .map((slot) => ({ slot, freeUntil: nextBookingOf(slot.id) }))
    .sort((a, b) => b.freeUntil - a.freeUntil || a.slot.label.localeCompare(b.slot.label, 'en', { numeric: true }))[0]?.slot;
}

/**
 * The slot a walk-in gets, if any, and the slots free now beyond those kept for passes (what a refusal
 * says). A pass car enters on a slot of its pass's vehicle type, the one its pass keeps; every walk-in
 * leaves the other passes' slots free, type by type: of a type, only the free slots beyond those kept
 * are given. An override (or a pass car) takes a slot free now when none is free until the horizon.
 */
function chooseSlot(sql: SqlStorage, request: WalkInRequest, now: number): { chosen?: SlotInfo; spareNow: SlotInfo[] } {
  const named = (slots: SlotInfo[]) => slots.filter((slot) => !request.slotLabel || slot.label === request.slotLabel);
  const freeFor = (untilMs: number) => {
    const busy = busySlots(sql, now, untilMs);
    return request.slots.filter((slot) => !busy.has(slot.id));
  };
  const passType = request.passId
    ? sql.exec<{ vehicle_type: string }>('SELECT vehicle_type FROM passes WHERE pass_id = ?', request.passId).toArray()[0]?.vehicle_type
    : undefined;
  // The vehicle's type, when known, decides the slot's: a motorcycle never takes a car's slot, nor the reverse.
  const wanted = passType ?? request.vehicleType;
  const ofType = (slots: SlotInfo[]) => slots.filter((slot) => !wanted || slot.vehicleType === wanted);
  const beyondKept = (free: SlotInfo[], kept: Map<string, number>) =>
    free.filter(
      (slot) =>
        (!wanted || slot.vehicleType === wanted) &&
        free.filter((other) => other.vehicleType === slot.vehicleType).length > (kept.get(slot.vehicleType) ?? 0),
    );
  const furthest = (slots: SlotInfo[]) => furthestBooked(sql, named(slots), now);
  const freeNow = freeFor(now + MINUTE_MS);
  const spareNow = beyondKept(freeNow, keptByType(sql, now, now + MINUTE_MS, request.passId));
  const spare = beyondKept(freeFor(request.untilMs), keptByType(sql, now, request.untilMs, request.passId));
  const chosen =
    furthest(spare) ??
    (request.passId ? furthest(ofType(freeNow)) : undefined) ??
    (request.force || request.passId ? (furthest(ofType(freeNow)) ?? furthest(freeNow)) : undefined);
  return { chosen, spareNow };
}

/**
 * A car enters without a reservation: it gets a slot free from now until `untilMs` (the lot's
 * walk-in horizon), the one whose next booking is furthest away, or the one the attendant named.
 * Refused when every slot is taken now ('full') or booked before `untilMs` ('sold out', saying
 * until when). An override lets it in all the same: onto a slot free now if there is one, else
 * without a slot; `walkInRisks` then names the booking it may be in the way of. Asking again for the
 * same check-in answers the same slot.
 */
export function admitWalkIn(lot: LotState, request: WalkInRequest, now: number): WalkInResult {
  const { sql } = lot;
  const [admitted] = sql.exec<{ slot_id: string | null }>('SELECT slot_id FROM walk_ins WHERE checkin_id = ?', request.checkinId).toArray();
  if (admitted) return { ok: true, slotId: admitted.slot_id };
  const { chosen, spareNow } = chooseSlot(sql, request, now);
  if (!chosen && !request.force) {
    if (request.slotLabel) return { ok: false, reason: 'slot taken' };
    if (spareNow.length === 0) return { ok: false, reason: 'full' };
    return {
      ok: false,
      reason: 'sold out',
      untilMs: Math.min(...spareNow.map((slot) => bookedThrough(sql, slot.id, request.untilMs, now))),
    };
  }
  const slotId = chosen?.id ?? null;
  putInside(sql, { checkinId: request.checkinId, slotId, sinceMs: now, passId: request.passId });
  sql.exec('DELETE FROM walk_ins_left WHERE checkin_id = ?', request.checkinId);
  lot.publish(now);
  return { ok: true, slotId };
}

/**
 * Walk-ins an override let in where they may be in the way: on a slot booked for later (the booked
 * car may find it taken), or without a slot at all. The lot status shows each as an alert.
 */
export function walkInRisks(sql: SqlStorage, now: number): WalkInRisk[] {
  return sql
    .exec<{ slot_id: string | null; booked_from: number | null }>(
      `SELECT w.slot_id, (SELECT MIN(h.start_ms) FROM holds h WHERE h.slot_id = w.slot_id AND ${TAKEN_UNTIL} > ?) AS booked_from
       FROM walk_ins w`,
      now,
    )
    .toArray()
    .filter((row) => row.slot_id === null || row.booked_from !== null)
    .map((row) => ({ slotId: row.slot_id, bookedFromMs: row.booked_from }));
}

/** A walk-in left (or its entry was undone): its slot is free again. */
export function releaseWalkIn(lot: LotState, checkinId: string, now: number): void {
  const { sql } = lot;
  sql.exec('DELETE FROM walk_ins WHERE checkin_id = ?', checkinId);
  sql.exec('DELETE FROM walk_ins_left WHERE left_ms <= ?', now - HOLD_TTL_MS);
  sql.exec('INSERT OR REPLACE INTO walk_ins_left (checkin_id, left_ms) VALUES (?, ?)', checkinId, now);
  lot.publish(now);
}

/**
 * The walk-ins inside become exactly D1's open walk-in check-ins: one the object lost is put back
 * (on its recorded slot when that is still free) unless it left since D1 was read, and one D1 never
 * recorded or has closed is dropped.
 * A walk-in admitted within the hold lease may still be on its way to D1, and stays.
 */
export function reconcileWalkIns(lot: LotState, open: OpenWalkIn[], now: number): { added: number; dropped: number } {
  const { sql } = lot;
  const recorded = new Set(open.map((walkIn) => walkIn.checkinId));
  let dropped = 0;
  for (const { checkin_id } of sql
    .exec<{ checkin_id: string }>('SELECT checkin_id FROM walk_ins WHERE since_ms <= ?', now - HOLD_TTL_MS)
    .toArray()) {
    if (recorded.has(checkin_id)) continue;
    sql.exec('DELETE FROM walk_ins WHERE checkin_id = ?', checkin_id);
    dropped++;
  }
  let added = 0;
  for (const walkIn of open) {
    const known = sql.exec(
      'SELECT 1 FROM walk_ins WHERE checkin_id = ? UNION ALL SELECT 1 FROM walk_ins_left WHERE checkin_id = ? AND left_ms > ?',
      walkIn.checkinId,
      walkIn.checkinId,
      now - HOLD_TTL_MS,
    );
    if (known.toArray().length) continue;
    const slotId = walkIn.slotId && !busySlots(sql, now, now + MINUTE_MS).has(walkIn.slotId) ? walkIn.slotId : null;
    putInside(sql, { ...walkIn, slotId });
    added++;
  }
  if (added || dropped) {
    console.warn('Lot object: walk-ins reconciled with D1', { added, dropped });
    lot.publish(now);
  }
  return { added, dropped };
}
