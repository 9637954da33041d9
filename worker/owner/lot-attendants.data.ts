/** D1 reads and writes of who works a lot's gate: its attendant assignments. */
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { statementOf, type DB } from '../db/client';
import { newId } from '../db/ids';
import { attendantAssignments, shifts, users } from '../db/schema';

/** The people assigned to the lot, with their open shift there, if any. */
export const lotAttendantRows = (db: DB, lotId: string) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      assignedAt: attendantAssignments.createdAt,
      shiftStartedAt: shifts.startedAt,
    })
    .from(attendantAssignments)
    .innerJoin(users, eq(users.id, attendantAssignments.attendantId))
    .leftJoin(shifts, and(eq(shifts.attendantId, users.id), eq(shifts.lotId, lotId), isNull(shifts.endedAt)))
    .where(eq(attendantAssignments.lotId, lotId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
export type LotAttendantRow = Awaited<ReturnType<typeof lotAttendantRows>>[number];

export async function isAssigned(db: DB, userId: string, lotId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: attendantAssignments.id })
    .from(attendantAssignments)
    .where(and(eq(attendantAssignments.attendantId, userId), eq(attendantAssignments.lotId, lotId)))
    .limit(1);
  return !!row;
}

/** How many lots besides this one the user works. */
export async function otherAssignmentCount(db: DB, userId: string, lotId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(attendantAssignments)
    .where(and(eq(attendantAssignments.attendantId, userId), ne(attendantAssignments.lotId, lotId)));
  return row?.n ?? 0;
}

export const openShiftAt = async (db: DB, userId: string, lotId: string) =>
  (
    await db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.attendantId, userId), eq(shifts.lotId, lotId), isNull(shifts.endedAt)))
      .limit(1)
  )[0] ?? null;

export const assignStatement = (db: DB, userId: string, lotId: string) =>
  statementOf(db, db.insert(attendantAssignments).values({ id: newId(), attendantId: userId, lotId }));

export const unassignStatement = (db: DB, userId: string, lotId: string) =>
  statementOf(
    db,
    db.delete(attendantAssignments).where(and(eq(attendantAssignments.attendantId, userId), eq(attendantAssignments.lotId, lotId))),
  );

/** A driver becomes an attendant; only if still a driver (follow it with `abortUnlessChanged`). */
export const promoteToAttendantStatement = (db: DB, userId: string) =>
  statementOf(
    db,
    db
      .update(users)
      .set({ role: 'attendant' })
      .where(and(eq(users.id, userId), eq(users.role, 'parking_user'))),
  );

/**
 * An attendant who no longer works any lot is a driver again; only if no assignment came meanwhile
 * (follow it with `abortUnlessChanged`).
 */
export const demoteToDriverStatement = (db: DB, userId: string) =>
  statementOf(
    db,
    db
      .update(users)
      .set({ role: 'parking_user' })
      .where(
        and(
          eq(users.id, userId),
          eq(users.role, 'attendant'),
          sql`not exists (select 1 from ${attendantAssignments} where ${attendantAssignments.attendantId} = ${userId})`,
        ),
      ),
  );

export const endShifts = (db: DB, which: SQL, now: Date) =>
  statementOf(
    db,
    db
      .update(shifts)
      .set({ endedAt: now.toISOString() })
      .where(and(which, isNull(shifts.endedAt))),
  );

export const endShiftStatement = (db: DB, shiftId: string, now: Date) => endShifts(db, eq(shifts.id, shiftId), now);
