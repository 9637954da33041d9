/**
 * The booking protocol (docs/booking.md). D1 is the record of what was sold and paid; the lot object
 * follows it. A change holds a slot in the object under a fresh hold id, then one D1 batch writes the
 * record, its charge, its receipt, the wallet movement and the claim on that hold; only then is the
 * hold committed. Before the batch, any failure releases the hold. After it, nothing may: the commit
 * is retried by the object's alarm if it is lost, and the work that follows (notifications, auto
 * top-up) is best effort. Every change of an existing reservation is a conditional UPDATE on the
 * status and version it read; if the record moved on meanwhile, the batch aborts and no money moves.
 */
import { canExtend, canModify, changesClosed, refundableAt, windowEnd, windowProblem } from '../../core/booking';
import type { CreateReservation } from '../../core/booking-request';
import { formatPeso } from '../../core/money';
import { extensionCents, quote } from '../../core/pricing';
import { formatDateTime, HOUR_MS } from '../../core/time';
import { isPhilippinePlate, normalizePlate, PLATE_MESSAGE, type VehicleType } from '../../core/vehicles';
import { commit, type DB } from '../db/client';
import { afterCommit } from '../db/after-commit';
import { changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import type { BookingRecord, HoldRequest, SlotAuthority } from '../lot-object/protocol';
import { lotObject } from '../lot-object/stub';
import { notificationStatement, notify, type Notice } from '../notifications/notifications.data';
import { readSettings } from '../platform/settings.data';
import { currentReceiptsOf, issueReceipt, reissueReceipt } from '../receipts/receipts.service';
import { sendNotice } from '../notifications/notifications.service';
import {
  autoTopupIfLow,
  ledgerAmountByKey,
  payFromWallet,
  refundToWallet,
  walletOf,
  type SpendResult,
  type WalletAfter,
} from '../wallet/wallet.service';
import { claimHold, holdLapsed } from './holds.data';
import {
  bookingRecordOf,
  findOwnReservation,
  lotForBooking,
  newReservationView,
  readForBooking,
  netPaid,
  updateIfUnchanged,
  type BookableLot,
  type ReservationView,
  chargeInsert,
  reservationInsert,
} from './reservations.data';

export const LOT_FULL = 'Lot is full for this time';
export const INSUFFICIENT = 'Insufficient wallet balance';
export const CHANGE_IN_PROGRESS = 'Another change to this reservation is in progress. Try again in a moment.';
export const CHANGED_MEANWHILE =
  'This reservation changed while your request was on its way; nothing was charged. Reload it and try again.';
export const HOLD_EXPIRED = 'Your hold on the slot expired before the payment went through; nothing was charged. Please try again.';
export const NOT_CONFIRMED =
  'We could not confirm this change. Try again with the same request: it answers what happened, and never charges twice.';

/**
 * What the booking service works with. `lot` gives a lot's slot authority: its Durable Object for a
 * request, the object itself when its own timers act. `afterCommit` runs the work that follows a
 * committed change; it must never throw into the change (the default logs and carries on).
 */
export type BookingContext = {
  env: Bindings;
  db: DB;
  lot: (lotId: string) => SlotAuthority;
  afterCommit: (what: string, work: () => Promise<unknown>) => Promise<void>;
};

export const bookingContext = (env: Bindings, db: DB): BookingContext => ({ env, db, lot: (lotId) => lotObject(env, lotId), afterCommit });

const insufficient = (missingCents: number, balanceCents: number, amountCents: number) =>
  refusal('insufficient_funds', INSUFFICIENT, {
    missingCents,
    balanceCents,
    amountCents,
    detail: `Top up at least ${formatPeso(missingCents)} to book.`,
  });

/** A wallet payment for parking was refused: the driver hears why (PAYMENT_FAILED) and gets the 402. */
async function paymentRefused(
  ctx: BookingContext,
  userId: string,
  what: string,
  shortfall: { missingCents: number; balanceCents: number; amountCents: number },
) {
  await ctx.afterCommit('Payment failure notice', () =>
    notify(ctx.db, userId, {
      type: 'PAYMENT_FAILED',
      title: 'Payment failed',
      message: `${what}: ${formatPeso(shortfall.amountCents)} is due but your wallet holds ${formatPeso(shortfall.balanceCents)}. Top up at least ${formatPeso(shortfall.missingCents)} and try again.`,
    }),
  );
  return insufficient(shortfall.missingCents, shortfall.balanceCents, shortfall.amountCents);
}

/**
 * What follows a committed payment: the driver hears of it, then of any other `notices` of the change
 * (one write, listing in that order), and the auto top-up rule gets its turn. `wallet`: as the
 * payment's batch left it, when the payment read it there.
 */
async function afterPayment(
  ctx: BookingContext,
  userId: string,
  what: string,
  amountCents: number,
  wallet?: WalletAfter,
  notices: Notice[] = [],
) {
  await ctx.afterCommit('Payment notice', async () => {
    const { balanceCents } = wallet ?? (await walletOf(ctx.db, userId));
    const paid: Notice = {
      type: 'PAYMENT_SUCCESS',
      title: 'Payment successful',
      message: `${formatPeso(amountCents)} paid from your wallet for ${what}. Balance ${formatPeso(balanceCents)}.`,
    };
    const at = Date.now();
    await commit(
      ctx.db,
      [paid, ...notices].map((notice, i) => notificationStatement(ctx.db, userId, notice, new Date(at + i))),
    );
  });
  await ctx.afterCommit('Auto top-up', () => autoTopupIfLow(ctx.env, ctx.db, userId, wallet));
}

/** A lot a booking may be made at: approved (else 404, as if unknown) and taking bookings. */
function bookable(lot: BookableLot | null): BookableLot {
  if (!lot?.isApproved) throw notFound('Parking lot');
  if (!lot.isActive) throw refusal('conflict', 'This lot is not taking new bookings right now.');
  return lot;
}

const bookableLot = async (db: DB, lotId: string) => bookable(await lotForBooking(db, lotId));

type SavedVehicle = NonNullable<Awaited<ReturnType<typeof readForBooking>>['vehicle']>;
const bookedPlate = (input: Pick<CreateReservation, 'plate'>) => normalizePlate(input.plate ?? '');

/**
 * The vehicle of a booking: one of the driver's own, or a typed plate. A typed plate of a saved
 * vehicle is that vehicle (so it cannot be deleted while booked); any other typed plate is a car.
 */
function vehicleFor(saved: SavedVehicle | null, input: Pick<CreateReservation, 'vehicleId' | 'plate'>, lot: BookableLot) {
  let vehicle: { id: string | null; plate: string; type: VehicleType };
  if (input.vehicleId) {
    if (!saved) throw notFound('Vehicle');
    vehicle = { id: saved.id, plate: saved.plate, type: saved.vehicleType };
  } else {
    const plate = bookedPlate(input);
    if (!isPhilippinePlate(plate)) throw refusal('invalid', PLATE_MESSAGE);
    vehicle = saved ? { id: saved.id, plate, type: saved.vehicleType } : { id: null, plate, type: 'car' };
  }
  const accepted = lot.rules.vehicleTypes ?? ['car'];
  if (!accepted.includes(vehicle.type))
    throw refusal('invalid', `This lot does not take ${vehicle.type === 'car' ? 'cars' : 'motorcycles'}.`);
  return vehicle;
}

const checkWindow = (start: Date, end: Date, lot: BookableLot, now: Date) => {
  const problem = windowProblem({ start, end }, lot, now);
  if (problem) throw refusal('invalid', problem);
};

/** What a change's write answers: the wallet's result, or plain success when no money moved. */
type WriteResult = SpendResult | { ok: true; wallet?: undefined };

/**
 * Runs a change's D1 batch on a held slot. A batch refused by a constraint (the hold lapsed, the
 * record moved on, a twin request, a short wallet) wrote nothing: its hold is released and the
 * refusal says why. Any other error may have come after the commit (a lost connection): the hold is
 * left to lapse and the object's alarm settles it through the claim, following D1 whichever way it
 * went; the driver is asked to retry with the same key, which answers the outcome. Once the batch
 * commits, the hold is committed to the record; a lost commit is likewise the alarm's to finish.
 */
async function writeOnHold<R extends WriteResult>(
  lot: SlotAuthority,
  holdId: string,
  record: BookingRecord,
  write: () => Promise<R>,
  now: Date,
): Promise<R> {
  const release = () => afterCommit('Releasing a hold', async () => lot.releaseHold(holdId));
  let result: R;
  try {
    result = await write();
  } catch (error) {
    const refused = holdLapsed(error) || changedMeanwhile(error) || isIdempotencyRace(error);
    if (!refused) {
      console.error('Booking write failed without a definite outcome; the alarm settles its hold', record.reservationId, error);
      throw refusal('unavailable', NOT_CONFIRMED);
    }
    await release();
    if (holdLapsed(error)) throw refusal('conflict', HOLD_EXPIRED);
    if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  if (!result.ok) {
    await release();
    return result;
  }
  await afterCommit('Committing a hold to the lot object', async () => {
    const followed = await lot.commit(holdId, record, now.getTime());
    if (!followed.ok) console.error('Lot object refused a committed booking', record, followed);
  });
  return result;
}

const reservationView = async (db: DB, userId: string, id: string) => (await findOwnReservation(db, userId, id))!;

/** The answer to a repeated request; the lot object is brought to D1's record on the way (a cheap repair if a commit was lost). */
async function replayed(ctx: BookingContext, userId: string, id: string) {
  const reservation = await reservationView(ctx.db, userId, id);
  await afterCommit('Following a replayed change', async () => ctx.lot(reservation.lotId).follow(bookingRecordOf(reservation)));
  return reservation;
}

/**
 * Lots this isolate has read from D1: only their objects are asked whether a window is full before D1
 * is. Bounded: past the bound it starts again (the busiest lots are soon back in it).
 */
const lotsSeen = new Set<string>();
const LOTS_SEEN_MAX = 10_000;

/** The driver and key of a new booking's request, as the lot object remembers it. */
const requestTag = (request: IdempotentRequest) => `${request.userId} ${request.key}`;

/**
 * A window the lot object already knows to be full is refused before anything is read from D1: at a
 * full lot, that refusal is most of the requests. It comes before the other refusals of a booking
 * (a driver is never asked to top up for a lot that has no room). docs/booking.md.
 */
async function knownFull(ctx: BookingContext, input: CreateReservation, request: IdempotentRequest, now: Date) {
  if (!lotsSeen.has(input.lotId)) return false;
  const window = { startMs: Date.parse(input.start), endMs: windowEnd(input.start, input).getTime() };
  return ctx.lot(input.lotId).refusesAsFull({ ...window, requestTag: requestTag(request) }, now.getTime());
}

/** POST /api/reservations: plan it, hold a slot, pay and record it in one batch, confirm it. */
export async function book(ctx: BookingContext, input: CreateReservation, request: IdempotentRequest, now = new Date()) {
  if (await knownFull(ctx, input, request, now)) throw refusal('conflict', LOT_FULL);
  const plan = await planBooking(ctx, input, request, now);
  if (plan.replay !== null) return { reservation: await replayed(ctx, request.userId, plan.replay), replayed: true };
  const slotId = await holdSlot(ctx, plan, input, now);
  const written = await payAndRecord(ctx, plan, slotId, request, now);
  if ('twin' in written) return { reservation: await reservationView(ctx.db, request.userId, written.twin), replayed: true };
  return { reservation: await confirmBooking(ctx, plan, written), replayed: false };
}

/**
 * What the booking would be, from one D1 read: the lot, window, vehicle and price, or what an earlier
 * request under the same key made. A short balance is answered before any slot is held.
 */
async function planBooking(ctx: BookingContext, input: CreateReservation, request: IdempotentRequest, now: Date) {
  const userId = request.userId;
  const read = await readForBooking(ctx.db, {
    request,
    lotId: input.lotId,
    vehicle: input.vehicleId ? { id: input.vehicleId } : { plate: bookedPlate(input) },
  });
  if (read.prior) return { replay: read.prior } as const;
  const lot = bookable(read.lot);
  if (lotsSeen.size >= LOTS_SEEN_MAX) lotsSeen.clear();
  lotsSeen.add(lot.id);
  const start = new Date(input.start);
  const end = windowEnd(input.start, input);
  checkWindow(start, end, lot, now);
  const vehicle = vehicleFor(read.vehicle, input, lot);
  const price = quote(lot.pricing, end.getTime() - start.getTime(), start.getTime());
  const what = `Parking at ${lot.name}`;
  if (read.balanceCents < price.totalCents) {
    throw await paymentRefused(ctx, userId, what, {
      missingCents: price.totalCents - read.balanceCents,
      balanceCents: read.balanceCents,
      amountCents: price.totalCents,
    });
  }
  return {
    replay: null,
    id: newId(),
    holdId: newId(),
    requestTag: requestTag(request),
    userId,
    walletId: read.walletId,
    lot,
    start,
    end,
    vehicle,
    price,
    what,
  };
}
type BookingPlan = Extract<Awaited<ReturnType<typeof planBooking>>, { replay: null }>;

/** The lot object holds a slot for the window, and locks the new reservation while its write is in flight (the alarm leaves the hold alone). */
async function holdSlot(ctx: BookingContext, plan: BookingPlan, input: CreateReservation, now: Date) {
  const held = await ctx.lot(plan.lot.id).hold(
    {
      holdId: plan.holdId,
      reservationId: plan.id,
      startMs: plan.start.getTime(),
      endMs: plan.end.getTime(),
      slots: plan.lot.slots,
      needs: { ...input.needs, vehicleType: plan.vehicle.type },
      lockNew: true,
      requestTag: plan.requestTag,
    },
    now.getTime(),
  );
  if (!held.ok) throw refusal('conflict', LOT_FULL);
  return held.slotId;
}

/**
 * The reservation, its charge, receipt, key and confirmation notice, paid from the wallet in one batch
 * on the held slot. Answers the wallet as the batch left it, or the reservation a concurrent twin under
 * the same key made, if it won.
 */
async function payAndRecord(
  ctx: BookingContext,
  plan: BookingPlan,
  slotId: string,
  request: IdempotentRequest,
  now: Date,
): Promise<{ twin: string } | { wallet: WalletAfter; reservation: ReservationView }> {
  const { db } = ctx;
  const { id, holdId, userId, walletId, lot, start, end, vehicle, price, what } = plan;
  const authority = ctx.lot(lot.id);
  const row = {
    id,
    userId,
    lotId: lot.id,
    slotId,
    vehicleId: vehicle.id,
    vehiclePlate: vehicle.plate,
    status: 'CONFIRMED' as const,
    startTs: start.toISOString(),
    endTs: end.toISOString(),
    amountCents: price.totalCents,
    priceSnapshotJson: JSON.stringify(price),
    createdAt: new Date().toISOString(),
  };
  let written = false;
  try {
    const record: BookingRecord = { reservationId: id, version: 0, live: true, slotId, startMs: start.getTime(), endMs: end.getTime() };
    let paid: SpendResult;
    try {
      paid = await writeOnHold(
        authority,
        holdId,
        record,
        () =>
          payFromWallet(
            db,
            {
              userId,
              walletId,
              reservationId: id,
              amountCents: price.totalCents,
              description: what,
              idempotencyKey: `reservation:${id}:booking`,
            },
            [
              reservationInsert(db, row),
              chargeInsert(db, { reservationId: id, kind: 'BOOKING', amountCents: price.totalCents }),
              ...issueReceipt(db, { reservationId: id, lot, amountCents: price.totalCents }),
              recordIdempotencyKey(db, request, id),
              claimHold(db, holdId, id),
            ],
          ),
        now,
      );
    } catch (error) {
      if (!isIdempotencyRace(error)) throw error;
      return { twin: (await priorResource(db, request))! };
    }
    if (!paid.ok) {
      if (paid.reason === 'insufficient_funds') throw await paymentRefused(ctx, userId, what, { ...paid, amountCents: price.totalCents });
      throw refusal('conflict', 'This booking was already paid.');
    }
    written = true;
    const slot = lot.slots.find((candidate) => candidate.id === slotId)!;
    return { wallet: paid.wallet, reservation: newReservationView(row, lot, slot) };
  } finally {
    // A committed booking's lock went with its commit; one that did not get that far is unlocked here.
    if (!written) await afterCommit('Unlocking a new reservation', async () => authority.unlockReservation(id));
  }
}

type BookedWrite = Exclude<Awaited<ReturnType<typeof payAndRecord>>, { twin: string }>;

/** The booked reservation as the driver sees it, after its notices and the auto top-up's turn. */
async function confirmBooking(ctx: BookingContext, { userId, lot, price }: BookingPlan, { reservation, wallet }: BookedWrite) {
  const confirmation: Notice = {
    type: 'BOOKING_CONFIRMED',
    title: 'Reservation confirmed',
    message: `${lot.name}, slot ${reservation.slotLabel}, ${formatDateTime(reservation.startTs)}. ${formatPeso(price.totalCents)} paid from your wallet. Pass ${reservation.passId}.`,
    metadata: { lotName: lot.name, slotLabel: reservation.slotLabel ?? undefined, startTime: reservation.startTs },
  };
  await afterPayment(ctx, userId, `parking at ${lot.name}`, price.totalCents, wallet, [confirmation]);
  await ctx.afterCommit('Booking confirmation e-mail', async () => {
    const receipt = (await currentReceiptsOf(ctx.db, [reservation.id])).get(reservation.id);
    await sendNotice(ctx, userId, {
      note: confirmation,
      writtenInApp: true,
      email: {
        facts: [
          { label: 'Starts', at: reservation.startTs },
          { label: 'Ends', at: reservation.endTs },
          { label: 'Paid from your wallet', pesos: price.totalCents },
          ...(receipt ? [{ label: 'Official receipt', text: receipt.number }] : []),
        ],
        link: { label: 'Open the pass', path: `/reservation/${reservation.id}` },
      },
      key: `booking-confirmed:${reservation.id}`,
    });
  });
  return reservation;
}

async function ownReservation(db: DB, userId: string, id: string): Promise<ReservationView> {
  const reservation = await findOwnReservation(db, userId, id);
  if (!reservation) throw notFound('Reservation');
  return reservation;
}

/**
 * Runs one change of a reservation (cancel, modify, extend) under the lot object's per-reservation
 * lock, on the reservation read afresh inside it. The lock keeps two changes from racing on what was
 * paid; the conditional UPDATE of each change is what makes a stale one harmless if the lock lapses.
 */
async function changeReservation<T>(
  ctx: BookingContext,
  userId: string,
  id: string,
  now: Date,
  change: (current: ReservationView, lot: SlotAuthority) => Promise<T>,
): Promise<T> {
  const { lotId } = await ownReservation(ctx.db, userId, id);
  const lot = ctx.lot(lotId);
  if (!(await lot.lockReservation(id, now.getTime()))) throw refusal('conflict', CHANGE_IN_PROGRESS);
  try {
    return await change(await ownReservation(ctx.db, userId, id), lot);
  } finally {
    await afterCommit('Unlocking a reservation', async () => lot.unlockReservation(id));
  }
}

const cancelRefundKey = (id: string) => `reservation:${id}:cancel`;

/** POST /api/reservations/:id/cancel: full refund until the free-cancellation window (a platform setting) before the start, none after. */
export function cancel(ctx: BookingContext, id: string, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, (reservation, lot) => cancelNow(ctx, lot, reservation, request, now));
}

async function cancelNow(ctx: BookingContext, lot: SlotAuthority, reservation: ReservationView, request: IdempotentRequest, now: Date) {
  const { db } = ctx;
  const { userId } = request;
  const { id } = reservation;
  // The same request again: the first answer, no second refund.
  if (await priorResource(db, request)) return { reservation, refundCents: await refundedOnCancel(db, userId, id) };
  if (reservation.status === 'ACTIVE') throw refusal('conflict', 'You are checked in: check out at the gate to end this reservation.');
  if (reservation.status !== 'CONFIRMED') throw refusal('conflict', `This reservation is already ${reservation.status.toLowerCase()}.`);
  const { freeCancelMinutes } = await readSettings(db);
  const refundCents = refundableAt(reservation.startTs, freeCancelMinutes, now) ? await netPaid(db, id) : 0;
  const markCancelled = updateIfUnchanged(ctx.db, reservation, { status: 'CANCELLED', cancelledAt: now.toISOString() });
  try {
    if (refundCents > 0) {
      const refunded = await refundToWallet(
        db,
        {
          userId,
          reservationId: id,
          amountCents: refundCents,
          description: `Refund: cancelled parking at ${reservation.lotName}`,
          idempotencyKey: cancelRefundKey(id),
        },
        [
          ...markCancelled,
          chargeInsert(db, { reservationId: id, kind: 'REFUND', amountCents: -refundCents }),
          // Everything paid comes back: the receipt is voided, and no new one is issued.
          ...reissueReceipt(db, { reservationId: id, lot: { id: reservation.lotId, name: reservation.lotName }, netPaidCents: 0 }),
          recordIdempotencyKey(db, request, id),
        ],
      );
      if (!refunded.ok) throw refusal('conflict', 'This reservation was already cancelled.');
    } else {
      await commit(db, [...markCancelled, recordIdempotencyKey(db, request, id)]);
    }
  } catch (error) {
    if (isIdempotencyRace(error))
      return { reservation: await replayed(ctx, userId, id), refundCents: await refundedOnCancel(db, userId, id) };
    if (changedMeanwhile(error)) throw refusal('conflict', CHANGED_MEANWHILE);
    throw error;
  }
  const cancelled = await reservationView(db, userId, id);
  await afterCommit('Freeing a cancelled booking', async () => lot.follow(bookingRecordOf(cancelled), now.getTime()));
  return { reservation: cancelled, refundCents };
}

/** What the cancellation refunded, read back from its ledger row (0 when none was due). */
const refundedOnCancel = async (db: DB, userId: string, id: string) => (await ledgerAmountByKey(db, userId, cancelRefundKey(id))) ?? 0;

/**
 * Moves a reservation to a new window (modify) or a longer one (extend): hold the new window next to
 * the current booking, write what it costs in D1, then commit the new booking in the object. A change
 * buys the new window at today's prices and refunds in full what the old one cost (it is made only
 * while cancelling would refund in full); an extension pays `extensionCents` (core/pricing.ts).
 */
async function reschedule(
  ctx: BookingContext,
  authority: SlotAuthority,
  reservation: ReservationView,
  next: { start: Date; end: Date; sameSlot: boolean; kind: 'MODIFICATION' | 'EXTENSION' },
  request: IdempotentRequest,
  now: Date,
) {
  const { db } = ctx;
  const { userId } = request;
  const lot = await bookableLot(db, reservation.lotId);
  const price = quote(lot.pricing, next.end.getTime() - next.start.getTime(), next.start.getTime());
  const paid = await netPaid(db, reservation.id);
  const difference = next.kind === 'EXTENSION' ? extensionCents(lot.pricing, reservation, next.end) : price.totalCents - paid;
  const holdId = newId();
  const window = { startMs: next.start.getTime(), endMs: next.end.getTime() };
  // The new slot keeps the features of the current one (an accessible bay stays accessible).
  const current = lot.slots.find((slot) => slot.id === reservation.slotId);
  const hold: HoldRequest = {
    holdId,
    reservationId: reservation.id,
    // An extension only needs the added time; the car keeps its slot.
    ...(next.sameSlot ? { startMs: new Date(reservation.endTs).getTime(), endMs: window.endMs } : window),
    slots: lot.slots,
    needs: { vehicleType: current?.vehicleType ?? 'car', accessible: current?.accessible, ev: current?.evCharging },
    slotId: next.sameSlot ? (reservation.slotId ?? undefined) : undefined,
  };
  const held = await authority.hold(hold, now.getTime());
  if (!held.ok) {
    throw refusal(
      'conflict',
      next.sameSlot
        ? `Your slot is booked by someone else after ${formatDateTime(reservation.endTs)}; the stay cannot be extended.`
        : LOT_FULL,
    );
  }
  const movement = {
    userId,
    reservationId: reservation.id,
    amountCents: Math.abs(difference),
    description: `${next.kind === 'EXTENSION' ? 'Extension' : 'Change'} of parking at ${lot.name}`,
    idempotencyKey: `reservation:${reservation.id}:${request.key}`,
  };
  const statements = [
    ...updateIfUnchanged(ctx.db, reservation, {
      startTs: next.start.toISOString(),
      endTs: next.end.toISOString(),
      slotId: held.slotId,
      amountCents: paid + difference,
      priceSnapshotJson: JSON.stringify(price),
    }),
    chargeInsert(db, { reservationId: reservation.id, kind: difference < 0 ? 'REFUND' : next.kind, amountCents: difference }),
    // Money moved: the receipt is voided and one for the new net amount replaces it (a change of window at the same price keeps it).
    ...(difference === 0 ? [] : reissueReceipt(db, { reservationId: reservation.id, lot, netPaidCents: paid + difference })),
    recordIdempotencyKey(db, request, reservation.id),
    claimHold(db, holdId, reservation.id),
  ];
  const record: BookingRecord = {
    reservationId: reservation.id,
    version: reservation.version + 1,
    live: true,
    slotId: held.slotId,
    ...window,
  };
  let result: WriteResult;
  try {
    result = await writeOnHold(
      authority,
      holdId,
      record,
      async (): Promise<WriteResult> => {
        if (difference > 0) return payFromWallet(db, movement, statements);
        if (difference < 0) return refundToWallet(db, movement, statements);
        await commit(db, statements);
        return { ok: true };
      },
      now,
    );
  } catch (error) {
    if (isIdempotencyRace(error)) return replayed(ctx, userId, reservation.id);
    throw error;
  }
  if (!result.ok) {
    if (result.reason === 'insufficient_funds')
      throw await paymentRefused(ctx, userId, movement.description, { ...result, amountCents: difference });
    throw refusal('conflict', 'This change was already made.');
  }
  if (difference > 0)
    await afterPayment(
      ctx,
      userId,
      `${next.kind === 'EXTENSION' ? 'the extension' : 'the change'} of parking at ${lot.name}`,
      difference,
      result.wallet,
    );
  return reservationView(db, userId, reservation.id);
}

/** PATCH /api/reservations/:id: a CONFIRMED reservation still inside its free-cancellation time moves to a new window. */
export function modify(
  ctx: BookingContext,
  id: string,
  input: { start: string; durationHours?: number; end?: string },
  request: IdempotentRequest,
  now = new Date(),
) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    if (await priorResource(ctx.db, request)) return replayed(ctx, request.userId, id);
    const { freeCancelMinutes } = await readSettings(ctx.db);
    if (!canModify(reservation, freeCancelMinutes, now)) {
      throw refusal(
        'conflict',
        reservation.status === 'CONFIRMED'
          ? `${changesClosed(freeCancelMinutes)} This one can still be extended or cancelled.`
          : 'Only a confirmed reservation can be changed.',
      );
    }
    const lot = await bookableLot(ctx.db, reservation.lotId);
    const start = new Date(input.start);
    const end = windowEnd(input.start, input);
    checkWindow(start, end, lot, now);
    return reschedule(ctx, authority, reservation, { start, end, sameSlot: false, kind: 'MODIFICATION' }, request, now);
  });
}

/** POST /api/reservations/:id/extend: more hours on the same slot, CONFIRMED or ACTIVE. */
export function extend(ctx: BookingContext, id: string, hours: number, request: IdempotentRequest, now = new Date()) {
  return changeReservation(ctx, request.userId, id, now, async (reservation, authority) => {
    if (await priorResource(ctx.db, request)) return replayed(ctx, request.userId, id);
    if (!canExtend(reservation, now))
      throw refusal('conflict', 'Only a confirmed or active reservation that has not ended can be extended.');
    const lot = await bookableLot(ctx.db, reservation.lotId);
    const start = new Date(reservation.startTs);
    const end = new Date(new Date(reservation.endTs).getTime() + hours * HOUR_MS);
    // The window is judged as a whole, as if booked at its start (it may have begun already).
    const problem = windowProblem({ start, end }, lot, start);
    if (problem) throw refusal('invalid', problem);
    return reschedule(ctx, authority, reservation, { start, end, sameSlot: true, kind: 'EXTENSION' }, request, now);
  });
}
