/** What other domains' D1 batches take of validations (docs/architecture.md, the layering rule). */
import { and, eq } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { validations } from '../db/schema';

/** The value a validation gave at its stay's exit (in the exit's batch). */
export const valueStatement = (db: DB, id: string, valueCents: number, at: Date) =>
  statementOf(db, db.update(validations).set({ valueCents, valuedAt: at.toISOString() }).where(eq(validations.id, id)));

export const validationsUnchanged = (db: DB, checkinId: string, counted: number) =>
  db.$client
    .prepare(
      'INSERT OR REPLACE INTO transition_guard (id, changed) VALUES (1, (SELECT count(*) FROM validations WHERE checkin_id = ?1) = ?2)',
    )
    .bind(checkinId, counted);

/** Frees the validations of an undone check-in: printed codes can be redeemed again, link ones are removed. */
export const releaseStatements = (db: DB, checkinId: string) => [
  statementOf(db, db.delete(validations).where(and(eq(validations.checkinId, checkinId), eq(validations.source, 'link')))),
  statementOf(
    db,
    db
      .update(validations)
      .set({ checkinId: null, redeemedAt: null, redeemedBy: null })
      .where(and(eq(validations.checkinId, checkinId), eq(validations.source, 'code'))),
  ),
];
