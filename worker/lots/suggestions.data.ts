import { and, count, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { lots, reservations } from '../db/schema';
import { firstStayHours, heldInHours, rollupsOf } from './lots.data';

/**
 * What "Best for you" reads for a page of lots (core/suggestions.ts), in one batch: the driver's
 * completed stays grouped by lot with each lot's amenities (one grouped read of their reservations),
 * and the page's stay rollups for the forecast at arrival (`hours`: the weeks' same hours).
 */
export async function bestForYouFigures(db: DB, userId: string | null, lotIds: string[], hours: number[]) {
  const [stays, held, first] = await db.batch([
    db
      .select({ lotId: reservations.lotId, stays: count(), amenitiesJson: lots.amenitiesJson })
      .from(reservations)
      .innerJoin(lots, eq(lots.id, reservations.lotId))
      // Nobody signed in: no user has the empty id, so the read finds nothing.
      .where(and(eq(reservations.userId, userId ?? ''), eq(reservations.status, 'COMPLETED')))
      .groupBy(reservations.lotId),
    heldInHours(db, lotIds, hours),
    firstStayHours(db, lotIds),
  ]);
  return { stays, rollups: rollupsOf(held, first) };
}
