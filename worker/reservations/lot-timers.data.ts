/** What the lot's timers read afresh from D1 before they act (lifecycle.service.ts). */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DB } from '../db/client';
import { checkins, lots, reservations } from '../db/schema';
import type { OpenWalkIn } from '../lot-object/protocol';

/** A reservation as the lot's timers need it, read afresh from D1; null when it does not exist. */
export async function reservationForTimers(db: DB, reservationId: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      lotId: reservations.lotId,
      status: reservations.status,
      version: reservations.version,
      slotId: reservations.slotId,
      startTs: reservations.startTs,
      endTs: reservations.endTs,
      lotName: lots.name,
    })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(eq(reservations.id, reservationId));
  return row ?? null;
}

/** The walk-ins D1 records as inside a lot, as the lot object keeps them. */
export async function openWalkIns(db: DB, lotId: string): Promise<OpenWalkIn[]> {
  const rows = await db
    .select({ checkinId: checkins.id, slotId: checkins.slotId, entryTs: checkins.entryTs, passId: checkins.monthlyPassId })
    .from(checkins)
    .where(and(eq(checkins.lotId, lotId), eq(checkins.walkIn, true), isNull(checkins.exitTs), isNull(checkins.undoneAt)));
  return rows.map(({ entryTs, ...walkIn }) => ({ ...walkIn, sinceMs: Date.parse(entryTs) }));
}

/** The reservations that hold a slot at or after `nowIso` (CONFIRMED or ACTIVE, not ended), as the lot objects follow them. */
export const slotHoldingReservations = (db: DB, nowIso: string) =>
  db
    .select({
      id: reservations.id,
      lotId: reservations.lotId,
      status: reservations.status,
      version: reservations.version,
      slotId: reservations.slotId,
      startTs: reservations.startTs,
      endTs: reservations.endTs,
    })
    .from(reservations)
    .where(and(inArray(reservations.status, ['CONFIRMED', 'ACTIVE']), gt(reservations.endTs, nowIso)));

/** The lots with walk-ins D1 records as inside. */
export async function lotsWithWalkInsInside(db: DB): Promise<string[]> {
  const rows = await db
    .selectDistinct({ lotId: checkins.lotId })
    .from(checkins)
    .where(and(eq(checkins.walkIn, true), isNull(checkins.exitTs), isNull(checkins.undoneAt)));
  return rows.map((row) => row.lotId);
}
