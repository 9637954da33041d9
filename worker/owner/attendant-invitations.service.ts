/**
 * Invitations to work a lot's gate (docs/owner.md, Attendants). An owner cannot give an existing
 * account a role or a gate: they invite it, and only the invited person's acceptance assigns them
 * (and makes a driver an attendant), audited in the same batch. The inviter hears the answer.
 */
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { violates } from '../db/constraints';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { confirmAddressFirst } from '../../core/verification';
import { assertManagesLot } from '../lots/lots.service';
import { notificationStatement } from '../notifications/notifications.statements';
import { findUserById } from '../users/users.data';
import {
  decideInvitationStatement,
  findInvitation,
  inviteStatement,
  pendingInvitationsOf,
  pendingInvitationsOfLot,
} from './attendant-invitations.data';
import { assignStatement, isAssigned, promoteToAttendantStatement } from './lot-attendants.data';

type Ctx = { db: DB; user: SessionUser };
type Invitee = { id: string; email: string; firstName: string; lastName: string };

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

const invitationsAt = async (db: DB, lotId: string) =>
  (await pendingInvitationsOfLot(db, lotId)).map(({ firstName, lastName, ...row }) => ({ ...row, name: fullName(firstName, lastName) }));
export type LotInvitation = Awaited<ReturnType<typeof invitationsAt>>[number];

/** The invitations of the lot not yet answered, for the owner who manages it (another owner's lot answers 404). */
export async function listLotInvitations(db: DB, owner: SessionUser, lotId: string): Promise<LotInvitation[]> {
  await assertManagesLot(db, owner, lotId);
  return invitationsAt(db, lotId);
}

export const listMyInvitations = async (db: DB, userId: string) =>
  (await pendingInvitationsOf(db, userId)).map(({ invitedByName, invitedByLastName, ...row }) => ({
    ...row,
    invitedBy: fullName(invitedByName, invitedByLastName),
  }));

/** Invites an existing account to the lot's gate; the invitee is told in the same batch. */
export async function inviteToLot(ctx: Ctx, lot: { id: string; name: string }, invitee: Invitee) {
  const id = newId();
  try {
    await commit(ctx.db, [
      inviteStatement(ctx.db, { id, lotId: lot.id, userId: invitee.id, invitedBy: ctx.user.id }),
      notificationStatement(ctx.db, invitee.id, {
        type: 'GATE_INVITATION',
        title: 'Gate Invitation',
        message: `${fullName(ctx.user.firstName, ctx.user.lastName)} invited you to work the gate of ${lot.name}. Accept or decline it on this page.`,
        metadata: { lotName: lot.name },
      }),
    ]);
  } catch (error) {
    if (violates(error, 'attendant_invitations')) throw refusal('conflict', `${invitee.email} is already invited to this lot.`);
    throw error;
  }
  return (await invitationsAt(ctx.db, lot.id)).find((row) => row.id === id)!;
}

/** The invitation, only for the person it was sent to (anyone else gets 404), only while pending (else 409). */
async function pendingFor(db: DB, id: string, userId: string) {
  const invitation = await findInvitation(db, id);
  if (!invitation || invitation.userId !== userId) throw notFound('Invitation');
  if (invitation.status !== 'pending') throw refusal('conflict', `This invitation was already ${invitation.status}.`);
  return invitation;
}

/** The refusal for an invitation someone answered meanwhile, saying how. */
async function answeredMeanwhile(db: DB, id: string) {
  const invitation = await findInvitation(db, id);
  return refusal('conflict', `This invitation was already ${invitation?.status ?? 'withdrawn'}.`);
}

/**
 * The invited person accepts: they are assigned to the lot, and a driver becomes an attendant (audited
 * ROLE_CHANGE, the invitee as actor); the inviter is told. A withdrawal racing this leaves one of them.
 * Only from a verified address: an account someone signed up with another person's address must not
 * take the gate that person was invited to.
 */
export async function acceptInvitation(ctx: Ctx, id: string, now = new Date()) {
  const invitation = await pendingFor(ctx.db, id, ctx.user.id);
  if (!ctx.user.emailVerifiedAt) throw refusal('forbidden', confirmAddressFirst('accept an invitation'));
  const promote = ctx.user.role === 'parking_user';
  if (await isAssigned(ctx.db, ctx.user.id, invitation.lotId)) throw refusal('conflict', 'You already work this lot’s gate.');
  try {
    await commit(ctx.db, [
      decideInvitationStatement(ctx.db, id, 'accepted', now),
      abortUnlessChanged(ctx.db),
      assignStatement(ctx.db, ctx.user.id, invitation.lotId),
      ...(promote
        ? [
            promoteToAttendantStatement(ctx.db, ctx.user.id),
            abortUnlessChanged(ctx.db),
            auditStatement(ctx.db, ctx.user, {
              action: 'ROLE_CHANGE',
              subject: `user:${ctx.user.id}`,
              context: {
                email: ctx.user.email,
                from: 'parking_user',
                to: 'attendant',
                lotId: invitation.lotId,
                invitedBy: invitation.invitedBy,
              },
            }),
          ]
        : []),
      answerNotice(ctx, invitation, 'accepted'),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw await answeredMeanwhile(ctx.db, id);
    if (violates(error, 'attendant_assignments')) throw refusal('conflict', 'You already work this lot’s gate.');
    throw error;
  }
  const user = (await findUserById(ctx.db, ctx.user.id))!;
  return { lotId: invitation.lotId, lotName: invitation.lotName, role: user.role };
}

export async function declineInvitation(ctx: Ctx, id: string, now = new Date()) {
  const invitation = await pendingFor(ctx.db, id, ctx.user.id);
  try {
    await commit(ctx.db, [
      decideInvitationStatement(ctx.db, id, 'declined', now),
      abortUnlessChanged(ctx.db),
      answerNotice(ctx, invitation, 'declined'),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw await answeredMeanwhile(ctx.db, id);
    throw error;
  }
  return { id, status: 'declined' as const };
}

/** The owner takes back an invitation not yet answered; one of another lot is a 404. */
export async function withdrawInvitation(ctx: Ctx, lotId: string, id: string, now = new Date()) {
  await assertManagesLot(ctx.db, ctx.user, lotId);
  const invitation = await findInvitation(ctx.db, id);
  if (!invitation || invitation.lotId !== lotId) throw notFound('Invitation');
  if (invitation.status !== 'pending') throw refusal('conflict', `This invitation was already ${invitation.status}.`);
  try {
    await commit(ctx.db, [decideInvitationStatement(ctx.db, id, 'withdrawn', now), abortUnlessChanged(ctx.db)]);
  } catch (error) {
    if (changedMeanwhile(error)) throw await answeredMeanwhile(ctx.db, id);
    throw error;
  }
  return { id, status: 'withdrawn' as const };
}

const answerNotice = (ctx: Ctx, invitation: { invitedBy: string; lotName: string }, answer: 'accepted' | 'declined') =>
  notificationStatement(ctx.db, invitation.invitedBy, {
    type: 'GATE_INVITATION',
    title: answer === 'accepted' ? 'Invitation Accepted' : 'Invitation Declined',
    message: `${fullName(ctx.user.firstName, ctx.user.lastName)} (${ctx.user.email}) ${answer} your invitation to work the gate of ${invitation.lotName}.`,
    metadata: { lotName: invitation.lotName },
  });
