/**
 * An owner or the super admin pays back part or all of a gate charge (docs/gate.md, Who moves whose
 * money): to the wallet it was paid from (the payer the exit recorded: a pay code's driver, who may
 * not be the reservation's), or in cash at the lot when it was paid in cash. The refund
 * row is written only while the stay's refunds stay within its charge (a conditional INSERT, so two
 * refunds at once cannot pay back more), in one batch with the wallet credit, the audit entry and
 * the receipt voided and reissued for the new net amount. A stay moved into its lot's object comes back
 * into D1 in that batch (docs/gate.md, Where a stay lives).
 */
import type { GateRefundRequest } from '../../core/gate';
import { formatPeso } from '../../core/money';
import { auditStatement } from '../audit/audit.data';
import { commit } from '../db/client';
import { changedMeanwhile, abortUnlessChanged } from '../db/guards';
import { newId } from '../db/ids';
import { refusal } from '../../core/refusal';
import { priorResource, recordIdempotencyKey, type IdempotentRequest } from '../db/idempotency-keys';
import { assertManagesLot } from '../lots/lots.service';
import { archivedPaymentOf } from '../archive/charges-archive.service';
import { reissueReceipt } from '../receipts/receipts.statements';
import { emailReceipt } from '../receipts/receipt-mail.service';
import type { GateContext } from './checkin.service';
import { findGateReservation, type GateReservation } from './checkins.data';
import { findStay, keptInD1 } from './stay-move.service';
import { findGateRefund, netPaidOf, refundedOf, refundInsert } from './gate-refunds.data';
import { refundToWallet } from '../wallet/wallet.service';
import type { GatePaymentMethod } from '../../core/wallet';

export type GateRefund = { id: string; checkinId: string; amountCents: number; method: GatePaymentMethod; refundedCents: number };

const ARCHIVED_BOOKING_REFUND =
  "This stay's booking ended more than a week ago and is kept in its archive: its charges can no longer be refunded at the gate.";

/** POST /api/owner/checkins/:checkinId/refund. */
export async function refundGateCharge(
  ctx: GateContext,
  checkinId: string,
  input: GateRefundRequest,
  request: IdempotentRequest,
  now = new Date(),
): Promise<{ refund: GateRefund; replayed: boolean }> {
  const { db, user } = ctx;
  const stay = await findStay(ctx.env, db, checkinId, input.lotId);
  if (!stay) throw refusal('not_found', 'No such check-in.');
  await assertManagesLot(db, user, stay.lotId);
  const replay = await priorResource(db, request);
  if (replay) return { refund: await refundView(ctx, replay), replayed: true };
  if (!stay.exitTs || !stay.amountCents || !stay.paidBy) throw refusal('conflict', 'This stay has no gate charge to refund.');
  const left = stay.amountCents - (await refundedOf(db, checkinId));
  if (input.amountCents > left)
    throw refusal('conflict', `At most ${formatPeso(left)} of this ${formatPeso(stay.amountCents)} charge is left to refund.`);

  const id = newId();
  const method = stay.paidBy;
  const reservation = stay.reservationId ? await findGateReservation(db, stay.reservationId) : null;
  // Its booking over for a week and moved to the archive (docs/payments.md, Archive): neither its wallet
  // nor its receipt may be reached any more, so nothing is refunded rather than refunded as cash.
  if (stay.reservationId && !reservation) throw refusal('conflict', ARCHIVED_BOOKING_REFUND);
  const statements = [
    ...(await keptInD1(ctx.env, db, stay)),
    refundInsert(db, { id, checkinId, amountCents: input.amountCents, method, reason: input.reason, refundedBy: user.id, at: now }),
    abortUnlessChanged(db),
    recordIdempotencyKey(db, request, id),
  ];
  if (reservation) statements.push(...(await receiptLess(ctx, reservation, input.amountCents, now)));
  try {
    if (method === 'wallet' && reservation) {
      const refunded = await refundToWallet(
        db,
        {
          // Recorded at the exit since migration 0030 (and backfilled); before pay codes only the reservation's driver paid.
          userId: stay.payerId ?? reservation.userId,
          reservationId: reservation.id,
          amountCents: input.amountCents,
          description: `Refund at ${reservation.lotName}: ${input.reason}`,
          idempotencyKey: `gate-refund:${id}`,
        },
        statements,
        { user, subject: `checkin:${checkinId}`, reason: input.reason },
      );
      if (!refunded.ok) throw refusal('conflict', 'This refund was already made.');
    } else {
      await commit(db, [
        ...statements,
        auditStatement(db, user, {
          action: 'REFUND',
          subject: `checkin:${checkinId}`,
          context: { amountCents: input.amountCents, reason: input.reason, to: 'cash', lotId: stay.lotId, plate: stay.plate },
        }),
      ]);
    }
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'Another refund of this charge was made a moment ago. Look it up again.');
    throw error;
  }
  if (reservation) await emailReceipt(ctx, { reservationId: reservation.id });
  return { refund: await refundView(ctx, id), replayed: false };
}

/**
 * The reservation's receipt voided and reissued for what is left paid: its charges in D1 and those
 * already moved to the archive (docs/payments.md, Archive), less its gate refunds and this one.
 */
async function receiptLess(ctx: GateContext, reservation: GateReservation, refundCents: number, now: Date) {
  const archived = await archivedPaymentOf(ctx, reservation.id, now);
  return reissueReceipt(ctx.db, {
    reservationId: reservation.id,
    lot: { id: reservation.lotId, name: reservation.lotName },
    netPaidCents: (await netPaidOf(ctx.db, reservation.id)) + archived.cents - refundCents,
    archivedLines: archived.lines,
  });
}

async function refundView(ctx: GateContext, id: string): Promise<GateRefund> {
  const row = (await findGateRefund(ctx.db, id))!;
  return { ...row, refundedCents: await refundedOf(ctx.db, row.checkinId) };
}
