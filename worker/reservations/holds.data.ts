/**
 * The fence between a booking write and the lot object's alarm over one slot hold (docs/booking.md):
 * the write claims the hold in its own batch, the alarm claims it as lapsed before freeing it, and the
 * primary key lets exactly one of them win.
 */
import { eq } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { holdClaims } from '../db/schema';

/** The statement a booking write puts in its batch: the batch fails if the hold has lapsed. */
export const claimHold = (db: DB, holdId: string, reservationId: string) =>
  statementOf(db, db.insert(holdClaims).values({ holdId, reservationId, outcome: 'committed' }));

/** True when a batch failed because the lot object had already let its hold lapse. */
export const holdLapsed = (error: unknown) => violates(error, 'hold_claims');

/** The alarm's claim on a lapsed hold: 'lapsed' when no write can commit on it any more, 'committed' when one did. */
export async function claimLapsedHold(db: DB, holdId: string, reservationId: string): Promise<'lapsed' | 'committed'> {
  await db.insert(holdClaims).values({ holdId, reservationId, outcome: 'lapsed' }).onConflictDoNothing();
  const [claim] = await db.select({ outcome: holdClaims.outcome }).from(holdClaims).where(eq(holdClaims.holdId, holdId));
  return claim.outcome;
}
