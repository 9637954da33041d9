/**
 * A stay its driver declared out by tapping the exit tag, seen leaving at the gate later (docs/gate.md,
 * A declared exit seen at the gate). The tap's exit stands as it was paid; the gate's exit reopens the
 * stay from it, as a row of its own (`reopened_from`, once per stay), charged the time past the
 * declared exit by the lot's rules and paid as any exit is: the reservation's wallet up to a day's
 * price, a pay code, or cash. The charge is an OVERSTAY of the stay's reservation (the driver's booking,
 * or the one their tap made of a pass car's stay), whose receipt is reissued for the new total.
 */
import type { ExitRequest } from '../../core/gate';
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import { formatTime } from '../../core/time';
import { archivedPaymentOf } from '../archive/charges-archive.service';
import { afterCommit } from '../db/after-commit';
import { violates } from '../db/constraints';
import { newId } from '../db/ids';
import { recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { notify } from '../notifications/notifications.service';
import { reissueReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import { chargeInsert } from '../reservations/reservations.statements';
import { exitAudit, recordedCheckin, type Checkin, type GateContext } from './checkin.service';
import { checkinInsert, findGateReservation, type CheckinView } from './checkins.data';
import { netPaidOf } from './gate-refunds.data';
import { priceAfterDeclaredExit, type StayPrice } from './stay-price.service';
import { commitExit, paymentOf, type StayPayment } from './stay-payment.service';
import { findStay, keptInD1 } from './stay-move.service';

/** The declared stay, and the gate's exit of it: by override or not, on which shift, at what time. */
type SeenLeaving = { checkin: CheckinView & { exitTs: string }; override: boolean; shift: { id: string } | null; at: Date };

/** The reservation's receipt for all it was paid with this charge, its archived charges included (docs/payments.md, Archive). */
async function reissuedWith(ctx: GateContext, reservationId: string, price: StayPrice, now: Date) {
  const archived = await archivedPaymentOf(ctx, reservationId, now);
  const netPaidCents = (await netPaidOf(ctx.db, reservationId)) + archived.cents + price.amountCents;
  return reissueReceipt(ctx.db, { reservationId, lot: price.lot, netPaidCents, archivedLines: archived.lines });
}

export async function exitAfterDeclared(ctx: GateContext, seen: SeenLeaving, input: ExitRequest, request: IdempotentRequest, now: Date) {
  const { db } = ctx;
  const { checkin, override, shift } = seen;
  const { reservationId } = checkin;
  // The car passed the gate no earlier than its driver said it left.
  const at = new Date(Math.max(seen.at.getTime(), Date.parse(checkin.exitTs)));
  const id = newId();
  const price = await priceAfterDeclaredExit(db, checkin, at);
  const { amountCents } = price;
  const payment = await paymentOf(ctx, { id, lotId: checkin.lotId, stayReservationId: reservationId }, price, input.payCode, now);
  const receipt = reservationId && amountCents > 0 ? await reissuedWith(ctx, reservationId, price, now) : [];
  // The row reopening the stay names it: a stay moved into the lot's object comes back into D1 first.
  const declared = await findStay(ctx.env, db, checkin.id, checkin.lotId);
  const kept = declared ? await keptInD1(ctx.env, db, declared) : [];
  const statements = ({ paidBy, payerId }: StayPayment) => [
    ...kept,
    checkinInsert(db, {
      id,
      lotId: checkin.lotId,
      reservationId,
      plate: checkin.plate,
      slotId: checkin.slotId,
      slotLabel: checkin.slot,
      walkIn: checkin.walkIn,
      monthlyPassId: checkin.monthlyPassId,
      reopenedFrom: checkin.id,
      entryTs: checkin.exitTs,
      exitTs: at.toISOString(),
      exitShiftId: shift?.id ?? null,
      exitAttendantId: ctx.user.id,
      amountCents,
      paidBy,
      payerId,
      lostTicket: input.lostTicket ?? false,
      exitOverrideReason: override ? input.overrideReason : null,
    }),
    ...(reservationId && amountCents > 0
      ? [chargeInsert(db, { reservationId, kind: 'OVERSTAY', amountCents, method: paidBy ?? undefined }), ...receipt]
      : []),
    ...exitAudit(ctx, { ...checkin, id }, input, { override, amountCents, at }),
    recordIdempotencyKey(db, request, id),
  ];
  try {
    // A reservation's wallet that fell short since the decision: recorded as decided again, in cash.
    const inCash = await commitExit(db, price, payment, id, statements(payment));
    if (inCash) await commitExit(db, price, inCash, id, statements(inCash));
  } catch (error) {
    if (violates(error, 'checkins.reopened_from'))
      throw refusal('conflict', 'This car was checked out at the gate a moment ago. Look it up again.');
    throw error;
  }
  if (reservationId && receipt.length) await emailReceipt(ctx, { reservationId });
  const closed = await recordedCheckin(db, id);
  await afterCommit('Seen leaving notice', () => seenLeavingNotice(ctx, checkin, price, closed));
  return { ...closed, walletCapCents: payment.walletCapCents, validations: [] };
}

/** The stay's driver, told that the gate saw the car leave after their tap, and what the time since cost. */
async function seenLeavingNotice(ctx: GateContext, declared: SeenLeaving['checkin'], { lot, amountCents }: StayPrice, closed: Checkin) {
  const reservation = declared.reservationId ? await findGateReservation(ctx.db, declared.reservationId) : null;
  if (!reservation) return;
  const paid = closed.paidBy === 'wallet' ? 'paid from your wallet' : 'paid at the gate';
  return notify(ctx.db, reservation.userId, {
    type: 'CHECKED_OUT',
    title: 'Seen leaving',
    message: `${lot.name}: you checked out by tag at ${formatTime(declared.exitTs)}, and ${closed.plate} left at ${formatTime(closed.exitTs!)}.${amountCents ? ` ${formatPeso(amountCents)} for the time since, ${paid}.` : ''}`,
    metadata: { lotName: lot.name, reservationId: reservation.id },
  });
}
