/** D1 reads and writes of owners' invitations to work a lot's gate. */
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { InvitationStatus } from '../../core/lot-attendants';
import { statementOf, type DB } from '../db/client';
import { attendantInvitations, lots, users } from '../db/schema';

/** The lot's invitations still waiting for an answer, oldest first. */
export const pendingInvitationsOfLot = (db: DB, lotId: string) =>
  db
    .select({
      id: attendantInvitations.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      invitedAt: attendantInvitations.createdAt,
    })
    .from(attendantInvitations)
    .innerJoin(users, eq(users.id, attendantInvitations.userId))
    .where(and(eq(attendantInvitations.lotId, lotId), eq(attendantInvitations.status, 'pending')))
    .orderBy(asc(attendantInvitations.createdAt), asc(attendantInvitations.id));

const inviter = alias(users, 'inviter');

/** The invitations waiting for this person's answer, newest first, with the lot and who sent them. */
export const pendingInvitationsOf = (db: DB, userId: string) =>
  db
    .select({
      id: attendantInvitations.id,
      lotId: lots.id,
      lotName: lots.name,
      lotAddress: lots.address,
      invitedByName: inviter.firstName,
      invitedByLastName: inviter.lastName,
      invitedAt: attendantInvitations.createdAt,
    })
    .from(attendantInvitations)
    .innerJoin(lots, eq(lots.id, attendantInvitations.lotId))
    .innerJoin(inviter, eq(inviter.id, attendantInvitations.invitedBy))
    .where(and(eq(attendantInvitations.userId, userId), eq(attendantInvitations.status, 'pending')))
    .orderBy(desc(attendantInvitations.createdAt), desc(attendantInvitations.id));

export async function findInvitation(db: DB, id: string) {
  const [row] = await db
    .select({
      id: attendantInvitations.id,
      lotId: attendantInvitations.lotId,
      lotName: lots.name,
      userId: attendantInvitations.userId,
      invitedBy: attendantInvitations.invitedBy,
      status: attendantInvitations.status,
    })
    .from(attendantInvitations)
    .innerJoin(lots, eq(lots.id, attendantInvitations.lotId))
    .where(eq(attendantInvitations.id, id))
    .limit(1);
  return row ?? null;
}

export const inviteStatement = (db: DB, invitation: { id: string; lotId: string; userId: string; invitedBy: string }) =>
  statementOf(db, db.insert(attendantInvitations).values(invitation));

/** Answers a pending invitation; only while it is still pending (follow it with `abortUnlessChanged`). */
export const decideInvitationStatement = (db: DB, id: string, status: Exclude<InvitationStatus, 'pending'>, now: Date) =>
  statementOf(
    db,
    db
      .update(attendantInvitations)
      .set({ status, decidedAt: now.toISOString() })
      .where(and(eq(attendantInvitations.id, id), eq(attendantInvitations.status, 'pending'))),
  );
