import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { createDb } from '../db/client';
import { NO_SHOW_GRACE_MINUTES, REMINDER_MINUTES } from '../../core/booking';
import { autoExtend, expireNoShow, reconcileHold, remind } from '../reservations/lifecycle';

/** Refusals are results, not exceptions: they are expected outcomes and cross the RPC boundary cleanly. */
export type MovementResult = { ok: true; occupied: number } | { ok: false; reason: 'No vehicle to check out' | 'Lot is full' };
export type HoldResult = { ok: true; slotId: string } | { ok: false; reason: 'full' };

export type SlotInfo = { id: string; label: string; accessible: boolean; evCharging: boolean; vehicleType: 'car' | 'motorcycle' };
export type HoldRequest = {
  holdId: string;
  reservationId: string;
  startMs: number;
  endMs: number;
  /** The lot's active slots (from D1): the object decides which of them is free. */
  slots: SlotInfo[];
  needs: { accessible?: boolean; ev?: boolean; vehicleType: 'car' | 'motorcycle' };
  /** Only this slot will do (an extension keeps the car where it is). */
  slotId?: string;
};

/** An unconfirmed hold lapses after this long unless the booking's D1 write confirms it. */
const HOLD_TTL_MS = 60_000;
/** An overstaying car's slot is kept this far ahead, renewed until it checks out. */
const OVERSTAY_HOLD_MS = 15 * 60_000;
const MINUTE = 60_000;

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
};

/**
 * One instance per lot (named by the lot id): the single authority for that lot's slot inventory
 * over time and its live occupancy. State lives in the object's SQLite storage; `sql.exec` is
 * synchronous and the allocation methods (hold, commit, release, locks) never await, so two requests
 * to the same lot can never interleave inside an allocation: no slot is ever given to two overlapping
 * reservations. Only the timers await (D1, notifications, Auto Extend), and they re-read what they act
 * on after each await. Protocol and failure cases: docs/booking.md.
 */
export class LotDurableObject extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS occupancy (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        occupied INTEGER NOT NULL DEFAULT 0 CHECK (occupied >= 0)
      )`);
      ctx.storage.sql.exec('INSERT OR IGNORE INTO occupancy (id, occupied) VALUES (1, 0)');
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS holds (
        hold_id TEXT PRIMARY KEY,
        reservation_id TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL CHECK (end_ms > start_ms),
        state TEXT NOT NULL CHECK (state IN ('held', 'booked')),
        held_until INTEGER NOT NULL DEFAULT 0,
        reminded_start INTEGER NOT NULL DEFAULT 0,
        reminded_end INTEGER NOT NULL DEFAULT 0
      )`);
      ctx.storage.sql.exec('CREATE INDEX IF NOT EXISTS holds_slot_window ON holds (slot_id, start_ms, end_ms)');
      ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS change_locks (reservation_id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)');
    });
  }

  /** Vehicles inside the lot now without a reservation hold (walk-ins). */
  occupied(): number {
    return this.ctx.storage.sql.exec<{ occupied: number }>('SELECT occupied FROM occupancy WHERE id = 1').one().occupied;
  }

  /** A vehicle entered (+1) or left (-1); refused when it would go below zero or above the lot's capacity. */
  recordMovement(delta: 1 | -1, capacity: number): MovementResult {
    const next = this.occupied() + delta;
    if (next < 0) return { ok: false, reason: 'No vehicle to check out' };
    if (next > capacity) return { ok: false, reason: 'Lot is full' };
    this.ctx.storage.sql.exec('UPDATE occupancy SET occupied = ? WHERE id = 1', next);
    return { ok: true, occupied: next };
  }

  /** Slots held (or booked) by anyone but `reservationId` for part of `[startMs, endMs)`. */
  private busySlots(startMs: number, endMs: number, reservationId = ''): Set<string> {
    const rows = this.ctx.storage.sql.exec<{ slot_id: string }>(
      'SELECT DISTINCT slot_id FROM holds WHERE start_ms < ? AND end_ms > ? AND reservation_id <> ?',
      endMs,
      startMs,
      reservationId,
    );
    return new Set(rows.toArray().map((row) => row.slot_id));
  }

  /** Walk-ins have no slot in the inventory; they count against any window that includes now. */
  private walkInsFor(startMs: number, endMs: number, now = Date.now()): number {
    return startMs <= now + 60 * MINUTE && endMs > now ? this.occupied() : 0;
  }

  /**
   * Holds a slot for a window, atomically. Picks a slot of the right vehicle type with the features
   * asked for, preferring slots without features nobody asked for (keep accessible and EV bays for
   * the drivers who need them), then by label. The hold lapses unless `commit` confirms it.
   */
  hold(request: HoldRequest): HoldResult {
    const { startMs, endMs, needs } = request;
    const busy = this.busySlots(startMs, endMs, request.reservationId);
    const fits = (slot: SlotInfo) =>
      slot.vehicleType === needs.vehicleType && (!needs.accessible || slot.accessible) && (!needs.ev || slot.evCharging) && (!request.slotId || slot.id === request.slotId);
    const free = request.slots.filter((slot) => fits(slot) && !busy.has(slot.id));
    const spare = request.slots.filter((slot) => slot.vehicleType === needs.vehicleType && !busy.has(slot.id)).length;
    if (free.length === 0 || spare <= this.walkInsFor(startMs, endMs)) return { ok: false, reason: 'full' };
    const waste = (slot: SlotInfo) => Number(slot.accessible && !needs.accessible) + Number(slot.evCharging && !needs.ev);
    const [chosen] = free.sort((a, b) => waste(a) - waste(b) || a.label.localeCompare(b.label, 'en', { numeric: true }));
    this.ctx.storage.sql.exec(
      `INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state, held_until) VALUES (?, ?, ?, ?, ?, 'held', ?)`,
      request.holdId,
      request.reservationId,
      chosen.id,
      startMs,
      endMs,
      Date.now() + HOLD_TTL_MS,
    );
    this.scheduleNextAlarm();
    return { ok: true, slotId: chosen.id };
  }

  /**
   * The booking's D1 write committed: the hold becomes the reservation's booking for `window`,
   * replacing any earlier booking of the same reservation (modify / extend).
   */
  commit(holdId: string, reservationId: string, window: { startMs: number; endMs: number }): boolean {
    const sql = this.ctx.storage.sql;
    const [held] = sql.exec<HoldRow>('SELECT * FROM holds WHERE hold_id = ?', holdId).toArray();
    if (!held) return false;
    sql.exec('DELETE FROM holds WHERE reservation_id = ? AND hold_id <> ?', reservationId, holdId);
    sql.exec(
      `UPDATE holds SET hold_id = ?, state = 'booked', start_ms = ?, end_ms = ?, held_until = 0 WHERE hold_id = ?`,
      reservationId,
      window.startMs,
      window.endMs,
      holdId,
    );
    this.scheduleNextAlarm();
    return true;
  }

  /**
   * One change at a time per reservation (cancel, modify, extend, Auto Extend): each reads what was
   * paid and moves money from it, so two at once would pay or refund against a stale total. A lock
   * lapses after the lease in case its holder never unlocks.
   */
  lockReservation(reservationId: string, now = Date.now()): boolean {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM change_locks WHERE until_ms <= ?', now);
    if (sql.exec('SELECT 1 FROM change_locks WHERE reservation_id = ?', reservationId).toArray().length) return false;
    sql.exec('INSERT INTO change_locks (reservation_id, until_ms) VALUES (?, ?)', reservationId, now + HOLD_TTL_MS);
    return true;
  }

  unlockReservation(reservationId: string): void {
    this.ctx.storage.sql.exec('DELETE FROM change_locks WHERE reservation_id = ?', reservationId);
  }

  /** Frees a hold or a booking (failed write, cancellation, no-show). */
  release(holdId: string): void {
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE hold_id = ?', holdId);
    this.scheduleNextAlarm();
  }

  /** The slot of a reservation's booking, if it holds one. */
  slotOf(reservationId: string): string | null {
    const [row] = this.ctx.storage.sql.exec<{ slot_id: string }>('SELECT slot_id FROM holds WHERE hold_id = ?', reservationId).toArray();
    return row?.slot_id ?? null;
  }

  /** Spec 3 Availability for a window: total, free, occupied (reserved + walk-ins). */
  availability(window: { startMs: number; endMs: number }, total: number): { total: number; free: number; occupied: number; reserved: number; walkIns: number } {
    const reserved = this.busySlots(window.startMs, window.endMs).size;
    const walkIns = this.walkInsFor(window.startMs, window.endMs);
    const free = Math.max(0, total - reserved - walkIns);
    return { total, free, occupied: total - free, reserved, walkIns };
  }

  /** Time-driven work; the alarm calls it with the clock, tests with a chosen instant. */
  async runTimers(now: number): Promise<void> {
    const db = createDb(this.env.DB);
    const sql = this.ctx.storage.sql;
    for (const hold of sql.exec<HoldRow>("SELECT * FROM holds WHERE state = 'held' AND held_until <= ?", now).toArray()) {
      // A hold whose booking write never reported back: keep it only if the reservation exists.
      if (await reconcileHold(db, hold.reservation_id)) this.commit(hold.hold_id, hold.reservation_id, { startMs: hold.start_ms, endMs: hold.end_ms });
      else this.release(hold.hold_id);
    }
    // Each booking is read afresh before acting and again after every await: a driver's change (or
    // a cancellation) may have replaced or removed it meanwhile, and writes name the version they saw.
    const current = (holdId: string) => sql.exec<HoldRow>("SELECT * FROM holds WHERE hold_id = ? AND state = 'booked'", holdId).toArray()[0];
    for (const { hold_id: holdId } of sql.exec<{ hold_id: string }>("SELECT hold_id FROM holds WHERE state = 'booked'").toArray()) {
      let hold = current(holdId);
      if (!hold) continue;
      if (!hold.reminded_start && now >= hold.start_ms - REMINDER_MINUTES * MINUTE && now < hold.start_ms) {
        sql.exec('UPDATE holds SET reminded_start = 1 WHERE hold_id = ?', holdId);
        await remind(db, hold.reservation_id, 'start');
      }
      if (now < hold.start_ms + NO_SHOW_GRACE_MINUTES * MINUTE) continue;
      const outcome = await expireNoShow(db, hold.reservation_id);
      hold = current(holdId);
      if (!hold) continue;
      if (outcome !== 'active') {
        this.release(holdId);
        continue;
      }
      // Checked in (ACTIVE): the car keeps its slot until it leaves, overstay included.
      if (!hold.reminded_end && now >= hold.end_ms - REMINDER_MINUTES * MINUTE && now < hold.end_ms) {
        // Marked first: a successful Auto Extend replaces this row with the longer booking (its own reminder to come).
        sql.exec('UPDATE holds SET reminded_end = 1 WHERE hold_id = ? AND end_ms = ?', holdId, hold.end_ms);
        if ((await autoExtend(this.env, db, hold.reservation_id)) === 'off') await remind(db, hold.reservation_id, 'end');
      } else if (now >= hold.end_ms) {
        // Overstaying: the slot stays taken a little longer at a time, until the car checks out.
        sql.exec('UPDATE holds SET end_ms = ? WHERE hold_id = ? AND end_ms = ?', now + OVERSTAY_HOLD_MS, holdId, hold.end_ms);
      }
    }
    this.scheduleNextAlarm(now);
  }

  async alarm(): Promise<void> {
    await this.runTimers(Date.now());
  }

  /** The earliest instant some hold needs attention: a lapse, a reminder, a no-show deadline, the end of a checked-in stay (past its no-show deadline, a booking still held is ACTIVE). */
  private scheduleNextAlarm(now = Date.now()): void {
    const next = this.ctx.storage.sql
      .exec<{ at: number | null }>(
        `SELECT MIN(at) AS at FROM (
           SELECT held_until AS at FROM holds WHERE state = 'held'
           UNION ALL SELECT start_ms - ? FROM holds WHERE state = 'booked' AND reminded_start = 0 AND start_ms > ?
           UNION ALL SELECT start_ms + ? FROM holds WHERE state = 'booked'
           UNION ALL SELECT end_ms - ? FROM holds WHERE state = 'booked' AND reminded_end = 0 AND end_ms > ?
           UNION ALL SELECT end_ms FROM holds WHERE state = 'booked' AND start_ms + ? <= ?
         ) WHERE at > ?`,
        REMINDER_MINUTES * MINUTE,
        now,
        NO_SHOW_GRACE_MINUTES * MINUTE,
        REMINDER_MINUTES * MINUTE,
        now,
        NO_SHOW_GRACE_MINUTES * MINUTE,
        now,
        now,
      )
      .one().at;
    if (next !== null) void this.ctx.storage.setAlarm(next);
  }
}

export const lotObject = (env: Bindings, lotId: string) => env.LOT.get(env.LOT.idFromName(lotId));
