/**
 * A car's exit at the gate (docs/gate.md, Exit and charges): the stay leaving, its price
 * (stay-price.service.ts), who pays it (stay-payment.service.ts), then one batch that moves its reservation ACTIVE →
 * COMPLETED (conditional), closes the check-in (conditional on still open), records the charge, the
 * receipt and the audit of an override; then the lot object frees the slot and the drivers are told.
 */
import { decodeJwt } from 'jose';
import { isOverride, type ExitRequest } from '../../core/gate';
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { REVIEW_ASK } from '../../core/reviews';
import { formatDateTime, formatTime, MINUTE_MS } from '../../core/time';
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { lotObject } from '../lot-object/stub';
import { notify, sendNotice } from '../notifications/notifications.service';
import { MONTHLY_AUDIENCE, tokenAudience, verifyMonthlyPass, verifyPass } from '../passes/passes.service';
import { issueReceipt, reissueReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import { mayReviewLot } from '../reviews/reviews.service';
import { chargeInsert, reservationInsert } from '../reservations/reservations.statements';
import { validationsUnchanged, valueStatement } from '../validations/validations.statements';
import type { Consent } from './consent';
import {
  conditionalStatus,
  exitAudit,
  FORGED_PASS,
  recordAfter,
  recordedCheckin,
  timeOf,
  type Checkin,
  type GateContext,
} from './checkin.service';
import { exitAfterDeclared } from './declared-exit.service';
import { findCheckin, findOpenShift, openStayUpdate, type CheckinView } from './checkins.data';
import { stayAtGate } from './moved-declared.service';
import { netPaidOf } from './gate-refunds.data';
import { priceOfStay, withExitVoucher, type StayPrice } from './stay-price.service';
import { commitExit, paymentOf, type StayPayment } from './stay-payment.service';
import { stayEventData } from '../../core/webhooks';
import { lotEvent } from '../webhooks/webhooks.service';

/** What a merchant validation gave at the exit, as the gate shows it. */
type ExitValidation = { merchantName: string; label: string; code: string | null; valueCents: number };

/** POST /api/checkins/:checkinId/exit. */
export async function exit(
  ctx: GateContext,
  checkinId: string,
  input: ExitRequest,
  request: IdempotentRequest,
  now = new Date(),
): Promise<Checkin & { validations?: ExitValidation[]; walletCapCents?: number | null }> {
  const replay = await priorResource(ctx.db, request);
  if (replay) return recordedCheckin(ctx.db, replay);
  const stay = await stayLeaving(ctx, checkinId, input, now);
  if (stay.declared) return exitAfterDeclared(ctx, { ...stay, checkin: stay.declared }, input, request, now);
  const price = await withExitVoucher(
    ctx,
    await priceOfStay(ctx.db, stay.checkin, stay.at, input.lostTicket),
    stay.checkin,
    input.payCode,
    now,
  );
  const payment = await paymentOf(ctx, stay.checkin, price, input.payCode, now);
  const checkout = { stay, price, payment, input, request };
  try {
    await recordExit(ctx, checkout);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'This stay was checked out or changed a moment ago. Look it up again.');
    throw error;
  }
  const closed = await followExit(ctx, checkout, now);
  // A stay declared out by its driver's tap ended then, and was told then: not again when the gate sees it.
  await lotEvent(ctx, 'stay.ended', stayEventData(closed), now);
  return closed;
}

/**
 * The stay that is leaving: this lot's, still inside (or, to the gate, declared out by its driver's tap
 * and not seen leaving: `declared`), the same car, and the time it leaves at.
 */
async function stayLeaving(ctx: GateContext, checkinId: string, input: ExitRequest, now: Date) {
  const found = await stayAtGate(ctx.env, ctx.db, input.lotId, checkinId);
  if (!found || found.checkin.lotId !== input.lotId) throw refusal('not_found', 'No such check-in at this lot.');
  const { checkin } = found;
  if (checkin.undoneAt) throw refusal('conflict', 'This check-in was undone.');
  const { exitTs } = checkin;
  const declared = exitTs && !ctx.tap && (await found.declaredUnseen()) ? { ...checkin, exitTs } : null;
  if (exitTs && !declared) throw refusal('conflict', `This stay was already checked out at ${formatDateTime(exitTs)}.`);
  const override = isOverride(input);
  if (!override) await assertSameCar(ctx, checkin, input, now);
  const shift = ctx.tap ? null : await findOpenShift(ctx.db, ctx.user.id, checkin.lotId);
  const at = timeOf(input.exitTs, now, { what: 'exit', override, shiftStartedAt: shift?.startedAt });
  if (at.getTime() < Date.parse(checkin.entryTs)) throw refusal('invalid', 'The exit time is before the entry.');
  return { checkin, declared, override, shift, at };
}

/** The car leaving must be the one that entered: its plate, or the pass it entered on (an override may say otherwise, audited). */
async function assertSameCar(ctx: GateContext, checkin: CheckinView, input: ExitRequest, now: Date) {
  if (input.plate && input.plate !== checkin.plate)
    throw refusal('conflict', `Plate ${input.plate} does not match the car checked in as ${checkin.plate}.`);
  if (!input.passToken) return;
  const notThisPass = () => refusal('conflict', `This pass is not the one the car checked in as ${checkin.plate} entered on.`);
  if (tokenAudience(input.passToken) === MONTHLY_AUDIENCE) {
    const monthly = await verifyMonthlyPass(ctx.env, input.passToken, new Date(Date.parse(checkin.entryTs)));
    if (!monthly.valid && monthly.reason === 'forged') throw refusal('invalid', FORGED_PASS);
    const passId = monthly.valid ? monthly.claims.passId : decodeJwt(input.passToken).sub;
    if (passId !== checkin.monthlyPassId) throw notThisPass();
    return;
  }
  const check = await verifyPass(ctx.env, input.passToken, now);
  if (!check.valid && check.reason === 'forged') throw refusal('invalid', FORGED_PASS);
  // Only its times may have failed: the signature verified, so its subject is genuine.
  const reservationId = check.valid ? check.claims.reservationId : decodeJwt(input.passToken).sub;
  if (!checkin.reservationId || reservationId !== checkin.reservationId) throw notThisPass();
}

type LeavingStay = Awaited<ReturnType<typeof stayLeaving>>;
/** Everything the exit's batch is made of. */
type Checkout = { stay: LeavingStay; price: StayPrice; payment: StayPayment; input: ExitRequest; request: IdempotentRequest };

/**
 * The exit recorded, paid as decided. A reservation's wallet that fell short since the decision records
 * nothing, and the exit is recorded as decided again: in cash.
 */
async function recordExit(ctx: GateContext, checkout: Checkout) {
  const { stay, price, payment } = checkout;
  const inCash = await commitExit(ctx.db, price, payment, stay.checkin.id, await exitStatements(ctx, checkout));
  if (inCash) await commitExit(ctx.db, price, inCash, stay.checkin.id, await exitStatements(ctx, { ...checkout, payment: inCash }));
}

/** The exit's batch: the stay closed and, for a reservation's overstay, its charge and its receipt reissued for the new total. */
async function exitStatements(ctx: GateContext, checkout: Checkout) {
  const { db } = ctx;
  const { price, payment } = checkout;
  const { reservation, amountCents } = price;
  const closed = checkoutStatements(ctx, checkout);
  if (!reservation || amountCents === 0) return closed;
  // What the driver paid before this exit (no refund can precede it), and the overstay.
  const netPaidCents = (await netPaidOf(db, reservation.id)) + amountCents;
  return [
    ...closed,
    chargeInsert(db, { reservationId: reservation.id, kind: 'OVERSTAY', amountCents, method: payment.paidBy ?? undefined }),
    ...reissueReceipt(db, { reservationId: reservation.id, lot: price.lot, netPaidCents }),
  ];
}

/** The stay closed: its reservation completed (or a paid walk-in's made), its check-out, the validations' values, the audit. */
function checkoutStatements(ctx: GateContext, { stay, price, payment, input, request }: Checkout) {
  const { db, user } = ctx;
  const { checkin, override, shift, at } = stay;
  const { reservation, amountCents } = price;
  return [
    ...(reservation ? conditionalStatus(db, reservation, 'ACTIVE', 'COMPLETED') : paidWalkInStatements(db, stay, price, payment)),
    openStayUpdate(db, checkin.id, {
      exitTs: at.toISOString(),
      exitShiftId: shift?.id ?? null,
      // A tap's check-out is the driver's own: no attendant made it.
      exitAttendantId: ctx.tap ? null : user.id,
      exitTagId: ctx.tap?.tagId ?? null,
      amountCents,
      validatedCents: price.validatedCents,
      paidBy: payment.paidBy,
      payerId: payment.payerId,
      reservationId: payment.stayReservationId,
      lostTicket: input.lostTicket ?? false,
      exitOverrideReason: override ? input.overrideReason : null,
    }),
    abortUnlessChanged(db),
    // Each validation's value, and none applied since the price was worked out (else the batch aborts).
    ...price.validations.map((validation) => valueStatement(db, validation.id, validation.valueCents, at)),
    validationsUnchanged(db, checkin.id, price.validations.length),
    ...exitAudit(ctx, checkin, input, { override, amountCents, at }),
    recordIdempotencyKey(db, request, checkin.id),
  ];
}

/** A walk-in a driver's pay code pays for becomes their COMPLETED reservation, with its WALK_IN charge and receipt. */
function paidWalkInStatements(db: DB, { checkin, at }: LeavingStay, price: StayPrice, payment: StayPayment) {
  const { payer, stayReservationId, paidBy } = payment;
  if (!stayReservationId || !payer) return [];
  const { amountCents } = price;
  return [
    reservationInsert(db, {
      id: stayReservationId,
      userId: payer.userId,
      lotId: checkin.lotId,
      slotId: checkin.slotId,
      vehicleId: null,
      vehiclePlate: checkin.plate,
      status: 'COMPLETED',
      startTs: checkin.entryTs,
      endTs: new Date(Math.max(at.getTime(), Date.parse(checkin.entryTs) + MINUTE_MS)).toISOString(),
      amountCents,
    }),
    chargeInsert(db, { reservationId: stayReservationId, kind: 'WALK_IN', amountCents, method: paidBy ?? undefined, lines: price.lines }),
    ...issueReceipt(db, { reservationId: stayReservationId, lot: price.lot, amountCents }),
    ...(price.voucher?.statements(stayReservationId, checkin.lotId) ?? []),
  ];
}

/** After the record: the lot object frees the slot, the pay code's driver is told what it paid, and the stay's driver how it ended. */
async function followExit(ctx: GateContext, { stay: { checkin }, price, payment }: Checkout, now: Date) {
  const { lot, reservation, validations } = price;
  const { payCode, walletCapCents } = payment;
  const stub = lotObject(ctx.env, checkin.lotId);
  if (reservation)
    await afterCommit('Following a check-out', async () => stub.follow(recordAfter(reservation, 'COMPLETED'), now.getTime()));
  else await afterCommit('Freeing a walk-in slot', async () => stub.releaseWalkIn(checkin.id));
  // A charge on a reservation (an overstay, a walk-in a pay code paid) was receipted in the exit's batch.
  if (price.amountCents > 0 && payment.stayReservationId) await emailReceipt(ctx, { reservationId: payment.stayReservationId });
  const closed = await recordedCheckin(ctx.db, checkin.id);
  // Who stayed: the reservation's driver, or the driver whose pay code (or tap) made a walk-in their stay.
  const stayer = reservation?.userId ?? payCode?.userId;
  const review =
    stayer && payment.stayReservationId && (await mayReviewLot(ctx.db, stayer, checkin.lotId)) ? payment.stayReservationId : null;
  // The stay's one end asks for its review, once (docs/reviews.md, After a stay): in the payer's notice when they stayed.
  if (payCode)
    await afterCommit('Pay code notice', () => payCodeNotice(ctx, payCode, lot.name, closed, payCode.userId === stayer ? review : null));
  if (reservation && reservation.userId !== payCode?.userId)
    await afterCommit('Check-out notice', () => checkoutNotice(ctx, reservation.userId, price, payment, closed, review));
  return { ...closed, walletCapCents, validations: validations.map(({ id: _id, ...validation }) => validation) };
}

const askFor = (review: string | null) => (review ? { message: ` ${REVIEW_ASK}`, metadata: { reviewReservationId: review } } : null);

/** The reservation's driver, told how their stay ended (someone else's pay code may have paid it). */
function checkoutNotice(ctx: GateContext, userId: string, price: StayPrice, payment: StayPayment, closed: Checkin, review: string | null) {
  const { lot, amountCents, what } = price;
  const { payCode, walletCapCents } = payment;
  const paid =
    closed.paidBy === 'wallet' && !payCode
      ? 'paid from your wallet'
      : walletCapCents !== null
        ? `paid at the gate: above ${formatPeso(walletCapCents)}, a day at this lot, your wallet pays only with your pay code`
        : 'paid at the gate';
  const ask = askFor(review);
  return notify(ctx.db, userId, {
    type: 'CHECKED_OUT',
    title: 'Checked out',
    message: `${lot.name}: you left at ${formatTime(closed.exitTs!)}.${amountCents ? ` ${formatPeso(amountCents)} for ${what.toLowerCase()}, ${paid}.` : ''}${ask?.message ?? ''}`,
    metadata: { lotName: lot.name, reservationId: closed.reservationId ?? undefined, ...ask?.metadata },
  });
}

/** At once, in the app and on the phone: what the driver's pay code (or tap) paid, where, for which car; and the review ask when it was their stay. */
const payCodeNotice = (ctx: GateContext, payCode: Consent, lotName: string, closed: Checkin, review: string | null) => {
  const paid = closed.paidBy === 'wallet' ? formatPeso(closed.amountCents ?? 0) : null;
  const message =
    payCode.via === 'tap'
      ? `You checked out of ${lotName} with ${closed.plate}${paid ? `: ${paid} paid from your wallet` : ': nothing to pay'}.`
      : paid
        ? `Your pay code paid ${paid} from your wallet at ${lotName}, for the stay of ${closed.plate}.`
        : `Your pay code was shown at ${lotName} for the stay of ${closed.plate}: nothing was charged.`;
  const ask = askFor(review);
  return sendNotice(ctx, payCode.userId, {
    note: {
      type: 'PAYMENT_SUCCESS',
      title: payCode.via === 'tap' ? 'Checked out' : 'Pay code used',
      message: `${message}${ask?.message ?? ''}`,
      metadata: { lotName, ...ask?.metadata },
    },
    push: { url: '/wallet', tag: `pay-code:${payCode.codeId}` },
  });
};

/** The exit already recorded under this request's key, answered again (a retry of a tap whose answer was lost). */
export async function exitReplayed(db: DB, request: IdempotentRequest) {
  const id = await priorResource(db, request);
  return id ? recordedCheckin(db, id) : null;
}

/** What leaving at `at` would cost the open stay `checkinId`: the price an exit tag shows before the driver taps. */
export async function exitQuote(db: DB, checkinId: string, at: Date) {
  const checkin = await findCheckin(db, checkinId);
  if (!checkin) throw refusal('not_found', 'No such check-in at this lot.');
  const { amountCents, what } = await priceOfStay(db, checkin, at);
  return { amountCents, what };
}
