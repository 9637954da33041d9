/** What other domains' D1 batches take of a lot's attendants (docs/architecture.md, the layering rule). */
import { eq } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { attendantAssignments, shifts } from '../db/schema';
import { endShifts } from './lot-attendants.data';

/** A driver works no gate: every lot assignment of theirs, for a demotion by the super admin. */
export const unassignEverywhereStatement = (db: DB, userId: string) =>
  statementOf(db, db.delete(attendantAssignments).where(eq(attendantAssignments.attendantId, userId)));

/** Ends every shift the user still has open, at any lot. */
export const endOpenShiftsStatement = (db: DB, userId: string, now: Date) => endShifts(db, eq(shifts.attendantId, userId), now);
