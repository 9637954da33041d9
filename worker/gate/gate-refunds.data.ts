/** D1 reads and writes of gate refunds: the stay a refund is of, what was paid back, what a reservation's driver paid net. */
import { eq, sum } from 'drizzle-orm';
import type { DB } from '../db/client';
import { charges, checkins, gateRefunds } from '../db/schema';
import type { GatePaymentMethod } from '../../core/wallet';

export async function findGateRefund(db: DB, id: string) {
  const [row] = await db
    .select({ id: gateRefunds.id, checkinId: gateRefunds.checkinId, amountCents: gateRefunds.amountCents, method: gateRefunds.method })
    .from(gateRefunds)
    .where(eq(gateRefunds.id, id));
  return row ?? null;
}

/** What was paid back of a stay's gate charge so far. */
export async function refundedOf(db: DB, checkinId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(gateRefunds.amountCents) })
    .from(gateRefunds)
    .where(eq(gateRefunds.checkinId, checkinId));
  return Number(row.total ?? 0);
}

/** What a reservation's driver paid, net: its charges less what the gate paid back on its stays. */
export async function netPaidOf(db: DB, reservationId: string): Promise<number> {
  const [[charged], [refunded]] = await db.batch([
    db
      .select({ total: sum(charges.amountCents) })
      .from(charges)
      .where(eq(charges.reservationId, reservationId)),
    db
      .select({ total: sum(gateRefunds.amountCents) })
      .from(gateRefunds)
      .innerJoin(checkins, eq(checkins.id, gateRefunds.checkinId))
      .where(eq(checkins.reservationId, reservationId)),
  ]);
  return Number(charged.total ?? 0) - Number(refunded.total ?? 0);
}

/**
 * A refund's row, written only while this stay's refunds, this one included, stay within its charge:
 * a conditional INSERT, so two refunds at once cannot pay back more (`abortUnlessChanged` after it).
 */
export const refundInsert = (
  db: DB,
  refund: { id: string; checkinId: string; amountCents: number; method: GatePaymentMethod; reason: string; refundedBy: string; at: Date },
) =>
  db.$client
    .prepare(
      `INSERT INTO gate_refunds (id, checkin_id, amount_cents, method, reason, refunded_by, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
        WHERE (SELECT coalesce(sum(amount_cents), 0) FROM gate_refunds WHERE checkin_id = ?2) + ?3
              <= (SELECT amount_cents FROM checkins WHERE id = ?2)`,
    )
    .bind(refund.id, refund.checkinId, refund.amountCents, refund.method, refund.reason, refund.refundedBy, refund.at.toISOString());
