import { statementOf, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { holdClaims } from '../db/schema';

/** The statement a booking write puts in its batch: the batch fails if the hold has lapsed. */
export const claimHold = (db: DB, holdId: string, reservationId: string) =>
  statementOf(db, db.insert(holdClaims).values({ holdId, reservationId, outcome: 'committed' }));

/** True when a batch failed because the lot object had already let its hold lapse. */
export const holdLapsed = (error: unknown) => violates(error, 'hold_claims');
