/**
 * The fence between a booking write and the lot object's alarm over one slot hold (docs/booking.md):
 * the write claims the hold in its own batch, the alarm claims it as lapsed before freeing it, and the
 * primary key lets exactly one of them win.
 */
import { eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { holdClaims } from '../db/schema';

/** The alarm's claim on a lapsed hold: 'lapsed' when no write can commit on it any more, 'committed' when one did. */
export async function claimLapsedHold(db: DB, holdId: string, reservationId: string): Promise<'lapsed' | 'committed'> {
  await db.insert(holdClaims).values({ holdId, reservationId, outcome: 'lapsed' }).onConflictDoNothing();
  const [claim] = await db.select({ outcome: holdClaims.outcome }).from(holdClaims).where(eq(holdClaims.holdId, holdId));
  return claim.outcome;
}
