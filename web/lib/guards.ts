import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { homePathFor, type Role } from '../../core/roles';
import type { CurrentUser } from './session';

type GuardArgs = { context: { user: CurrentUser | null }; location: ParsedLocation };

/** Signed-out visitors are sent to sign in, and brought back afterwards. */
export function requireUser({ context, location }: GuardArgs): { user: CurrentUser } {
  if (!context.user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user: context.user };
}

/** A screen outside the user's role does not exist for them: they get the 404 screen, which gives nothing away. */
export const requireRole = (allowed: readonly Role[]) => (args: GuardArgs) => {
  const { user } = requireUser(args);
  if (!allowed.includes(user.role)) throw notFound();
  return { user };
};

/** /signup and /login are for signed-out visitors; a signed-in user goes to their home. */
export function signedOutOnly({ context }: GuardArgs) {
  if (context.user) throw redirect({ to: homePathFor(context.user.role) });
}
