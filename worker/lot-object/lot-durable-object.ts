import { DurableObject } from 'cloudflare:workers';
import { HOUR_MS } from '../../core/time';
import type { Bindings } from '../env';
import { availability, heldSlotIds, heldSlotWindows } from './availability';
import { addCustomerDays, customerTotals } from './customer-days';
import { Holds, isLocked } from './holds';
import { LiveFeed } from './live';
import type { LotState } from './lot-state';
import { migrate } from './migrations';
import { followPasses, keptForPasses, releasePass, reservePass } from './passes';
import type {
  BookingRecord,
  CustomerDay,
  CustomerTotalsQuery,
  FullQuery,
  HoldRequest,
  LatestStays,
  PlateReadsQuery,
  LotClock,
  LotTimerMessage,
  OpenWalkIn,
  PassReservation,
  PassSale,
  StayOfCar,
  StayRecord,
  StaysOfPeople,
  WalkInRequest,
} from './protocol';
import { ReadModel } from './read-model';
import {
  declaredStay,
  hasStays,
  keepStays,
  latestStays,
  maskPlatesClosedBefore,
  maskPlatesOfStays,
  plateReads,
  shiftTotals,
  stayById,
  staysOf,
} from './stay-history';
import { Timers } from './timers';
import { admitWalkIn, reconcileWalkIns, releaseWalkIn, walkInRisks } from './walk-ins';

declare module '../env' {
  interface Bindings {
    LOT: DurableObjectNamespace<LotDurableObject>;
    /** What the lot objects' alarms find due, for the worker's queue() consumer (worker/reservations/lifecycle.service.ts). */
    LOT_TIMERS: Queue<LotTimerMessage>;
  }
}

/**
 * One instance per lot (named by the lot id): the single authority for that lot's slots over time and
 * its live walk-in count. It allocates and keeps time; it never decides what happens to a reservation.
 * State lives in SQLite storage (migrations.ts) and `sql.exec` is synchronous: the allocation methods
 * never await, so two requests can never interleave inside one and no slot is ever given to two
 * overlapping stays. It imports nothing of the worker beyond its own module: its alarm finds what is
 * due and sends one message per item to the lot-timers Queue, whose consumer
 * (worker/reservations/lifecycle.service.ts) decides on the D1 side and calls back through the stub. Every
 * method takes the clock as an argument. Protocol and failure table: docs/booking.md.
 *
 * This class is the object's RPC surface; each part lives in its own module: holds and bookings
 * (holds.ts), walk-ins (walk-ins.ts), monthly passes (passes.ts), the clock (timers.ts), the live
 * subscribers (live.ts), search's read model (read-model.ts), what a window has free (availability.ts)
 * and the lot's closed stays moved out of D1 (stay-history.ts).
 */
export class LotDurableObject extends DurableObject<Bindings> implements LotClock {
  private readonly lot: LotState;
  private readonly holds: Holds;
  private readonly timers: Timers;
  private readonly readModel: ReadModel;
  private readonly live: LiveFeed;
  private readonly lotId: string;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    const lotId = ctx.id.name ?? ctx.id.toString();
    this.lotId = lotId;
    const sql = ctx.storage.sql;
    this.timers = new Timers(ctx.storage, lotId);
    this.readModel = new ReadModel(sql, env.DB, lotId, (startMs, endMs) => keptForPasses(sql, startMs, endMs));
    this.live = new LiveFeed(ctx, (total, now) => this.availability({ startMs: now, endMs: now + HOUR_MS }, total, now).free);
    this.lot = { sql, publish: (now) => this.publish(now), scheduleNextAlarm: (now) => this.timers.scheduleNextAlarm(now) };
    this.holds = new Holds(this.lot, this.live);
    ctx.blockConcurrencyWhile(async () => {
      migrate(ctx.storage);
      this.holds.load();
    });
  }

  // ——— Live subscribers (live.ts) ———

  /** `GET /api/lots/:id/live`, forwarded by the Worker: a WebSocket subscriber to the lot's figures. */
  override fetch(request: Request): Response {
    return this.live.subscribe(request);
  }

  /** Subscribers only ping, which the runtime answers: nothing they send changes anything. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number): void {
    this.live.close(socket, code);
  }

  // ——— Monthly passes (passes.ts) ———

  reservePass(request: PassSale, now = Date.now()) {
    return reservePass(this.lot, request, now);
  }

  followPasses(passes: PassReservation[], now = Date.now()) {
    return followPasses(this.lot, passes, now);
  }

  releasePass(passId: string): void {
    releasePass(this.lot, passId);
  }

  // ——— Walk-ins (walk-ins.ts) ———

  admitWalkIn(request: WalkInRequest, now = Date.now()) {
    return admitWalkIn(this.lot, request, now);
  }

  walkInRisks(now = Date.now()) {
    return walkInRisks(this.lot.sql, now);
  }

  releaseWalkIn(checkinId: string, now = Date.now()): void {
    releaseWalkIn(this.lot, checkinId, now);
  }

  reconcileWalkIns(open: OpenWalkIn[], now = Date.now()) {
    return reconcileWalkIns(this.lot, open, now);
  }

  // ——— Holds, bookings and their locks (holds.ts) ———

  refusesAsFull(query: FullQuery, now = Date.now()) {
    return this.holds.refusesAsFull(query, now);
  }

  forgetSlots(now = Date.now()): void {
    this.holds.forgetSlots(now);
  }

  hold(request: HoldRequest, now = Date.now()) {
    return this.holds.hold(request, now);
  }

  commit(holdId: string, record: BookingRecord, now = Date.now()) {
    return this.holds.commit(holdId, record, now);
  }

  releaseHold(holdId: string): void {
    this.holds.releaseHold(holdId);
  }

  follow(record: BookingRecord, now = Date.now()) {
    return this.holds.follow(record, now);
  }

  keepOverstay(reservationId: string, untilMs: number, now = Date.now()): void {
    this.holds.keepOverstay(reservationId, untilMs, now);
  }

  lockReservation(reservationId: string, now = Date.now()) {
    return this.holds.lockReservation(reservationId, now);
  }

  unlockReservation(reservationId: string): void {
    this.holds.unlockReservation(reservationId);
  }

  isLocked(reservationId: string, now: number) {
    return isLocked(this.lot.sql, reservationId, now);
  }

  // ——— What is taken (availability.ts) ———

  heldSlotIds(now = Date.now()) {
    return heldSlotIds(this.lot.sql, now);
  }

  heldSlotWindows(now = Date.now()) {
    return heldSlotWindows(this.lot.sql, now);
  }

  availability(window: { startMs: number; endMs: number }, total: number, now = Date.now()) {
    return availability(this.lot.sql, window, total, now);
  }

  // ——— Closed stays (stay-history.ts) ———

  keepStays(stays: StayRecord[]) {
    return keepStays(this.ctx.storage, stays);
  }

  declaredStay(car: StayOfCar) {
    return declaredStay(this.lot.sql, this.lotId, car);
  }

  stay(id: string) {
    return stayById(this.lot.sql, this.lotId, id);
  }

  staysOf(people: StaysOfPeople) {
    return staysOf(this.lot.sql, this.lotId, people);
  }

  latestStays(query: LatestStays) {
    return latestStays(this.lot.sql, this.lotId, query);
  }

  plateReads(query: PlateReadsQuery) {
    return plateReads(this.lot.sql, query);
  }

  shiftTotals(shiftId: string, inD1: string[] = []) {
    return shiftTotals(this.lot.sql, shiftId, inD1);
  }

  maskPlatesOfStays(stayIds: string[]) {
    return maskPlatesOfStays(this.lot.sql, stayIds);
  }

  maskPlatesClosedBefore(before: string, limit: number) {
    return maskPlatesClosedBefore(this.lot.sql, before, limit);
  }

  hasStays() {
    return hasStays(this.lot.sql);
  }

  // ——— The Customers rollup (customer-days.ts) ———

  addCustomerDays(foldId: number, days: CustomerDay[], now = Date.now()): void {
    addCustomerDays(this.ctx.storage, foldId, days, now);
  }

  customerTotals(query: CustomerTotalsQuery) {
    return customerTotals(this.lot.sql, query);
  }

  // ——— The clock (timers.ts) ———

  booking(reservationId: string) {
    return this.timers.booking(reservationId);
  }

  bookedReservations() {
    return this.timers.bookedReservations();
  }

  markReminded(reservationId: string, moment: 'start' | 'end', forMs: number) {
    return this.timers.markReminded(reservationId, moment, forMs);
  }

  noteNoShowGrace(minutes: number, now = Date.now()): void {
    this.timers.noteNoShowGrace(minutes, now);
  }

  dueWork(now: number) {
    return this.timers.dueWork(now);
  }

  alarm(): Promise<void> {
    return this.timers.alarm(this.env.LOT_TIMERS, (now) => this.readModel.publishAll(now));
  }

  /**
   * After every change of holds, walk-ins and passes: the live subscribers get the new figures at once,
   * and search's read model is written after the change rather than awaited by it: a booking never
   * waits for, or fails on, search. A write D1 refused is retried by the alarm, which rewrites the whole model.
   */
  private publish(now = Date.now()): void {
    this.live.send(now);
    this.ctx.waitUntil(this.readModel.publishChanges(now).then((written) => written || this.timers.retrySoon(now)));
  }
}
