/**
 * Who works a lot's gate, as its owner manages it (docs/owner.md, Attendants). Adding someone invites
 * an existing account or creates an attendant account and e-mails it an invitation link, with which the
 * person sets their own password (the owner never sees one); removing someone ends
 * their open shift at the lot. Every role change is audited in the same batch as the change.
 */
import { NAMES_FOR_NEW_ACCOUNT, type AttendantAdd } from '../../core/lot-attendants';
import type { Role } from '../../core/roles';
import { auditStatement } from '../audit/audit.data';
import { DUMMY_PASSWORD_HASH } from '../auth/auth.service';
import { queueEmail } from '../email/email.service';
import { linkOrigin } from '../http/origin';
import { commit, statementOf, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { Bindings, SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { assertManagesLot } from '../lots/lots.service';
import { accountInserts, findUserByEmail, findUserById, isEmailTaken } from '../users/users.data';
import {
  assignStatement,
  demoteToDriverStatement,
  endShiftStatement,
  isAssigned,
  lotAttendantRows,
  openShiftAt,
  otherAssignmentCount,
  unassignStatement,
  type LotAttendantRow,
} from './lot-attendants.data';
import { inviteToLot } from './attendant-invitations.service';

type Ctx = { env: Bindings; db: DB; owner: SessionUser };
/** Adding someone may e-mail them a link, which leads to the origin of this request (or the app's). */
type AddCtx = Ctx & { requestUrl: string };
/** What creating an account needs: the e-mail's link leads to this origin. */
type CreateCtx = Ctx & { origin: string };

const view = ({ firstName, lastName, shiftStartedAt, emailVerifiedAt, ...row }: LotAttendantRow) => ({
  ...row,
  name: `${firstName} ${lastName}`.trim(),
  // False for someone invited by e-mail who has not opened the link yet (nor reset their password).
  emailVerified: emailVerifiedAt !== null,
  onShift: shiftStartedAt !== null,
  shiftStartedAt,
});
export type LotAttendant = ReturnType<typeof view>;

const attendantsAt = async (db: DB, lotId: string): Promise<LotAttendant[]> => (await lotAttendantRows(db, lotId)).map(view);

/** Who works the lot's gate, for the owner who manages it (another owner's lot answers 404). */
export async function listLotAttendants(db: DB, owner: SessionUser, lotId: string): Promise<LotAttendant[]> {
  await assertManagesLot(db, owner, lotId);
  return attendantsAt(db, lotId);
}

const attendantOf = async (db: DB, lotId: string, userId: string) => (await attendantsAt(db, lotId)).find((row) => row.id === userId)!;

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
 * (attendant-invitations.service.ts). An unknown e-mail gets a new attendant account, and the address
 * an invitation link (auth.service.ts, `acceptInvitationLink`).
 */
export async function addLotAttendant({ requestUrl, ...ctx }: AddCtx, lotId: string, input: AttendantAdd) {
  const lot = await assertManagesLot(ctx.db, ctx.owner, lotId);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (!existing) return { ...(await createAttendant({ ...ctx, origin: linkOrigin(ctx.env, requestUrl) }, lot, input)), invitation: null };
  // The owner (or the super admin) already works the gate of every lot they manage.
  if (existing.id === ctx.owner.id) throw refusal('conflict', 'You already work this lot’s gate.');
  if (await isAssigned(ctx.db, existing.id, lot.id)) throw alreadyHere(existing.email);
  const invitation = await inviteToLot({ db: ctx.db, user: ctx.owner }, lot, existing);
  return { attendant: null, created: false, invitation };
}

/**
 * The new account's password is one nobody knows (the dummy hash's), so it opens nothing until the
 * person sets their own through the link. The e-mail is queued after the batch commits.
 */
async function createAttendant(ctx: CreateCtx, lot: { id: string; name: string }, input: AttendantAdd) {
  const firstName = input.firstName?.trim();
  const lastName = input.lastName?.trim();
  if (!firstName || !lastName) throw refusal('invalid', NAMES_FOR_NEW_ACCOUNT);
  const lotId = lot.id;
  const userId = newId();
  const account = accountInserts(
    ctx.db,
    {
      firstName,
      lastName,
      email: input.email,
      phone: null,
      passwordHash: DUMMY_PASSWORD_HASH,
      signupRole: 'parking_user',
      role: 'attendant',
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
  const invitedBy = `${ctx.owner.firstName} ${ctx.owner.lastName}`.trim();
  await queueEmail(ctx.env, userId, ctx.origin, { kind: 'attendant-invitation', lotName: lot.name, invitedBy });
  return { attendant: await attendantOf(ctx.db, lotId, userId), created: true };
}

/**
 * Takes the person off the lot. An open shift of theirs there is ended at once (its figures stay), so
 * no shift stays open at a lot its attendant can no longer reach. An attendant who then works no lot
 * is a driver again.
 */
export async function removeLotAttendant(ctx: Ctx, lotId: string, userId: string, now = new Date()) {
  await assertManagesLot(ctx.db, ctx.owner, lotId);
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

/** A driver works no gate: what a super admin's role change writes in its batch (admin/users.service.ts). */
