/**
 * What the lot object and the D1 side say to each other. The object allocates slots and keeps time;
 * D1 records what was sold and paid. Whenever they disagree, the object is made to follow D1.
 */
import type { CustomerTotal } from '../../core/customers';
import type { PassSchedule } from '../../core/monthly-passes';
import type { VehicleType } from '../../core/vehicles';
import type { checkins } from '../db/schema';

/** An unconfirmed hold lapses after this long unless the booking's D1 write claims it. */
export const HOLD_TTL_MS = 60_000;
/** An overstaying car's slot is kept this far ahead, renewed until it checks out. */
export const OVERSTAY_HOLD_MS = 15 * 60_000;

/** The request header by which the Worker tells the object the lot's active slots when a live subscriber joins. */
export const LIVE_TOTAL_HEADER = 'X-Lot-Slots';
/** The request header by which the Worker tells the object the live subscriber's address (`CF-Connecting-IP`). */
export const LIVE_CLIENT_HEADER = 'X-Live-Client';

export type SlotInfo = { id: string; label: string; accessible: boolean; evCharging: boolean; vehicleType: VehicleType };

export type HoldRequest = {
  /** Fresh for every hold, never a reservation id: only the write that claims it in D1 can commit it. */
  holdId: string;
  reservationId: string;
  startMs: number;
  endMs: number;
  /** The lot's active slots (from D1): the object decides which of them is free. */
  slots: SlotInfo[];
  needs: { accessible?: boolean; ev?: boolean; vehicleType: VehicleType };
  /** Only this slot will do (an extension keeps the car where it is). */
  slotId?: string;
  /** Any slot but this one (the driver found it taken: docs/booking.md, A taken slot). */
  avoidSlotId?: string;
  /**
   * A new reservation's hold also takes its change lock in the same step (see `lockReservation`), so a
   * booking the lot refuses costs one call to the object, and one it holds needs no separate lock.
   */
  lockNew?: boolean;
  /**
   * A new booking's request (its driver and idempotency key), remembered until the window ends: a
   * retry of it is never refused as full from the object's memory (see `refusesAsFull`).
   */
  requestTag?: string;
};

/** A new booking's window, and its request (as `HoldRequest.requestTag`). */
export type FullQuery = { startMs: number; endMs: number; requestTag: string };

/** Refusals are results, not exceptions: they are expected outcomes and cross the RPC boundary cleanly. */
export type HoldResult = { ok: true; slotId: string } | { ok: false; reason: 'full' };

/**
 * A reservation as D1 records it, in the terms the object needs: which slot, which window, whether it
 * still holds one, and the record's version, so a late message about an older version changes nothing.
 */
export type BookingRecord = {
  reservationId: string;
  version: number;
  live: boolean;
  slotId: string | null;
  startMs: number;
  endMs: number;
};

/** `slot taken`: D1 records a slot-window the object has given to someone else (never expected; logged). */
export type FollowResult = { ok: true } | { ok: false; reason: 'slot taken' };

export type WalkInRequest = {
  checkinId: string;
  /** The lot's active slots (from D1). */
  slots: SlotInfo[];
  /** The walk-in's slot must stay free until then: the lot's walk-in horizon (core/gate.ts). */
  untilMs: number;
  /** Only this slot will do (the attendant named it). */
  slotLabel?: string;
  /** An audited override: let the car in all the same. */
  force?: boolean;
  /** A monthly pass's car: it enters on the slot its pass keeps. */
  passId?: string;
  /** The walk-in's vehicle: only a slot of its type will do (a pass car's is its pass's). */
  vehicleType?: VehicleType;
};

/** A monthly pass sold, as the object keeps a slot for it: its vehicle type, period and valid hours. */
export type PassReservation = { passId: string; vehicleType: VehicleType; fromMs: number; untilMs: number; schedule: PassSchedule };
/**
 * A pass to keep a slot for, with the lot's active slots (from D1) and, when the plate holds a pass already
 * (the one this renews, or this month's when next month is bought), that pass: its car inside is this pass's car.
 */
export type PassSale = PassReservation & { slots: SlotInfo[]; sameCarPassId?: string };
/** `full`: at some valid hour of the period, the bookings held and the passes sold already take every slot. */
export type PassReserveResult = { ok: true } | { ok: false; reason: 'full' };

/**
 * A walk-in's slot; `null` only when an override let it in on a full lot. `sold out`: slots are free
 * now, but each is booked before the horizon ends; the first frees up at `untilMs`.
 */
export type WalkInResult =
  | { ok: true; slotId: string | null }
  | { ok: false; reason: 'full' | 'slot taken' }
  | { ok: false; reason: 'sold out'; untilMs: number };

/** A walk-in in the way of a booking (`bookedFromMs`), or let in without a slot. */
export type WalkInRisk = { slotId: string | null; bookedFromMs: number | null };

/** A slot taken from `fromMs` until `untilMs` (null: a car inside, until it leaves). */
export type HeldWindow = { slotId: string; fromMs: number; untilMs: number | null };

/** A walk-in D1 records as inside: its check-in, the slot it was given, since when. */
export type OpenWalkIn = { checkinId: string; slotId: string | null; sinceMs: number; passId?: string | null };

/** A booking the object holds, as its timers see it. */
export type HeldBooking = {
  reservationId: string;
  slotId: string;
  startMs: number;
  endMs: number;
  remindedStart: boolean;
  remindedEnd: boolean;
};

/**
 * The allocator surface the booking service uses, through the object's RPC stub (for requests and for
 * the lot-timers consumer alike). Every method may answer directly or as a promise.
 */
export interface SlotAuthority {
  /** True when a new booking's window is full by what the object knows, so it is refused before D1 is read. */
  refusesAsFull(query: FullQuery, now?: number): boolean | Promise<boolean>;
  hold(request: HoldRequest, now?: number): HoldResult | Promise<HoldResult>;
  /** The D1 write that claimed `holdId` committed `record`: the hold becomes that booking, and the reservation's change lock is released. */
  commit(holdId: string, record: BookingRecord, now?: number): FollowResult | Promise<FollowResult>;
  /** Frees a hold that never committed (a failed write). A booking is never freed this way. */
  releaseHold(holdId: string): void | Promise<void>;
  /** Makes the object hold exactly what D1 records of a reservation (nothing when it is no longer live). */
  follow(record: BookingRecord, now?: number): FollowResult | Promise<FollowResult>;
  lockReservation(reservationId: string, now?: number): boolean | Promise<boolean>;
  unlockReservation(reservationId: string): void | Promise<void>;
}

/**
 * The object as the lot-timers consumer sees it through the stub: the allocator plus the clock's
 * bookkeeping (reminders sent, overstays kept, the grace in force, walk-ins matched with D1).
 */
export interface LotClock extends SlotAuthority {
  booking(reservationId: string): HeldBooking | null | Promise<HeldBooking | null>;
  isLocked(reservationId: string, now: number): boolean | Promise<boolean>;
  markReminded(reservationId: string, moment: 'start' | 'end', forMs: number): boolean | Promise<boolean>;
  keepOverstay(reservationId: string, untilMs: number, now?: number): void | Promise<void>;
  noteNoShowGrace(minutes: number, now?: number): void | Promise<void>;
  reconcileWalkIns(open: OpenWalkIn[], now: number): { added: number; dropped: number } | Promise<{ added: number; dropped: number }>;
}

/**
 * One item of work the lot object's alarm found due at `now`, sent to the lot-timers Queue: match the
 * walk-ins with D1, settle a hold whose lease lapsed, or attend to a booking (reminder, no-show, end).
 */
export type LotTimerMessage =
  | { kind: 'walk-ins'; lotId: string; now: number }
  | { kind: 'lapsed-hold'; lotId: string; now: number; holdId: string; reservationId: string }
  | { kind: 'booking'; lotId: string; now: number; reservationId: string };

/** A closed stay as D1 recorded it (a `checkins` row), moved into its lot's object (stay-history.ts). */
export type StayRecord = typeof checkins.$inferSelect;

/** A car at the gate: by its plate, by the reservation of its pass, or by the stay's id. */
export type StayOfCar = { plate: string } | { reservationId: string } | { id: string };

/** The stays of a person's reservations and monthly passes at the lot. */
export type StaysOfPeople = { reservationIds: string[]; passIds?: string[] };

/** Recent Activity's latest entries or exits. */
export type LatestStays = { by: 'entry' | 'exit'; limit: number };

/** The owner's Plate reads report over a window of entries, but the stays D1 still holds (`inD1`: a move between its two writes). */
export type PlateReadsQuery = { from: string; to: string; limit: number; inD1: string[] };
/** A read the attendant corrected, newest first. */
export type CorrectedRead = { id: string; at: string; read: string; plate: string; confidence: number };
export type PlateReads = { reads: number; kept: number; corrected: CorrectedRead[] };

/** What a shift recorded among the stays an object keeps. */
export type ShiftTotals = { entries: number; passEntries: number; exits: number; cash: number; wallet: number };

/** A driver's bookings starting on a Manila day (`yyyy-MM-dd`) at the lot, and the money received from them that day (docs/owner.md, "Rollups"). */
export type CustomerDay = { day: string; userId: string; bookings: number; cents: number };

/** The Customers figures' days [from, to] (`yyyy-MM-dd`), and the folds still in D1's outbox: the object says which of them it has added. */
export type CustomerTotalsQuery = { from: string; to: string; pending: number[] };

/** Each driver's sums, the pending folds the object has added, and the newest fold it holds (null: none). */
export type CustomerTotals = { drivers: CustomerTotal[]; applied: number[]; newest: number | null };
