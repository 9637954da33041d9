/**
 * Who works a lot's gate, as its owner manages it (docs/owner.md, Attendants). Adding someone assigns
 * an existing account or creates an attendant account with a one-time password; removing someone ends
 * their open shift at the lot. Every role change is audited in the same batch as the change.
 */
import { NAMES_FOR_NEW_ACCOUNT, type AttendantAdd } from '../../core/lot-attendants';
import { oneTimePasswordExpiry } from '../../core/password-change';
import type { Role } from '../../core/roles';
import { auditStatement } from '../audit/audit.data';
import { hashPassword, oneTimePassword } from '../auth/password';
import { endAllSessions } from '../auth/sessions';
import { commit, statementOf, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { accountInserts, findUserByEmail, findUserById, isEmailTaken } from '../users/users.data';
import {
  assignStatement,
  demoteToDriverStatement,
  endShiftStatement,
  isAssigned,
  assignedToAnotherOwner,
  lotAttendantRows,
  oneTimePasswordStatement,
  openShiftAt,
  otherAssignmentCount,
  unassignStatement,
  type LotAttendantRow,
} from './lot-attendants.data';
import { inviteToLot } from './attendant-invitations.service';

type Ctx = { env: Bindings; db: DB; owner: SessionUser };

const view = ({ firstName, lastName, shiftStartedAt, ...row }: LotAttendantRow) => ({
  ...row,
  name: `${firstName} ${lastName}`.trim(),
  onShift: shiftStartedAt !== null,
  shiftStartedAt,
});
export type LotAttendant = ReturnType<typeof view>;

export async function listLotAttendants(db: DB, lotId: string): Promise<LotAttendant[]> {
  return (await lotAttendantRows(db, lotId)).map(view);
}

const attendantOf = async (db: DB, lotId: string, userId: string) => (await listLotAttendants(db, lotId)).find((row) => row.id === userId)!;

const roleChange = (ctx: Ctx, user: { id: string; email: string }, from: Role | null, to: Role, lotId: string) =>
  auditStatement(ctx.db, ctx.owner, {
    action: 'ROLE_CHANGE',
    subject: `user:${user.id}`,
    context: { email: user.email, from, to, lotId },
  });

const alreadyHere = (email: string) => refusal('conflict', `${email} already works at this lot.`);
const changedAgain = () => refusal('conflict', 'The attendants of this lot changed meanwhile. Reload and try again.');

/**
 * An existing account is invited: it works the lot's gate only once its owner accepts
 * (attendant-invitations.service.ts). An unknown e-mail gets a new attendant account whose one-time
 * password is answered here once and never again.
 */
export async function addLotAttendant(ctx: Ctx, lot: { id: string; name: string }, input: AttendantAdd) {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (!existing) return { ...(await createAttendant(ctx, lot.id, input)), invitation: null };
  // The owner (or the super admin) already works the gate of every lot they manage.
  if (existing.id === ctx.owner.id) throw refusal('conflict', 'You already work this lot’s gate.');
  if (await isAssigned(ctx.db, existing.id, lot.id)) throw alreadyHere(existing.email);
  const invitation = await inviteToLot({ db: ctx.db, user: ctx.owner }, lot, existing);
  return { attendant: null, created: false, oneTimePassword: null, invitation };
}

async function createAttendant(ctx: Ctx, lotId: string, input: AttendantAdd, now = new Date()) {
  const firstName = input.firstName?.trim();
  const lastName = input.lastName?.trim();
  if (!firstName || !lastName) throw refusal('invalid', NAMES_FOR_NEW_ACCOUNT);
  const password = oneTimePassword();
  const userId = newId();
  const account = accountInserts(
    ctx.db,
    {
      firstName,
      lastName,
      email: input.email,
      phone: null,
      passwordHash: await hashPassword(password),
      signupRole: 'parking_user',
      role: 'attendant',
      mustChangePassword: true,
      passwordExpiresAt: oneTimePasswordExpiry(now),
    },
    userId,
  );
  try {
    await commit(ctx.db, [
      ...account.map((statement) => statementOf(ctx.db, statement)),
      assignStatement(ctx.db, userId, lotId),
      roleChange(ctx, { id: userId, email: input.email }, null, 'attendant', lotId),
    ]);
  } catch (error) {
    // Someone signed up with this e-mail a moment ago: adding again assigns that account.
    if (isEmailTaken(error))
      throw refusal('conflict', `An account for ${input.email} was created a moment ago. Add it again to assign it.`);
    throw error;
  }
  return { attendant: await attendantOf(ctx.db, lotId, userId), created: true, oneTimePassword: password };
}

/**
 * Takes the person off the lot. An open shift of theirs there is ended at once (its figures stay), so
 * no shift stays open at a lot its attendant can no longer reach. An attendant who then works no lot
 * is a driver again.
 */
export async function removeLotAttendant(ctx: Ctx, lotId: string, userId: string, now = new Date()) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await isAssigned(ctx.db, userId, lotId))) throw notFound('Attendant');
  const shift = await openShiftAt(ctx.db, userId, lotId);
  const demote = user.role === 'attendant' && (await otherAssignmentCount(ctx.db, userId, lotId)) === 0;
  try {
    await commit(ctx.db, [
      unassignStatement(ctx.db, userId, lotId),
      abortUnlessChanged(ctx.db),
      ...(shift ? [endShiftStatement(ctx.db, shift.id, now)] : []),
      ...(demote
        ? [demoteToDriverStatement(ctx.db, userId), abortUnlessChanged(ctx.db), roleChange(ctx, user, 'attendant', 'parking_user', lotId)]
        : []),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw changedAgain();
    throw error;
  }
  return { id: userId, shiftEnded: !!shift, role: demote ? ('parking_user' as const) : user.role };
}

/**
 * A new one-time password for someone at the lot who never set their own (the first was lost or ran
 * out); the old one stops working and whoever signed in with it is signed out. An account whose
 * password is its own is its owner's alone, and one that also works another owner's gate is not this
 * owner's to open (adding it to a lot must not hand over another owner's attendant): 409 for both.
 */
export async function renewOneTimePassword(ctx: Ctx, lotId: string, userId: string, now = new Date()) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await isAssigned(ctx.db, userId, lotId))) throw notFound('Attendant');
  const ownerId = ctx.owner.role === 'super_admin' ? null : ctx.owner.id;
  const worksElsewhere = async () => ownerId !== null && (await assignedToAnotherOwner(ctx.db, userId, ownerId));
  const cannotRenew = async () =>
    refusal(
      'conflict',
      (await worksElsewhere())
        ? `${user.email} also works another owner's lot, so only Parkada support can give them a new password.`
        : `${user.email} has set their own password; only they can change it.`,
    );
  // Only an attendant account the owner's side created: never an owner's or the super admin's.
  if (user.role !== 'attendant') throw refusal('conflict', `${user.email} is not an attendant account; only they can change its password.`);
  if (!user.mustChangePassword || (await worksElsewhere())) throw await cannotRenew();
  const password = oneTimePassword();
  try {
    await commit(ctx.db, [
      oneTimePasswordStatement(ctx.db, { userId, ownerId }, await hashPassword(password), oneTimePasswordExpiry(now)),
      abortUnlessChanged(ctx.db),
      auditStatement(ctx.db, ctx.owner, {
        action: 'RESET_PASSWORD',
        subject: `user:${userId}`,
        context: { email: user.email, lotId },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw await cannotRenew();
    throw error;
  }
  await endAllSessions(ctx.env.SESSIONS, ctx.db, userId, now.getTime());
  return { attendant: await attendantOf(ctx.db, lotId, userId), oneTimePassword: password };
}
