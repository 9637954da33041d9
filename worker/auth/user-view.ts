import type { SessionUser } from '../env';

/** The signed-in user as the app sees them, with whether their address and their mobile are verified (docs/account.md). */
export const userView = (user: SessionUser) => ({
  ...user,
  emailVerified: user.emailVerifiedAt !== null,
  phoneVerified: user.phoneVerifiedAt !== null,
});
