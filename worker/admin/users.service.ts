/**
 * Suspending, reactivating and changing the role of users (docs/admin.md). Each change and its audit
 * entry are one D1 batch. A suspended user's sessions stop working at the change itself, because a
 * session resolves only to a user who is not suspended; they are then ended too. A new role takes
 * effect at the user's next request, because the role is read from D1 on every request.
 */
import { auditStatement } from '../audit/audit.data';
import { endAllSessions } from '../auth/auth.service';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { PageRequest } from '../db/pages';
import type { Role } from '../../core/roles';
import type { Bindings, SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { endOpenShiftsStatement, unassignEverywhereStatement } from '../owner/lot-attendants.statements';
import { findUserById, isLastActiveAdmin, listUsers, setRole, setSuspended } from '../users/users.data';

type Ctx = { env: Bindings; db: DB; admin: SessionUser };
export type AccountAction = 'suspend' | 'reactivate';

const ALREADY: Record<AccountAction, string> = { suspend: 'This user is already suspended.', reactivate: 'This user is not suspended.' };
export const LAST_ADMIN = 'The platform must keep an active super admin: this is the last one.';

/** The users screen: a page of accounts, newest sign-up first, searched by name or e-mail and by role. */
export const searchUsers = (db: DB, search: { q?: string; role?: Role }, page: PageRequest) =>
  listUsers(db, { q: search.q || undefined, role: search.role }, page);

/** Refuses when the change would leave no active super admin (checked again inside the write itself). */
async function keepAnAdmin(db: DB, userId: string) {
  if (await isLastActiveAdmin(db, userId)) throw refusal('conflict', LAST_ADMIN);
}

export async function changeSuspension(
  { env, db, admin }: Ctx,
  userId: string,
  action: AccountAction,
  reason: string | undefined,
  now = Date.now(),
) {
  if (userId === admin.id) throw refusal('conflict', 'You cannot suspend or reactivate your own account.');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if ((action === 'suspend') === Boolean(user.suspendedAt)) throw refusal('conflict', ALREADY[action]);
  if (action === 'suspend') await keepAnAdmin(db, userId);
  try {
    await commit(db, [
      setSuspended(db, userId, action === 'suspend' ? new Date(now).toISOString() : null),
      abortUnlessChanged(db),
      auditStatement(db, admin, {
        action: action === 'suspend' ? 'SUSPEND_USER' : 'REACTIVATE_USER',
        subject: `user:${userId}`,
        context: { email: user.email, role: user.role, reason: reason?.trim() || null },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) {
      if (action === 'suspend') await keepAnAdmin(db, userId);
      throw refusal('conflict', ALREADY[action]);
    }
    throw error;
  }
  if (action === 'suspend') await endAllSessions(env.SESSIONS, db, userId, now);
  return (await findUserById(db, userId))!;
}

/**
 * Gives a user another role. An admin cannot change their own, nor demote the last active super admin
 * (two admins demoting each other at once leave one); a role the user already has is a 409, as is a
 * change made meanwhile by another admin. Made a driver, they leave every lot's gate in the same batch.
 */
export async function changeRole({ db, admin }: Ctx, userId: string, role: Role, reason: string | undefined, now = new Date()) {
  if (userId === admin.id) throw refusal('conflict', 'You cannot change your own role.');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if (user.role === role) throw refusal('conflict', 'This user already has that role.');
  await keepAnAdmin(db, userId);
  try {
    await commit(db, [
      setRole(db, userId, user.role, role),
      abortUnlessChanged(db),
      // A driver works no gate: no lot keeps listing them, and no shift of theirs stays open.
      ...(role === 'parking_user' ? [unassignEverywhereStatement(db, userId), endOpenShiftsStatement(db, userId, now)] : []),
      auditStatement(db, admin, {
        action: 'ROLE_CHANGE',
        subject: `user:${userId}`,
        context: { email: user.email, from: user.role, to: role, reason: reason?.trim() || null },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) {
      await keepAnAdmin(db, userId);
      throw refusal('conflict', 'This user’s role changed meanwhile; reload and try again.');
    }
    throw error;
  }
  return (await findUserById(db, userId))!;
}

/** A role change waits for the admin's second factor, fresh in this session, before anything else (docs/account.md, Step-up). */
export { requireRecentSecondFactor } from '../auth/second-factor.service';
