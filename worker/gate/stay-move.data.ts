/**
 * D1's side of the move of closed stays into their lot's object (docs/gate.md, "Where a stay lives"):
 * which stays may move, and their deletion once the object holds them.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { checkins, lots, recordMoves } from '../db/schema';

/** The stay of the outer query, named in full: a query of one table names its columns bare, which a subquery would read as its own. */
const stayId = sql`${checkins}.${sql.identifier(checkins.id.name)}`;

/**
 * A stay another D1 row names by foreign key: a refund of its charge, a validation redeemed on it, the
 * row reopening its declared exit. It stays in D1 with what names it (a refund's receipt and the
 * figures join it there); the row reopening it moves, after which it may move too.
 */
const referenced = sql`(EXISTS (SELECT 1 FROM gate_refunds g WHERE g.checkin_id = ${stayId})
  OR EXISTS (SELECT 1 FROM validations v WHERE v.checkin_id = ${stayId})
  OR EXISTS (SELECT 1 FROM checkins r WHERE r.reopened_from = ${stayId}))`;

/** Closed (left or undone) before `before`: an open stay is never moved. */
const closedBefore = (before: string) => sql`coalesce(${checkins.exitTs}, ${checkins.undoneAt}) < ${before}`;

/** Up to `limit` of the lot's stays closed before `before` that may move, oldest entry first. */
export const staysToMove = (db: DB, lotId: string, before: string, limit: number) =>
  db
    .select()
    .from(checkins)
    // A stay enters before it closes: bounding the entry keeps the read a range of checkins_lot_idx.
    .where(and(eq(checkins.lotId, lotId), lt(checkins.entryTs, before), closedBefore(before), sql`NOT ${referenced}`))
    .orderBy(asc(checkins.entryTs))
    .limit(limit);

/**
 * Deletes these of the lot's stays from D1, the object holding them: only closed ones no row names
 * (a refund made since the read keeps its stay here, and in the object too: readers take D1's). Answers how many went.
 */
export async function deleteMovedStays(db: DB, lotId: string, before: string, ids: string[]) {
  const moving = { kind: 'stays' } as const;
  const [, { meta }] = await db.batch([
    db.insert(recordMoves).values(moving),
    db
      .delete(checkins)
      .where(
        and(
          eq(checkins.lotId, lotId),
          sql`${checkins.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
          closedBefore(before),
          sql`NOT ${referenced}`,
        ),
      ),
    db.delete(recordMoves).where(eq(recordMoves.kind, moving.kind)),
  ]);
  return meta.changes;
}

type Stay = typeof checkins.$inferSelect;

/** The stay as D1 holds it. */
export async function stayInD1(db: DB, id: string): Promise<Stay | null> {
  const [row] = await db.select().from(checkins).where(eq(checkins.id, id));
  return row ?? null;
}

/**
 * Statements that put these stays back in D1 (one D1 still holds is left as it is), in the batch of the
 * row that comes to name them: a move back, which the rollups, still counting them, do not count again
 * (migration 0053).
 */
export function staysBack(db: DB, stays: Stay[]): D1PreparedStatement[] {
  const moving = { kind: 'stays' } as const;
  return [
    statementOf(db, db.insert(recordMoves).values(moving)),
    ...stays.map((stay) => statementOf(db, db.insert(checkins).values(stay).onConflictDoNothing())),
    statementOf(db, db.delete(recordMoves).where(eq(recordMoves.kind, moving.kind))),
  ];
}

/** Every lot's id: the daily move visits each. */
export const lotIds = async (db: DB) => (await db.select({ id: lots.id }).from(lots)).map((lot) => lot.id);
