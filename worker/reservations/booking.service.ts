/**
 * A new booking (docs/booking.md): plan it from one D1 read, hold a slot in the lot object, pay and
 * record it in one batch on that hold, then confirm it to the driver.
 */
import { windowEnd } from '../../core/booking';
import type { CreateReservation } from '../../core/booking-request';
import { formatPeso } from '../../core/money';
import { quote, vatIncluded, type PriceQuote } from '../../core/pricing';
import { notFound, refusal } from '../../core/refusal';
import { formatDateTime } from '../../core/time';
import { isPhilippinePlate, normalizePlate, PLATE_MESSAGE, type VehicleType } from '../../core/vehicles';
import { afterCommit } from '../db/after-commit';
import { isIdempotencyRace, priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { newId } from '../db/ids';
import type { BookingRecord } from '../lot-object/protocol';
import { sendNotice } from '../notifications/notifications.service';
import type { Notice } from '../notifications/notifications.statements';
import { reservationReceipts } from '../receipts/receipts.service';
import { issueReceipt } from '../receipts/receipts.statements';
import { linesLessVoucher } from '../../core/rate-card';
import { voucherForBooking } from '../rewards/rewards.service';
import { payFromWallet, type SpendResult } from '../wallet/wallet.service';
import type { WalletAfter } from '../wallet/wallet.data';
import { bookable, checkWindow, LOT_FULL, replayed, reservationView, type BookingContext } from './booking-context.service';
import { claimHold } from './holds.statements';
import { afterPayment, paymentRefused, writeOnHold } from './payment-steps.service';
import { newReservationView, readForBooking, type BookableLot, type ReservationView } from './reservations.data';
import { chargeInsert, reservationInsert } from './reservations.statements';
import { reservationEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

const bookedPlate = (input: Pick<CreateReservation, 'plate'>) => normalizePlate(input.plate ?? '');

/** The price with a free-hour voucher's hour taken off, kept in the price snapshot (`voucherOffCents`). */
function withVoucher(price: PriceQuote, voucher: { amountOffCents: number } | null): PriceQuote & { voucherOffCents?: number } {
  if (!voucher) return price;
  const totalCents = price.totalCents - voucher.amountOffCents;
  const lines = linesLessVoucher(price.lines, voucher.amountOffCents);
  return { ...price, voucherOffCents: voucher.amountOffCents, totalCents, vatCents: vatIncluded(totalCents), ...(lines && { lines }) };
}

type SavedVehicle = NonNullable<Awaited<ReturnType<typeof readForBooking>>['vehicle']>;

/**
 * The vehicle of a booking: one of the driver's own, or a typed plate. A typed plate of a saved
 * vehicle is that vehicle (so it cannot be deleted while booked); any other typed plate is the vehicle
 * type the request names (the one searched for), a car unless named.
 */
function vehicleFor(saved: SavedVehicle | null, input: Pick<CreateReservation, 'vehicleId' | 'plate' | 'vehicleType'>, lot: BookableLot) {
  let vehicle: { id: string | null; plate: string; type: VehicleType };
  if (input.vehicleId) {
    if (!saved) throw notFound('Vehicle');
    vehicle = { id: saved.id, plate: saved.plate, type: saved.vehicleType };
  } else {
    const plate = bookedPlate(input);
    if (!isPhilippinePlate(plate)) throw refusal('invalid', PLATE_MESSAGE);
    vehicle = saved ? { id: saved.id, plate, type: saved.vehicleType } : { id: null, plate, type: input.vehicleType ?? 'car' };
  }
  const accepted = lot.rules.vehicleTypes ?? ['car'];
  if (!accepted.includes(vehicle.type))
    throw refusal('invalid', `This lot does not take ${vehicle.type === 'car' ? 'cars' : 'motorcycles'}.`);
  return vehicle;
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
  const quoted = quote(lot.pricing, end.getTime() - start.getTime(), start.getTime(), { vehicleType: vehicle.type });
  const voucher = input.voucherId ? await voucherForBooking(ctx.db, userId, input.voucherId, quoted, now) : null;
  const price = withVoucher(quoted, voucher);
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
    voucher,
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
  const { id, holdId, userId, walletId, lot, start, end, vehicle, price, voucher, what } = plan;
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
              chargeInsert(db, { reservationId: id, kind: 'BOOKING', amountCents: price.totalCents, lines: price.lines }),
              ...issueReceipt(db, { reservationId: id, lot, amountCents: price.totalCents }),
              recordIdempotencyKey(db, request, id),
              claimHold(db, holdId, id),
              ...(voucher ? voucher.statements(id, lot.id) : []),
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
    metadata: {
      lotName: lot.name,
      slotLabel: reservation.slotLabel ?? undefined,
      startTime: reservation.startTs,
      reservationId: reservation.id,
    },
  };
  await afterPayment(ctx, userId, `parking at ${lot.name}`, price.totalCents, wallet, [confirmation]);
  await ctx.afterCommit('Booking confirmation e-mail', async () => {
    const receipt = (await reservationReceipts(ctx.db, [reservation.id])).get(reservation.id);
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
  await lotEvent(ctx, 'reservation.created', reservationEventData(reservation));
  return reservation;
}
