import { and, count, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { lots, reservations } from '../db/schema';

/**
 * What "Best for you" knows of a driver (core/suggestions.ts): their completed stays grouped by lot,
 * with each lot's amenities. One grouped read of their reservations, sent in the search's own batch.
 */
export const driverStays = (db: DB, userId: string) =>
  db
    .select({ lotId: reservations.lotId, stays: count(), amenitiesJson: lots.amenitiesJson })
    .from(reservations)
    .innerJoin(lots, eq(lots.id, reservations.lotId))
    .where(and(eq(reservations.userId, userId), eq(reservations.status, 'COMPLETED')))
    .groupBy(reservations.lotId);
