import { DurableObject } from 'cloudflare:workers';
import { END_REMINDER_MINUTES, NO_SHOW_GRACE_MINUTES, START_REMINDER_MINUTES } from '../../core/booking';
import { scheduleIntersects } from '../../core/monthly-passes';
import type { Bindings } from '../env';
import { installLiveTables, LiveFeed } from './live';
import { installChangeLog, ReadModel } from './read-model';
import { installStayIndexes, overlapping, TAKEN_UNTIL } from './stays';
import {
  HOLD_TTL_MS,
  type BookingRecord,
  type FollowResult,
  type FullQuery,
  type HeldBooking,
  type HeldWindow,
  type HoldRequest,
  type HoldResult,
  type LotClock,
  type LotTimerMessage,
  type OpenWalkIn,
  type PassReservation,
  type PassReserveResult,
  type PassSale,
  type SlotInfo,
  type WalkInRequest,
  type WalkInResult,
  type WalkInRisk,
} from './protocol';

const MINUTE = 60_000;
/** Work the timers left because a booking changed while D1 was read is looked at again this soon. */
const RETRY_MS = 30_000;
/** How long the slots a hold brought from D1 are trusted to refuse a full window without reading D1 again. */
const SLOTS_TRUSTED_MS = 60_000;
/** How far apart the clocks of a request and of the object may be: a hold begun this soon after a slot change teaches nothing. */
const CLOCK_MARGIN_MS = 5_000;
/** How long retries of bookings held before the object remembered requests are answered from D1. */
const UNTAGGED_RETRY_MS = 60 * MINUTE;

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

/**
 * One instance per lot (named by the lot id): the single authority for that lot's slots over time and
 * its live walk-in count. It allocates and keeps time; it never decides what happens to a reservation.
 * State lives in SQLite storage and `sql.exec` is synchronous: the allocation methods never await, so
 * two requests can never interleave inside one and no slot is ever given to two overlapping stays.
 * It imports nothing of the worker beyond its own module: its alarm finds what is due and sends one
 * message per item to the lot-timers Queue, whose consumer (worker/reservations/lifecycle.ts) decides
 * on the D1 side and calls back through the stub. Every method takes the clock as an argument.
 * Protocol and failure table: docs/booking.md.
 */
export class LotDurableObject extends DurableObject<Bindings> implements LotClock {
  private readonly readModel: ReadModel;
  private readonly live: LiveFeed;
  private readonly lotId: string;
  /** The lot's active slots as the last hold brought them from D1, and when (memory only: a fresh instance asks D1 again). */
  private knownSlots: { ids: string[]; seenMs: number } | null = null;
  /** When the owner last changed the lot's slots (`forgetSlots`). */
  private slotsChangedMs = 0;
  /** Until when bookings held before requests were remembered may be retried (see the constructor). */
  private untaggedUntilMs = 0;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.lotId = ctx.id.name ?? ctx.id.toString();
    this.readModel = new ReadModel(ctx.storage.sql, env.DB, this.lotId, (startMs, endMs) => this.passReserve(startMs, endMs));
    this.live = new LiveFeed(ctx, (total, now) => this.availability({ startMs: now, endMs: now + 60 * MINUTE }, total, now).free);
    ctx.blockConcurrencyWhile(async () => {
      const sql = ctx.storage.sql;
      // Cars inside without a reservation, each on the slot the gate gave it (none only when an override let it in on a full lot).
      sql.exec('CREATE TABLE IF NOT EXISTS walk_ins (checkin_id TEXT PRIMARY KEY, slot_id TEXT, since_ms INTEGER NOT NULL)');
      // Walk-ins that left (or were undone) within the lease: a reconciliation that read D1 before they left does not bring them back.
      sql.exec('CREATE TABLE IF NOT EXISTS walk_ins_left (checkin_id TEXT PRIMARY KEY, left_ms INTEGER NOT NULL)');
      sql.exec(`CREATE TABLE IF NOT EXISTS holds (
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
      const columns = sql.exec<{ name: string }>('PRAGMA table_info(holds)').toArray();
      if (!columns.some((column) => column.name === 'kept_until'))
        sql.exec('ALTER TABLE holds ADD COLUMN kept_until INTEGER NOT NULL DEFAULT 0');
      sql.exec('CREATE INDEX IF NOT EXISTS holds_slot_window ON holds (slot_id, start_ms, end_ms)');
      // What is taken for a window (stays.ts), and the next alarm's no-show deadline.
      installStayIndexes(sql);
      // The next alarm's other instants, each the least of its index (scheduleNextAlarm).
      sql.exec("CREATE INDEX IF NOT EXISTS holds_held ON holds (held_until) WHERE state = 'held'");
      sql.exec("CREATE INDEX IF NOT EXISTS holds_unreminded_start ON holds (start_ms) WHERE state = 'booked' AND reminded_start = 0");
      sql.exec("CREATE INDEX IF NOT EXISTS holds_unreminded_end ON holds (end_ms) WHERE state = 'booked' AND reminded_end = 0");
      // One booking per reservation: following D1 replaces it, never adds a second.
      sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS holds_one_booking ON holds (reservation_id) WHERE state = 'booked'");
      sql.exec('CREATE TABLE IF NOT EXISTS change_locks (reservation_id TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)');
      // The newest record version followed per reservation: a commit or follow about an older one is stale.
      sql.exec('CREATE TABLE IF NOT EXISTS followed_versions (reservation_id TEXT PRIMARY KEY, version INTEGER NOT NULL)');
      // New bookings' requests that got a hold, until their window ends (see `refusesAsFull`). An object
      // that held bookings before it remembered requests refuses nothing from memory for an hour, so a
      // retry of one of them is still answered from D1.
      const remembering = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'booking_requests'").toArray().length;
      sql.exec('CREATE TABLE IF NOT EXISTS untagged_bookings (id INTEGER PRIMARY KEY CHECK (id = 1), until_ms INTEGER NOT NULL)');
      if (!remembering && sql.exec('SELECT 1 FROM holds LIMIT 1').toArray().length)
        sql.exec('INSERT OR REPLACE INTO untagged_bookings (id, until_ms) VALUES (1, ?)', Date.now() + UNTAGGED_RETRY_MS);
      this.untaggedUntilMs = sql.exec<{ until_ms: number }>('SELECT until_ms FROM untagged_bookings').toArray()[0]?.until_ms ?? 0;
      sql.exec('CREATE TABLE IF NOT EXISTS booking_requests (tag TEXT PRIMARY KEY, until_ms INTEGER NOT NULL)');
      sql.exec('CREATE INDEX IF NOT EXISTS booking_requests_until ON booking_requests (until_ms)');
      sql.exec('CREATE TABLE IF NOT EXISTS timer_retry (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)');
      // The no-show grace (a platform setting) as the D1 side last reported it; the default until then.
      sql.exec('CREATE TABLE IF NOT EXISTS no_show_grace (id INTEGER PRIMARY KEY CHECK (id = 1), ms INTEGER NOT NULL)');
      // Monthly passes sold: each holds one slot of its vehicle type in its valid hours, unless its car is inside (then its walk-in holds one).
      sql.exec(`CREATE TABLE IF NOT EXISTS passes (
        pass_id TEXT PRIMARY KEY,
        vehicle_type TEXT NOT NULL,
        from_ms INTEGER NOT NULL,
        until_ms INTEGER NOT NULL,
        days_mask INTEGER NOT NULL,
        open_minute INTEGER NOT NULL,
        close_minute INTEGER NOT NULL,
        kept_ms INTEGER NOT NULL DEFAULT 0
      )`);
      const walkInColumns = sql.exec<{ name: string }>('PRAGMA table_info(walk_ins)').toArray();
      if (!walkInColumns.some((column) => column.name === 'pass_id')) sql.exec('ALTER TABLE walk_ins ADD COLUMN pass_id TEXT');
      installChangeLog(sql);
      installLiveTables(sql);
    });
  }

  /** `GET /api/lots/:id/live`, forwarded by the Worker: a WebSocket subscriber to the lot's figures. */
  override fetch(request: Request): Response {
    return this.live.subscribe(request);
  }

  /** Subscribers only ping, which the runtime answers: nothing they send changes anything. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number): void {
    // 1005 (no code) and 1006 (dropped) may not be sent back.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'Closed');
  }

  /**
   * Passes sold that may be valid for part of `[startMs, endMs)`, each with the slot its car is on when
   * it is inside on one (a pass car let in without a slot is not on its kept slot: that slot stays kept).
   */
  private passesDuring(startMs: number, endMs: number): (PassReservation & { insideOn: string | null })[] {
    return this.ctx.storage.sql
      .exec<{
        pass_id: string;
        vehicle_type: PassReservation['vehicleType'];
        from_ms: number;
        until_ms: number;
        days_mask: number;
        open_minute: number;
        close_minute: number;
        inside_on: string | null;
      }>(
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

  /**
   * The passes keeping a slot for part of `[startMs, endMs)`: valid then, and their car not inside on a
   * slot (a car inside already holds its slot as a walk-in), but `exceptPassId`.
   */
  private passesKeeping(startMs: number, endMs: number, exceptPassId?: string): PassReservation[] {
    return this.passesDuring(startMs, endMs).filter(
      (pass) =>
        pass.insideOn === null &&
        pass.passId !== exceptPassId &&
        scheduleIntersects(pass.schedule, Math.max(startMs, pass.fromMs), Math.min(endMs, pass.untilMs)),
    );
  }

  /** Slots the passes keep for `[startMs, endMs)`, of the vehicle type asked (any when none). */
  private passReserve(startMs: number, endMs: number, vehicleType?: string): number {
    return this.passesKeeping(startMs, endMs).filter((pass) => !vehicleType || pass.vehicleType === vehicleType).length;
  }

  /** Slots the passes but `exceptPassId` keep for `[startMs, endMs)`, by vehicle type. */
  private passReserveByType(startMs: number, endMs: number, exceptPassId?: string): Map<string, number> {
    const kept = new Map<string, number>();
    for (const pass of this.passesKeeping(startMs, endMs, exceptPassId)) kept.set(pass.vehicleType, (kept.get(pass.vehicleType) ?? 0) + 1);
    return kept;
  }

  /**
   * A pass is sold only when its lot can keep a slot for it in every valid hour of its period: at the
   * busiest moment of those hours, the bookings held, the cars inside, the passes already sold plus this
   * one fit in the slots of its vehicle type. A car inside on a slot holds it as `hold` counts it, until
   * it leaves, whenever that is (the walk-in horizon is only what it was promised at the gate); one let
   * in without a slot fills one for the next hour. A pass whose car is inside on a slot of this type is
   * that car, and so is the car of `sameCarPassId` (the plate's pass this one follows). Asking again for
   * the same pass answers the same.
   */
  reservePass(request: PassSale, now = Date.now()): PassReserveResult {
    const sql = this.ctx.storage.sql;
    if (sql.exec('SELECT 1 FROM passes WHERE pass_id = ?', request.passId).toArray().length) return { ok: true };
    const ofType = new Set(request.slots.filter((slot) => slot.vehicleType === request.vehicleType).map((slot) => slot.id));
    const { fromMs, untilMs, schedule } = request;
    const taking = overlapping(sql, fromMs, untilMs);
    const booked = sql
      .exec<{ slot_id: string; start_ms: number; until: number }>(
        `SELECT slot_id, start_ms, ${TAKEN_UNTIL} AS until FROM holds WHERE ${taking.where}`,
        ...taking.bindings,
      )
      .toArray()
      .filter(
        (row) => ofType.has(row.slot_id) && scheduleIntersects(schedule, Math.max(row.start_ms, fromMs), Math.min(row.until, untilMs)),
      );
    const stays = booked.map((row) => [Math.max(row.start_ms, fromMs), Math.min(row.until, untilMs)]);
    // The car of the pass this one follows (a renewal, next month bought) is this pass's car, counted once.
    const walkIns = sql
      .exec<{ slot_id: string | null; since_ms: number }>(
        'SELECT slot_id, since_ms FROM walk_ins WHERE pass_id IS NOT ? OR pass_id IS NULL',
        request.sameCarPassId ?? null,
      )
      .toArray();
    for (const walkIn of walkIns) {
      const [from, until] =
        walkIn.slot_id === null
          ? [Math.max(now, fromMs), Math.min(now + 60 * MINUTE, untilMs)]
          : [Math.max(walkIn.since_ms, fromMs), untilMs];
      if ((walkIn.slot_id === null || ofType.has(walkIn.slot_id)) && from < until && scheduleIntersects(schedule, from, until))
        stays.push([from, until]);
    }
    // The most bookings and cars inside at once within the period (a sweep over their starts and ends).
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
    const passes = this.passesDuring(fromMs, untilMs).filter(
      (pass) =>
        pass.vehicleType === request.vehicleType &&
        !(pass.insideOn !== null && ofType.has(pass.insideOn)) &&
        scheduleIntersects(pass.schedule, Math.max(fromMs, pass.fromMs), Math.min(untilMs, pass.untilMs)),
    ).length;
    if (peak + passes + 1 > ofType.size) return { ok: false, reason: 'full' };
    sql.exec(
      'INSERT INTO passes (pass_id, vehicle_type, from_ms, until_ms, days_mask, open_minute, close_minute, kept_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      request.passId,
      request.vehicleType,
      fromMs,
      untilMs,
      schedule.daysMask,
      schedule.openMinute,
      schedule.closeMinute,
      now,
    );
    this.publish(now);
    return { ok: true };
  }

  /**
   * The passes kept become exactly D1's passes not yet ended: one the object lost is kept again, and
   * one D1 never recorded (a sale whose write failed without releasing it) is dropped, unless kept
   * within the hold lease (its write may still be on its way). Ended passes are forgotten.
   */
  followPasses(passes: PassReservation[], now = Date.now()): { added: number; dropped: number } {
    const sql = this.ctx.storage.sql;
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
      if (pass.untilMs <= now || sql.exec('SELECT 1 FROM passes WHERE pass_id = ?', pass.passId).toArray().length) continue;
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
      added++;
    }
    if (added || dropped) {
      console.warn('Lot object: passes followed D1', { added, dropped });
      this.publish(now);
    }
    return { added, dropped };
  }

  /** A pass whose sale did not commit in D1: it keeps no slot. */
  releasePass(passId: string): void {
    this.ctx.storage.sql.exec('DELETE FROM passes WHERE pass_id = ?', passId);
    this.publish();
  }

  /** Walk-ins inside now: how many, and how many of them the gate could not give a slot (overrides). */
  private walkIns(): { count: number; withoutSlot: number } {
    return this.ctx.storage.sql
      .exec<{ count: number; withoutSlot: number }>('SELECT COUNT(*) AS count, COUNT(*) - COUNT(slot_id) AS withoutSlot FROM walk_ins')
      .one();
  }

  /**
   * Slots taken by anyone but `reservationId` for part of `[startMs, endMs)`. A walk-in's stay is
   * open-ended: its slot is taken for every window until it leaves.
   */
  private busySlots(startMs: number, endMs: number, reservationId = ''): Set<string> {
    const sql = this.ctx.storage.sql;
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

  /**
   * A car enters without a reservation: it gets a slot free from now until `untilMs` (the lot's
   * walk-in horizon), the one whose next booking is furthest away, or the one the attendant named.
   * Refused when every slot is taken now ('full') or booked before `untilMs` ('sold out', saying
   * until when). An override lets it in all the same: onto a slot free now if there is one, else
   * without a slot; `walkInRisks` then names the booking it may be in the way of. Asking again for the
   * same check-in answers the same slot.
   */
  admitWalkIn(request: WalkInRequest, now = Date.now()): WalkInResult {
    const sql = this.ctx.storage.sql;
    const [admitted] = sql
      .exec<{ slot_id: string | null }>('SELECT slot_id FROM walk_ins WHERE checkin_id = ?', request.checkinId)
      .toArray();
    if (admitted) return { ok: true, slotId: admitted.slot_id };
    const named = (slots: SlotInfo[]) => slots.filter((slot) => !request.slotLabel || slot.label === request.slotLabel);
    const freeFor = (untilMs: number) => {
      const busy = this.busySlots(now, untilMs);
      return request.slots.filter((slot) => !busy.has(slot.id));
    };
    const nextBookingOf = (slotId: string) =>
      sql.exec<{ at: number | null }>('SELECT MIN(start_ms) AS at FROM holds WHERE slot_id = ? AND start_ms >= ?', slotId, now).one().at ??
      Number.POSITIVE_INFINITY;
    const furthestBooked = (slots: SlotInfo[]) =>
      slots
        .map((slot) => ({ slot, freeUntil: nextBookingOf(slot.id) }))
        .sort((a, b) => b.freeUntil - a.freeUntil || a.slot.label.localeCompare(b.slot.label, 'en', { numeric: true }))[0]?.slot;
    // A pass car enters on a slot of its pass's vehicle type, the one its pass keeps; every walk-in leaves
    // the other passes' slots free, type by type: of a type, only the free slots beyond those kept are given.
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
    const freeNow = freeFor(now + MINUTE);
    const spareNow = beyondKept(freeNow, this.passReserveByType(now, now + MINUTE, request.passId));
    const spare = beyondKept(freeFor(request.untilMs), this.passReserveByType(now, request.untilMs, request.passId));
    const chosen =
      furthestBooked(named(spare)) ??
      (request.passId ? furthestBooked(named(ofType(freeNow))) : undefined) ??
      (request.force || request.passId ? (furthestBooked(named(ofType(freeNow))) ?? furthestBooked(named(freeNow))) : undefined);
    if (!chosen && !request.force) {
      if (request.slotLabel) return { ok: false, reason: 'slot taken' };
      if (spareNow.length === 0) return { ok: false, reason: 'full' };
      return {
        ok: false,
        reason: 'sold out',
        untilMs: Math.min(...spareNow.map((slot) => this.bookedThrough(slot.id, request.untilMs, now))),
      };
    }
    const slotId = chosen?.id ?? null;
    sql.exec(
      'INSERT INTO walk_ins (checkin_id, slot_id, since_ms, pass_id) VALUES (?, ?, ?, ?)',
      request.checkinId,
      slotId,
      now,
      request.passId ?? null,
    );
    sql.exec('DELETE FROM walk_ins_left WHERE checkin_id = ?', request.checkinId);
    this.publish(now);
    return { ok: true, slotId };
  }

  /** When a slot is free again after the bookings that start on it before `untilMs` (as a walk-in counts it). */
  private bookedThrough(slotId: string, untilMs: number, now: number): number {
    return (
      this.ctx.storage.sql
        .exec<{ at: number | null }>(
          `SELECT MAX(${TAKEN_UNTIL}) AS at FROM holds WHERE slot_id = ? AND start_ms < ? AND ${TAKEN_UNTIL} > ?`,
          slotId,
          untilMs,
          now,
        )
        .one().at ?? now
    );
  }

  /**
   * Walk-ins an override let in where they may be in the way: on a slot booked for later (the booked
   * car may find it taken), or without a slot at all. The lot status shows each as an alert.
   */
  walkInRisks(now = Date.now()): WalkInRisk[] {
    return this.ctx.storage.sql
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
  releaseWalkIn(checkinId: string, now = Date.now()): void {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM walk_ins WHERE checkin_id = ?', checkinId);
    sql.exec('DELETE FROM walk_ins_left WHERE left_ms <= ?', now - HOLD_TTL_MS);
    sql.exec('INSERT OR REPLACE INTO walk_ins_left (checkin_id, left_ms) VALUES (?, ?)', checkinId, now);
    this.publish(now);
  }

  /**
   * The walk-ins inside become exactly D1's open walk-in check-ins: one the object lost is put back
   * (on its recorded slot when that is still free) unless it left since D1 was read, and one D1 never
   * recorded or has closed is dropped.
   * A walk-in admitted within the hold lease may still be on its way to D1, and stays.
   */
  reconcileWalkIns(open: OpenWalkIn[], now = Date.now()): { added: number; dropped: number } {
    const sql = this.ctx.storage.sql;
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
      const slotId = walkIn.slotId && !this.busySlots(now, now + MINUTE).has(walkIn.slotId) ? walkIn.slotId : null;
      sql.exec(
        'INSERT INTO walk_ins (checkin_id, slot_id, since_ms, pass_id) VALUES (?, ?, ?, ?)',
        walkIn.checkinId,
        slotId,
        walkIn.sinceMs,
        walkIn.passId ?? null,
      );
      added++;
    }
    if (added || dropped) {
      console.warn('Lot object: walk-ins reconciled with D1', { added, dropped });
      this.publish(now);
    }
    return { added, dropped };
  }

  /**
   * Whether a new booking's future window is full by what the object knows: every slot D1 listed in
   * the last minute is taken for part of it. Never for a request that got a hold before (a retry of a
   * booking that went through is answered from D1), nor when the object has not been told the slots
   * lately (it may have gained some). It only ever refuses what `hold` would refuse; that a walk-in
   * without a slot fills one more is left to `hold`. Saves a full lot's refusals their D1 read.
   */
  refusesAsFull(query: FullQuery, now = Date.now()): boolean {
    const known = this.knownSlots;
    if (!known || now - known.seenMs > SLOTS_TRUSTED_MS || query.startMs <= now || now < this.untaggedUntilMs) return false;
    const sql = this.ctx.storage.sql;
    if (sql.exec('SELECT 1 FROM booking_requests WHERE tag = ?', query.requestTag).toArray().length) return false;
    const busy = this.busySlots(query.startMs, query.endMs);
    return known.ids.every((id) => busy.has(id));
  }

  /** The lot's slots changed in D1: what the object remembers of them is not to be trusted. */
  forgetSlots(now = Date.now()): void {
    this.knownSlots = null;
    this.slotsChangedMs = now;
  }

  /**
   * Holds a slot for a window, atomically. Picks a slot of the right vehicle type with the features
   * asked for, preferring slots without features nobody asked for (keep accessible and EV bays for
   * the drivers who need them), then by label. The hold lapses unless a D1 write claims it.
   */
  hold(request: HoldRequest, now = Date.now()): HoldResult {
    const { startMs, endMs, needs } = request;
    // Learnt only from a request begun after the last change (and its clock's margin): one that read D1 before it would bring back the old slots.
    if (now > this.slotsChangedMs + CLOCK_MARGIN_MS) {
      this.knownSlots = { ids: request.slots.map((slot) => slot.id), seenMs: now };
      this.live.noteTotal(request.slots.length);
    }
    const busy = this.busySlots(startMs, endMs, request.reservationId);
    const fits = (slot: SlotInfo) =>
      slot.vehicleType === needs.vehicleType &&
      (!needs.accessible || slot.accessible) &&
      (!needs.ev || slot.evCharging) &&
      (!request.slotId || slot.id === request.slotId);
    const free = request.slots.filter((slot) => fits(slot) && !busy.has(slot.id));
    const spare = request.slots.filter((slot) => slot.vehicleType === needs.vehicleType && !busy.has(slot.id)).length;
    // A walk-in let in without a slot still fills one for windows that include the next hour.
    const unplaced = startMs <= now + 60 * MINUTE && endMs > now ? this.walkIns().withoutSlot : 0;
    // The slots passes keep in their valid hours are never booked by the hour.
    const kept = this.passReserve(startMs, endMs, needs.vehicleType);
    if (free.length === 0 || spare <= unplaced + kept) return { ok: false, reason: 'full' };
    const waste = (slot: SlotInfo) => Number(slot.accessible && !needs.accessible) + Number(slot.evCharging && !needs.ev);
    const [chosen] = free.sort((a, b) => waste(a) - waste(b) || a.label.localeCompare(b.label, 'en', { numeric: true }));
    this.ctx.storage.sql.exec(
      `INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state, held_until) VALUES (?, ?, ?, ?, ?, 'held', ?)`,
      request.holdId,
      request.reservationId,
      chosen.id,
      startMs,
      endMs,
      now + HOLD_TTL_MS,
    );
    if (request.lockNew)
      this.ctx.storage.sql.exec(
        'INSERT OR REPLACE INTO change_locks (reservation_id, until_ms) VALUES (?, ?)',
        request.reservationId,
        now + HOLD_TTL_MS,
      );
    if (request.requestTag) {
      this.ctx.storage.sql.exec('DELETE FROM booking_requests WHERE until_ms <= ?', now);
      this.ctx.storage.sql.exec('INSERT OR REPLACE INTO booking_requests (tag, until_ms) VALUES (?, ?)', request.requestTag, endMs);
    }
    this.publish(now);
    this.scheduleNextAlarm(now);
    return { ok: true, slotId: chosen.id };
  }

  commit(holdId: string, record: BookingRecord, now = Date.now()): FollowResult {
    const result = this.follow(record, now);
    if (result.ok) {
      this.ctx.storage.sql.exec("DELETE FROM holds WHERE hold_id = ? AND state = 'held'", holdId);
      // The change is written and followed: its lock has nothing left to guard.
      this.unlockReservation(record.reservationId);
    }
    this.publish(now);
    return result;
  }

  releaseHold(holdId: string): void {
    this.ctx.storage.sql.exec("DELETE FROM holds WHERE hold_id = ? AND state = 'held'", holdId);
    this.publish();
  }

  /**
   * The object's booking of a reservation becomes exactly D1's record: its slot and window when it is
   * live, nothing when not. Reminder marks survive when the times they were sent for did not move;
   * an overstaying car's kept slot survives too. Holds of an in-flight change are left to their owner.
   */
  follow(record: BookingRecord, now = Date.now()): FollowResult {
    const sql = this.ctx.storage.sql;
    const [seen] = sql
      .exec<{ version: number }>('SELECT version FROM followed_versions WHERE reservation_id = ?', record.reservationId)
      .toArray();
    // A newer record was followed already (say the alarm expired it while this commit was on its way).
    if (seen && record.version < seen.version) return { ok: true };
    const [current] = sql
      .exec<HoldRow>("SELECT * FROM holds WHERE reservation_id = ? AND state = 'booked'", record.reservationId)
      .toArray();
    const remember = () =>
      sql.exec('INSERT OR REPLACE INTO followed_versions (reservation_id, version) VALUES (?, ?)', record.reservationId, record.version);
    if (!record.live || !record.slotId) {
      sql.exec("DELETE FROM holds WHERE reservation_id = ? AND state = 'booked'", record.reservationId);
      remember();
      this.publish(now);
      this.scheduleNextAlarm(now);
      return { ok: true };
    }
    const taken = sql
      .exec(
        `SELECT 1 FROM holds WHERE slot_id = ? AND start_ms < ? AND ${TAKEN_UNTIL} > ? AND reservation_id <> ? LIMIT 1`,
        record.slotId,
        record.endMs,
        record.startMs,
        record.reservationId,
      )
      .toArray().length;
    if (taken) {
      console.error('Lot object: D1 records a slot-window already given to another reservation', record);
      return { ok: false, reason: 'slot taken' };
    }
    const same = (a: number | undefined, b: number) => a === b;
    sql.exec("DELETE FROM holds WHERE reservation_id = ? AND state = 'booked'", record.reservationId);
    sql.exec(
      `INSERT INTO holds (hold_id, reservation_id, slot_id, start_ms, end_ms, state, reminded_start, reminded_end, kept_until) VALUES (?, ?, ?, ?, ?, 'booked', ?, ?, ?)`,
      bookedIdOf(record.reservationId),
      record.reservationId,
      record.slotId,
      record.startMs,
      record.endMs,
      Number(!!current?.reminded_start && same(current.start_ms, record.startMs)),
      Number(!!current?.reminded_end && same(current.end_ms, record.endMs)),
      current?.slot_id === record.slotId ? current.kept_until : 0,
    );
    remember();
    this.publish(now);
    this.scheduleNextAlarm(now);
    return { ok: true };
  }

  /**
   * One change at a time per reservation (cancel, modify, extend, Auto Extend, a new booking's write):
   * each reads what was paid and moves money from it, and the alarm leaves an in-flight change's hold
   * alone. A lock lapses after the hold's lease in case its holder never unlocks.
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

  isLocked(reservationId: string, now: number): boolean {
    return (
      this.ctx.storage.sql.exec('SELECT 1 FROM change_locks WHERE reservation_id = ? AND until_ms > ?', reservationId, now).toArray()
        .length > 0
    );
  }

  /** The slot of a reservation's booking, if the object holds one. */
  slotOf(reservationId: string): string | null {
    return this.booking(reservationId)?.slotId ?? null;
  }

  /** Slots taken now or later (bookings, holds in flight, walk-ins): an owner's resize never removes them. */
  heldSlotIds(now = Date.now()): string[] {
    return [...this.busySlots(now, Number.MAX_SAFE_INTEGER)];
  }

  /** Each slot taken now or later with the first window that takes it (a walk-in's has no end): what a refused resize names. */
  heldSlotWindows(now = Date.now()): HeldWindow[] {
    return this.ctx.storage.sql
      .exec<{ slot_id: string; from_ms: number; until_ms: number | null }>(
        `SELECT slot_id, MIN(from_ms) AS from_ms, until_ms FROM (
           SELECT slot_id, start_ms AS from_ms, ${TAKEN_UNTIL} AS until_ms FROM holds WHERE ${TAKEN_UNTIL} > ?
           UNION ALL SELECT slot_id, since_ms, NULL FROM walk_ins WHERE slot_id IS NOT NULL
         ) GROUP BY slot_id`,
        now,
      )
      .toArray()
      .map((row) => ({ slotId: row.slot_id, fromMs: row.from_ms, untilMs: row.until_ms }));
  }

  /** Availability for a window: total, free, occupied (reserved + walk-ins). */
  availability(
    window: { startMs: number; endMs: number },
    total: number,
    now = Date.now(),
  ): { total: number; free: number; occupied: number; reserved: number; walkIns: number } {
    const busy = this.busySlots(window.startMs, window.endMs).size;
    const { count, withoutSlot } = this.walkIns();
    const placed = count - withoutSlot;
    // Walk-ins on a slot take it for every window; one let in without a slot fills one only now.
    const unplaced = window.startMs <= now + 60 * MINUTE && window.endMs > now ? withoutSlot : 0;
    // The slots kept for passes are reserved, as bookings are.
    const kept = this.passReserve(window.startMs, window.endMs);
    const free = Math.max(0, total - busy - unplaced - kept);
    return { total, free, occupied: total - free, reserved: Math.max(0, busy - placed) + kept, walkIns: placed + unplaced };
  }

  // ——— The clock: what is due, for the lifecycle to act on ———

  /** Holds whose write never claimed them within their lease. */
  private lapsedHolds(now: number): { holdId: string; reservationId: string }[] {
    return this.ctx.storage.sql
      .exec<{ hold_id: string; reservation_id: string }>(
        "SELECT hold_id, reservation_id FROM holds WHERE state = 'held' AND held_until <= ?",
        now,
      )
      .toArray()
      .map((row) => ({ holdId: row.hold_id, reservationId: row.reservation_id }));
  }

  /** The booking the object holds for a reservation, read afresh (the lifecycle re-reads after every await). */
  booking(reservationId: string): HeldBooking | null {
    const [row] = this.ctx.storage.sql
      .exec<HoldRow>("SELECT * FROM holds WHERE reservation_id = ? AND state = 'booked'", reservationId)
      .toArray();
    return row
      ? {
          reservationId,
          slotId: row.slot_id,
          startMs: row.start_ms,
          endMs: row.end_ms,
          remindedStart: !!row.reminded_start,
          remindedEnd: !!row.reminded_end,
        }
      : null;
  }

  bookedReservations(): string[] {
    return this.ctx.storage.sql
      .exec<{ reservation_id: string }>("SELECT reservation_id FROM holds WHERE state = 'booked'")
      .toArray()
      .map((row) => row.reservation_id);
  }

  /** Marks a reminder sent, for the start or for this exact end (an extended end gets its own). */
  markReminded(reservationId: string, moment: 'start' | 'end', forMs: number): boolean {
    const column = moment === 'start' ? 'reminded_start' : 'reminded_end';
    const anchor = moment === 'start' ? 'start_ms' : 'end_ms';
    const cursor = this.ctx.storage.sql.exec(
      `UPDATE holds SET ${column} = 1 WHERE reservation_id = ? AND state = 'booked' AND ${anchor} = ? AND ${column} = 0`,
      reservationId,
      forMs,
    );
    return cursor.rowsWritten > 0;
  }

  /** An overstaying car keeps its slot a little longer at a time, until it checks out; the alarm comes back at the new end. */
  keepOverstay(reservationId: string, untilMs: number, now = Date.now()): void {
    this.ctx.storage.sql.exec(
      "UPDATE holds SET kept_until = MAX(kept_until, ?) WHERE reservation_id = ? AND state = 'booked'",
      untilMs,
      reservationId,
    );
    this.publish(now);
    this.scheduleNextAlarm(now);
  }

  /** The no-show grace in force, as the D1 side read it: deadlines, and so the next alarm, follow it. */
  noteNoShowGrace(minutes: number, now = Date.now()): void {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO no_show_grace (id, ms) VALUES (1, ?)', minutes * MINUTE);
    this.scheduleNextAlarm(now);
  }

  private graceMs(): number {
    return this.ctx.storage.sql.exec<{ ms: number }>('SELECT ms FROM no_show_grace').toArray()[0]?.ms ?? NO_SHOW_GRACE_MINUTES * MINUTE;
  }

  /**
   * What is due at `now`, one item each for the lot-timers Queue: the walk-ins to match with D1's open
   * check-ins (every time, which also brings the grace in force), each hold whose lease lapsed and whose
   * change no longer holds its lock, and each booking at its start reminder or past its no-show deadline
   * (there D1 decides: expire, end reminder or Auto Extend, overstay). Arms the next alarm.
   */
  dueWork(now: number): LotTimerMessage[] {
    const lotId = this.lotId;
    const lapsed = this.lapsedHolds(now).filter((hold) => !this.isLocked(hold.reservationId, now));
    const bookings = this.ctx.storage.sql
      .exec<{ reservation_id: string }>(
        `SELECT reservation_id FROM holds WHERE state = 'booked'
           AND ((reminded_start = 0 AND ? >= start_ms - ? AND ? < start_ms) OR ? >= start_ms + ?)`,
        now,
        START_REMINDER_MINUTES * MINUTE,
        now,
        now,
        this.graceMs(),
      )
      .toArray();
    this.scheduleNextAlarm(now);
    return [
      { kind: 'walk-ins', lotId, now },
      ...lapsed.map((hold) => ({ kind: 'lapsed-hold' as const, lotId, now, ...hold })),
      ...bookings.map((row) => ({ kind: 'booking' as const, lotId, now, reservationId: row.reservation_id })),
    ];
  }

  /**
   * Hands what is due to the Queue, a hundred messages a send (the Queue's batch limit). A send that
   * fails leaves the items due: the alarm comes back soon, and the platform retries a throwing alarm.
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    try {
      const due = this.dueWork(now);
      for (let i = 0; i < due.length; i += 100) await this.env.LOT_TIMERS.sendBatch(due.slice(i, i + 100).map((body) => ({ body })));
    } catch (error) {
      this.retrySoon(now);
      throw error;
    } finally {
      // Whatever a lost write left behind, search sees the object's own figures again.
      if (!(await this.readModel.publishAll(now))) this.retrySoon(now);
    }
  }

  /**
   * After every change of holds and walk-ins: the live subscribers get the new figures at once, and
   * search's read model is written after the change rather than awaited by it: a booking never waits
   * for, or fails on, search. A write D1 refused is retried by the alarm, which rewrites the whole model.
   */
  private publish(now = Date.now()): void {
    this.live.send(now);
    this.ctx.waitUntil(this.readModel.publishChanges(now).then((written) => written || this.retrySoon(now)));
  }

  private retrySoon(now: number): void {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO timer_retry (id, at) VALUES (1, ?)', now + RETRY_MS);
    this.scheduleNextAlarm(now);
  }

  /**
   * The earliest instant something needs attention: a lapse (deferred while its change holds the
   * lock), a reminder, a no-show deadline, the end of a checked-in stay, an overstay renewal, or a
   * retry of work the timers left while a booking changed under them.
   */
  private scheduleNextAlarm(now: number): void {
    const sql = this.ctx.storage.sql;
    const reminder = START_REMINDER_MINUTES * MINUTE;
    const endReminder = END_REMINDER_MINUTES * MINUTE;
    const grace = this.graceMs();
    // Each is the least of one kind of instant still ahead, read off a partial index (see the constructor):
    // a hold or a booking costs the same however many bookings the lot has ahead.
    const first = (query: string, ...bindings: number[]) => sql.exec<{ at: number | null }>(query, ...bindings).one().at;
    const candidates = [
      // A hold past its lease that is still here (its settling failed or was put off) is looked at again soon.
      first(
        `SELECT MIN(MAX(held_until, COALESCE((SELECT until_ms FROM change_locks WHERE change_locks.reservation_id = holds.reservation_id), 0), ?)) AS at
         FROM holds WHERE state = 'held'`,
        now + RETRY_MS,
      ),
      first(
        `SELECT MIN(start_ms) - ? AS at FROM holds WHERE state = 'booked' AND reminded_start = 0 AND start_ms > ?`,
        reminder,
        now + reminder,
      ),
      first(`SELECT MIN(start_ms) + ? AS at FROM holds WHERE state = 'booked' AND start_ms > ?`, grace, now - grace),
      first(
        `SELECT MIN(end_ms) - ? AS at FROM holds WHERE state = 'booked' AND reminded_end = 0 AND end_ms > ?`,
        endReminder,
        now + endReminder,
      ),
      first(
        `SELECT MIN(${TAKEN_UNTIL}) AS at FROM holds WHERE state = 'booked' AND start_ms <= ? AND ${TAKEN_UNTIL} > ?`,
        now - grace,
        now,
      ),
      first('SELECT MIN(at) AS at FROM timer_retry WHERE at > ?', now),
    ].filter((at): at is number => at !== null);
    if (candidates.length) void this.ctx.storage.setAlarm(Math.min(...candidates));
  }
}
