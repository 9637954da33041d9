/**
 * The lot object's holds and bookings: a slot held for a window until the booking's D1 write claims
 * it (`commit`) or it lapses, each booking kept exactly as D1 records it (`follow`), and one change of
 * a reservation at a time (its lock). `sql.exec` is synchronous and nothing here awaits, so two
 * requests never interleave inside one and no slot is given to two overlapping stays.
 */
import { HOUR_MS, MINUTE_MS } from '../../core/time';
import type { LiveFeed } from './live';
import type { LotState } from './lot-state';
import { keptForPasses } from './passes';
import {
  HOLD_TTL_MS,
  type BookingRecord,
  type FollowResult,
  type FullQuery,
  type HoldRequest,
  type HoldResult,
  type SlotInfo,
} from './protocol';
import { busySlots, TAKEN_UNTIL } from './stays';
import { walkInsInside } from './walk-ins';

/** How long the slots a hold brought from D1 are trusted to refuse a full window without reading D1 again. */
const SLOTS_TRUSTED_MS = MINUTE_MS;
/** How far apart the clocks of a request and of the object may be: a hold begun this soon after a slot change teaches nothing. */
const CLOCK_MARGIN_MS = 5_000;

/** A row of `holds`: a hold in flight, or the booking of a reservation. */
type HoldRow = {
  hold_id: string;
  reservation_id: string;
  slot_id: string;
  start_ms: number;
  end_ms: number;
  state: 'held' | 'booked';
  held_until: number;
  reminded_start: number;
  reminded_end: number;
  /** A checked-in car past its end keeps the slot until this instant (renewed until it leaves). */
  kept_until: number;
};

const bookedIdOf = (reservationId: string) => `booking:${reservationId}`;

/** The booking row of a reservation, if the object holds one. */
export const bookingRow = (sql: SqlStorage, reservationId: string): HoldRow | undefined =>
  sql.exec<HoldRow>("SELECT * FROM holds WHERE reservation_id = ? AND state = 'booked'", reservationId).toArray()[0];

/** Whether a change of the reservation holds its lock at `now`. */
export const isLocked = (sql: SqlStorage, reservationId: string, now: number) =>
  sql.exec('SELECT 1 FROM change_locks WHERE reservation_id = ? AND until_ms > ?', reservationId, now).toArray().length > 0;

export class Holds {
  /** The lot's active slots as the last hold brought them from D1, and when (memory only: a fresh instance asks D1 again). */
  private knownSlots: { ids: string[]; seenMs: number } | null = null;
  /** When the owner last changed the lot's slots (`forgetSlots`). */
  private slotsChangedMs = 0;
  /** Until when bookings held before requests were remembered may be retried (migrations.ts). */
  private untaggedUntilMs = 0;

  constructor(
    private readonly lot: LotState,
    private readonly live: LiveFeed,
  ) {}

  /** Reads what the storage remembers across instances; run once its migrations are applied. */
  load(): void {
    this.untaggedUntilMs = this.lot.sql.exec<{ until_ms: number }>('SELECT until_ms FROM untagged_bookings').toArray()[0]?.until_ms ?? 0;
  }

  /**
   * Whether a new booking's future window is full by what the object knows: every slot D1 listed in
   * the last minute is taken for part of it. Never for a request that got a hold before (a retry of a
   * booking that went through is answered from D1), nor when the object has not been told the slots
   * lately (it may have gained some). It only ever refuses what `hold` would refuse; that a walk-in
   * without a slot fills one more is left to `hold`. Saves a full lot's refusals their D1 read.
   */
  refusesAsFull(query: FullQuery, now: number): boolean {
    const known = this.knownSlots;
    if (!known || now - known.seenMs > SLOTS_TRUSTED_MS || query.startMs <= now || now < this.untaggedUntilMs) return false;
    const { sql } = this.lot;
    if (sql.exec('SELECT 1 FROM booking_requests WHERE tag = ?', query.requestTag).toArray().length) return false;
    const busy = busySlots(sql, query.startMs, query.endMs);
    return known.ids.every((id) => busy.has(id));
  }

  /** The lot's slots changed in D1: what the object remembers of them is not to be trusted. */
  forgetSlots(now: number): void {
    this.knownSlots = null;
    this.slotsChangedMs = now;
  }

  /**
   * Holds a slot for a window, atomically. Picks a slot of the right vehicle type with the features
   * asked for, preferring slots without features nobody asked for (keep accessible and EV bays for
   * the drivers who need them), then by label. The hold lapses unless a D1 write claims it.
   */
  hold(request: HoldRequest, now: number): HoldResult {
    const { startMs, endMs, needs } = request;
    // Learnt only from a request begun after the last change (and its clock's margin): one that read D1 before it would bring back the old slots.
    if (now > this.slotsChangedMs + CLOCK_MARGIN_MS) {
      this.knownSlots = { ids: request.slots.map((slot) => slot.id), seenMs: now };
      this.live.noteTotal(request.slots.length);
    }
    const { sql } = this.lot;
    const busy = busySlots(sql, startMs, endMs, request.reservationId);
    const fits = (slot: SlotInfo) =>
      slot.vehicleType === needs.vehicleType &&
      (!needs.accessible || slot.accessible) &&
      (!needs.ev || slot.evCharging) &&
      (!request.slotId || slot.id === request.slotId) &&
      slot.id !== request.avoidSlotId;
    const free = request.slots.filter((slot) => fits(slot) && !busy.has(slot.id));
    const spare = request.slots.filter(
      (slot) => slot.vehicleType === needs.vehicleType && !busy.has(slot.id) && slot.id !== request.avoidSlotId,
    ).length;
    // A walk-in let in without a slot still fills one for windows that include the next hour.
    const unplaced = startMs <= now + HOUR_MS && endMs > now ? walkInsInside(sql).withoutSlot : 0;
    // The slots passes keep in their valid hours are never booked by the hour.
    const kept = keptForPasses(sql, startMs, endMs, needs.vehicleType);
    if (free.length === 0 || spare <= unplaced + kept) return { ok: false, reason: 'full' };
    const waste = (slot: SlotInfo) => Number(slot.accessible && !needs.accessible) + Number(slot.evCharging && !needs.ev);
    const [chosen] = free.sort((a, b) => waste(a) - waste(b) || a.label.localeCompare(b.label, 'en', { numeric: true }));
    this.keep(request, chosen.id, now);
    this.lot.publish(now);
    this.lot.scheduleNextAlarm(now);
    return { ok: true, slotId: chosen.id };
  }

  /** Writes a hold on `slotId`, with its new reservation's lock and its request when it brings them. */
  private keep(request: HoldRequest, slotId: string, now: number): void {
    const { sql } = this.lot;
    sql.exec(
      `INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state, held_until) VALUES (?, ?, ?, ?, ?, 'held', ?)`,
      request.holdId,
      request.reservationId,
      slotId,
      request.startMs,
      request.endMs,
      now + HOLD_TTL_MS,
    );
    if (request.lockNew)
      sql.exec('INSERT OR REPLACE INTO change_locks (reservation_id, until_ms) VALUES (?, ?)', request.reservationId, now + HOLD_TTL_MS);
    if (request.requestTag) {
      sql.exec('DELETE FROM booking_requests WHERE until_ms <= ?', now);
      sql.exec('INSERT OR REPLACE INTO booking_requests (tag, until_ms) VALUES (?, ?)', request.requestTag, request.endMs);
    }
  }

  commit(holdId: string, record: BookingRecord, now: number): FollowResult {
    const result = this.follow(record, now);
    if (result.ok) {
      this.lot.sql.exec("DELETE FROM holds WHERE hold_id = ? AND state = 'held'", holdId);
      // The change is written and followed: its lock has nothing left to guard.
      this.unlockReservation(record.reservationId);
    }
    this.lot.publish(now);
    return result;
  }

  releaseHold(holdId: string): void {
    this.lot.sql.exec("DELETE FROM holds WHERE hold_id = ? AND state = 'held'", holdId);
    this.lot.publish();
  }

  /**
   * The object's booking of a reservation becomes exactly D1's record: its slot and window when it is
   * live, nothing when not. Reminder marks survive when the times they were sent for did not move;
   * an overstaying car's kept slot survives too. Holds of an in-flight change are left to their owner.
   */
  follow(record: BookingRecord, now: number): FollowResult {
    const { sql } = this.lot;
    const [seen] = sql
      .exec<{ version: number }>('SELECT version FROM followed_versions WHERE reservation_id = ?', record.reservationId)
      .toArray();
    // A newer record was followed already (say the alarm expired it while this commit was on its way).
    if (seen && record.version < seen.version) return { ok: true };
    const current = bookingRow(sql, record.reservationId);
    if (record.live && record.slotId) {
      // Only the time still ahead can be contested: a slot another stay left before now is free (a move mid-stay).
      const taken = sql
        .exec(
          `SELECT 1 FROM holds WHERE slot_id = ? AND start_ms < ? AND ${TAKEN_UNTIL} > ? AND reservation_id <> ? LIMIT 1`,
          record.slotId,
          record.endMs,
          Math.max(record.startMs, now),
          record.reservationId,
        )
        .toArray().length;
      if (taken) {
        console.error('Lot object: D1 records a slot-window already given to another reservation', record);
        return { ok: false, reason: 'slot taken' };
      }
    }
    sql.exec("DELETE FROM holds WHERE reservation_id = ? AND state = 'booked'", record.reservationId);
    if (record.live && record.slotId) this.book({ ...record, slotId: record.slotId }, current);
    sql.exec('INSERT OR REPLACE INTO followed_versions (reservation_id, version) VALUES (?, ?)', record.reservationId, record.version);
    this.lot.publish(now);
    this.lot.scheduleNextAlarm(now);
    return { ok: true };
  }

  /** Writes a live record's booking, keeping what the one it replaces had sent or kept for the same times and slot. */
  private book(record: BookingRecord & { slotId: string }, current: HoldRow | undefined): void {
    this.lot.sql.exec(
      `INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state, reminded_start, reminded_end, kept_until) VALUES (?, ?, ?, ?, ?, 'booked', ?, ?, ?)`,
      bookedIdOf(record.reservationId),
      record.reservationId,
      record.slotId,
      record.startMs,
      record.endMs,
      Number(!!current?.reminded_start && current.start_ms === record.startMs),
      Number(!!current?.reminded_end && current.end_ms === record.endMs),
      current?.slot_id === record.slotId ? current.kept_until : 0,
    );
  }

  /** An overstaying car keeps its slot a little longer at a time, until it checks out; the alarm comes back at the new end. */
  keepOverstay(reservationId: string, untilMs: number, now: number): void {
    this.lot.sql.exec(
      "UPDATE holds SET kept_until = MAX(kept_until, ?) WHERE reservation_id = ? AND state = 'booked'",
      untilMs,
      reservationId,
    );
    this.lot.publish(now);
    this.lot.scheduleNextAlarm(now);
  }

  /**
   * One change at a time per reservation (cancel, modify, extend, Auto Extend, a new booking's write):
   * each reads what was paid and moves money from it, and the alarm leaves an in-flight change's hold
   * alone. A lock lapses after the hold's lease in case its holder never unlocks.
   */
  lockReservation(reservationId: string, now: number): boolean {
    const { sql } = this.lot;
    sql.exec('DELETE FROM change_locks WHERE until_ms <= ?', now);
    if (sql.exec('SELECT 1 FROM change_locks WHERE reservation_id = ?', reservationId).toArray().length) return false;
    sql.exec('INSERT INTO change_locks (reservation_id, until_ms) VALUES (?, ?)', reservationId, now + HOLD_TTL_MS);
    return true;
  }

  unlockReservation(reservationId: string): void {
    this.lot.sql.exec('DELETE FROM change_locks WHERE reservation_id = ?', reservationId);
  }
}
