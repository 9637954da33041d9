/**
 * Suspending and reactivating users (docs/admin.md). The change and its audit entry are one D1 batch;
 * then every session of a suspended user is ended. A suspended user's sessions already stop working at
 * the change itself, because a session resolves only to a user who is not suspended.
 */
import { auditStatement } from '../audit/audit.data';
import { endAllSessions } from '../auth/sessions';
import type { DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { Bindings, SessionUser } from '../env';
import { apiError, notFound } from '../http/errors';
import { findUserById, setSuspended } from '../users/users.data';

type Ctx = { env: Bindings; db: DB; admin: SessionUser };
export type AccountAction = 'suspend' | 'reactivate';

const ALREADY: Record<AccountAction, string> = { suspend: 'This user is already suspended.', reactivate: 'This user is not suspended.' };

export async function changeSuspension({ env, db, admin }: Ctx, userId: string, action: AccountAction, reason: string | undefined, now = Date.now()) {
  if (userId === admin.id) throw apiError(409, 'You cannot suspend or reactivate your own account.');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if ((action === 'suspend') === Boolean(user.suspendedAt)) throw apiError(409, ALREADY[action]);
  try {
    await env.DB.batch([
      setSuspended(env.DB, db, userId, action === 'suspend' ? new Date(now).toISOString() : null),
      abortUnlessChanged(env.DB),
      auditStatement(env.DB, db, admin, {
        action: action === 'suspend' ? 'SUSPEND_USER' : 'REACTIVATE_USER',
        subject: `user:${userId}`,
        context: { email: user.email, role: user.role, reason: reason?.trim() || null },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw apiError(409, ALREADY[action]);
    throw error;
  }
  if (action === 'suspend') await endAllSessions(env.SESSIONS, db, userId, now);
  return (await findUserById(db, userId))!;
}
