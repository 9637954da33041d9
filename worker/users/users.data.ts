import { and, eq, getTableColumns, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Profile } from '../../core/account';
import type { Role, SignupRole } from '../../core/roles';
import { statementOf, type DB } from '../db/client';
import { afterCursor, newestFirst, pageOf, rowsToRead, type PageRequest } from '../db/pages';
import { newId } from '../db/ids';
import { violates } from '../db/constraints';
import { notifications, ownerApplications, preferences, sessions, users, wallets } from '../db/schema';
import type { SessionUser } from '../env';

// What a session may know of its user: not the password's hash (nor the unused columns of the retired one-time passwords).
const { passwordHash: _secret, passwordExpiresAt: _expiry, mustChangePassword: _retired, ...publicColumns } = getTableColumns(users);
/** The columns of a SessionUser, for another domain's query that answers who acts (an API key's account). */
export const sessionUserColumns = publicColumns;

export async function findUserById(db: DB, id: string): Promise<SessionUser | null> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user a session belongs to, unless the session was revoked (signed out) or the user deleted. A
 * suspended user's sessions end at the suspension; one begun since reaches only support (core/roles.ts).
 */
export async function findUserBySession(db: DB, sessionKey: string): Promise<SessionUser | null> {
  const [row] = await db
    .select(publicColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionKey), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the account's password hash; with `replacing`, only while the stored hash is still that one (an
 * invited account's placeholder), in the statement that sets it. Answers whether it was set.
 */
export async function setPasswordHash(db: DB, userId: string, passwordHash: string, replacing?: string): Promise<boolean> {
  const set = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), replacing === undefined ? undefined : eq(users.passwordHash, replacing)))
    .returning({ id: users.id });
  return set.length > 0;
}

/** Names and phone (E.164); the e-mail is the sign-in identity and never changes here. A new number is unverified. */
export async function updateProfile(db: DB, userId: string, profile: Profile) {
  await db
    .update(users)
    .set({
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      phoneVerifiedAt: sql`CASE WHEN ${users.phone} = ${profile.phone} THEN ${users.phoneVerifiedAt} ELSE NULL END`,
    })
    .where(eq(users.id, userId));
}

/** The code texted to `phone` was typed: verified, unless the profile's number changed meanwhile. */
export const markPhoneVerified = (db: DB, userId: string, phone: string, at: string) =>
  db
    .update(users)
    .set({ phoneVerifiedAt: at })
    .where(and(eq(users.id, userId), eq(users.phone, phone)));

/** The user accepted these versions of the Terms and the Privacy Policy at `at`; answers the user as the session sees them. */
export async function recordAcceptance(db: DB, userId: string, accepted: { termsVersion: string; privacyVersion: string }, at: string) {
  const [row] = await db
    .update(users)
    .set({ ...accepted, termsAcceptedAt: at })
    .where(eq(users.id, userId))
    .returning(publicColumns);
  return row;
}
/** The person opened a link sent to this address: it is verified from now on (a later change of e-mail starts over). */
export const markEmailVerified = (db: DB, email: string, now: number) =>
  db
    .update(users)
    .set({ emailVerifiedAt: new Date(now).toISOString() })
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)));

/**
 * The account's e-mail becomes the new address, verified by the link that was opened; throws when
 * another account took it meanwhile (see `isEmailTaken`).
 */
export const changeEmail = (db: DB, userId: string, email: string, now: number) =>
  db
    .update(users)
    .set({ email, emailVerifiedAt: new Date(now).toISOString() })
    .where(eq(users.id, userId));

export async function findUserByEmail(db: DB, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export type NewAccount = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  signupRole: SignupRole;
  /** Staff roles are only ever given by the platform (demo data, admin decisions, an owner adding an attendant), never by sign-up. */
  role?: Role;
  /** The Terms and Privacy Policy versions accepted at sign-up, and when (core/legal.ts). */
  termsVersion?: string;
  privacyVersion?: string;
  termsAcceptedAt?: string;
  /** Only the demo accounts are made verified; everyone else confirms the address by its link. */
  emailVerifiedAt?: string;
};

/**
 * The statements that create an account: the user, default preferences, an empty wallet and a
 * welcome notification. Owner sign-up roles become drivers with a pending owner application,
 * decided by the super admin.
 */
export function accountInserts(db: DB, account: NewAccount, userId = newId(), walletId = newId()) {
  const { signupRole, role = 'parking_user', ...fields } = account;
  const isOwnerApplicant = signupRole !== 'parking_user';
  const welcome = isOwnerApplicant
    ? { title: 'Owner application received', message: 'Your owner application is pending review. You can park with Parkada meanwhile.' }
    : { title: 'Welcome to Parkada', message: 'Find and reserve parking across Metro Manila.' };
  return [
    db.insert(users).values({ id: userId, ...fields, role }),
    db.insert(preferences).values({ userId }),
    db.insert(wallets).values({ id: walletId, userId }),
    db.insert(notifications).values({ id: newId(), userId, type: 'WELCOME', ...welcome }),
    ...(isOwnerApplicant
      ? [
          db.insert(ownerApplications).values({
            id: newId(),
            userId,
            applicantRole: signupRole,
            name: `${account.firstName} ${account.lastName}`,
            email: account.email,
            phone: account.phone,
          }),
        ]
      : []),
  ];
}

/** The account insert was refused because another account holds the e-mail (e.g. a simultaneous sign-up). */
export const isEmailTaken = (error: unknown) =>
  violates(error, 'UNIQUE constraint failed: users.email') || violates(error, 'users_email_unique');

/**
 * Creates the account in one batch (one D1 transaction): all of it or nothing. A second account for an
 * e-mail throws (see `isEmailTaken`); the unique index decides, so two simultaneous sign-ups cannot both win.
 */
export async function createAccount(db: DB, account: NewAccount): Promise<SessionUser> {
  const userId = newId();
  const [first, ...rest] = accountInserts(db, account, userId);
  await db.batch([first, ...rest]);
  return (await findUserById(db, userId))!;
}

/** The super admin's user list: a page, newest sign-up first, optionally searched by name or e-mail. */
export async function listUsers(db: DB, search: { q?: string; role?: Role }, page: PageRequest) {
  const term = search.q?.toLowerCase();
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(
      and(
        term ? sql`instr(lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName}), ${term}) > 0` : undefined,
        search.role ? eq(users.role, search.role) : undefined,
        afterCursor(users.createdAt, users.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(rowsToRead(page));
  return pageOf(
    rows,
    page,
    (row) => ({ key: row.createdAt, id: row.id }),
    (row) => row,
  );
}

/**
 * True when another user than `userId` is an active super admin. Part of the conditional UPDATE that
 * demotes or suspends an admin, so two admins acting on each other at once cannot leave none.
 */
const anotherActiveAdmin = (userId: string) =>
  sql`exists (select 1 from users as other where other.id <> ${userId} and other.role = 'super_admin' and other.suspended_at is null)`;

/** The active super admins: who hears of a new owner application. */
export const activeAdminIds = async (db: DB) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'super_admin'), isNull(users.suspendedAt)))
  ).map((row) => row.id);

export async function isLastActiveAdmin(db: DB, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ last: sql<number>`not ${anotherActiveAdmin(userId)}` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'super_admin'), isNull(users.suspendedAt)));
  return Boolean(row?.last);
}

/** Changes a role, only from the one read and never the last active admin's; follow it with `abortUnlessChanged`. */
export const setRole = (db: DB, userId: string, from: Role, role: Role) =>
  statementOf(
    db,
    db
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), eq(users.role, from), from === 'super_admin' ? anotherActiveAdmin(userId) : undefined)),
  );

/** Suspends or reactivates, only if the user is not already so and is not the last active admin; follow it with `abortUnlessChanged`. */
export const setSuspended = (db: DB, userId: string, suspendedAt: string | null) =>
  statementOf(
    db,
    db
      .update(users)
      .set({ suspendedAt })
      .where(
        and(
          eq(users.id, userId),
          suspendedAt ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt),
          suspendedAt ? or(ne(users.role, 'super_admin'), anotherActiveAdmin(userId)) : undefined,
        ),
      ),
  );
