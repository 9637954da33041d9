import { Hono, type Context } from 'hono';
import { passwordChangeSchema } from '../../core/password-change';
import { loginSchema, signupSchema } from '../../core/signup';
import {
  invitationAcceptSchema,
  PASSWORD_RESET_SENT,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  verifyEmailSchema,
} from '../../core/verification';
import { linkOrigin } from '../http/origin';
import type { AppEnv, SessionUser } from '../env';
import { clientIp } from '../http/edge';
import { signedIn } from '../http/middleware';
import { apiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  acceptInvitationLink,
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  tellNewSignIn,
  signOutEverywhere,
  signUp,
  SUSPENDED_MESSAGE,
  verifyEmail,
} from './auth.service';
import { rememberDevice, signInDevice } from './device-cookie';
import { readSessionCookie, signedOut, writeSessionCookie } from './session-cookie';
import { createSession, endSession } from './sessions.service';
import { userView } from './user-view';
import { emailVerifiedAnswer, noticeAnswer, signedInAnswer, userAnswer } from '../../core/api-answers/auth';
import { describedAs } from '../http/described';

const origin = <E extends AppEnv>(c: Context<E>) => linkOrigin(c.env, c.req.url);

export async function startSession<E extends AppEnv>(c: Context<E>, user: SessionUser, secondFactorAt: string | null = null) {
  const { sessionId, maxAgeSeconds } = await createSession(c.env.SESSIONS, c.var.db, user.id, {
    userAgent: c.req.header('User-Agent') ?? null,
    secondFactorAt,
  });
  writeSessionCookie(c, sessionId, maxAgeSeconds);
  // The request now belongs to the new session: an older one sliding on it must not re-send its cookie.
  c.set('sessionId', sessionId);
  await rememberDevice(c, user.email);
}

const described = describedAs('auth');

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/auth/signup',
    described({ summary: 'Sign up', answer: signedInAnswer, status: 201, refusals: [409, 429] }),
    validate('json', signupSchema),
    async (c) => {
      const user = await signUp(c.env, c.var.db, c.req.valid('json'), clientIp(c), origin(c));
      await startSession(c, user);
      return c.json({ user: userView(user) }, 201);
    },
  )
  .post(
    '/auth/login',
    described({ summary: 'Sign in', answer: signedInAnswer, refusals: [429] }),
    validate('json', loginSchema),
    async (c) => {
      const input = c.req.valid('json');
      const device = await signInDevice(c, input.email);
      const { user, secondFactorAt } = await signIn(c.env, c.var.db, input, clientIp(c), device);
      await startSession(c, user, secondFactorAt);
      // A suspended account's session reaches only support (core/roles.ts): the sign-in says so, its cookie set.
      if (user.suspendedAt) throw apiError(403, SUSPENDED_MESSAGE, { supportOnly: true }, c.res.headers);
      if (!device.known) await tellNewSignIn(c.env, user.id, origin(c), c.req.header('User-Agent') ?? null);
      return c.json({ user: userView(user) });
    },
  )
  .get('/auth/user', described({ summary: 'Who is signed in', answer: userAnswer }), signedIn, (c) => c.json(userView(c.var.user)))
  /** The link e-mailed at sign-up (or by Resend) was opened: its address is verified. No session needed: any browser may open it. */
  .post(
    '/auth/verify-email',
    described({ summary: 'Verify my e-mail address from its link', answer: emailVerifiedAnswer, refusals: [409] }),
    validate('json', verifyEmailSchema),
    async (c) => {
      await verifyEmail(c.var.db, c.req.valid('json').token);
      return c.json({ emailVerified: true });
    },
  )
  /** Resend on the "unverified" banner. */
  .post(
    '/auth/verify-email/resend',
    described({ summary: 'Send the verification link again', status: 204, refusals: [409, 429] }),
    signedIn,
    async (c) => {
      await resendVerification(c.env, c.var.user, clientIp(c), origin(c));
      return c.body(null, 204);
    },
  )
  /** "Forgot password?": the same answer, status and body, whether or not an account has the address. */
  .post(
    '/auth/password-reset',
    described({ summary: 'Ask for a password reset link', answer: noticeAnswer, status: 202, refusals: [429] }),
    validate('json', passwordResetRequestSchema),
    async (c) => {
      await requestPasswordReset(c.env, c.var.db, c.req.valid('json').email, clientIp(c), origin(c));
      return c.json({ message: PASSWORD_RESET_SENT }, 202);
    },
  )
  /** The reset link's page sets the new password; the person then signs in with it. */
  .post(
    '/auth/password-reset/confirm',
    described({ summary: 'Set a new password from a reset link', status: 204, refusals: [409] }),
    validate('json', passwordResetConfirmSchema),
    async (c) => {
      await resetPassword(c.env, c.var.db, c.req.valid('json'), origin(c));
      return c.body(null, 204);
    },
  )
  /** The invitation link's page: the invited attendant's own password, and they are signed in. */
  .post(
    '/auth/accept-invitation',
    described({ summary: "Accept an attendant's invitation and set a password", answer: signedInAnswer, refusals: [404, 409] }),
    validate('json', invitationAcceptSchema),
    async (c) => {
      const user = await acceptInvitationLink(c.var.db, c.req.valid('json'));
      await startSession(c, user);
      return c.json({ user: userView(user) });
    },
  )
  /** A signed-in user sets a new password, proving the current one (and a recent second factor, when the account has one). */
  .post(
    '/auth/password',
    described({ summary: 'Change my password', answer: signedInAnswer, refusals: [409, 429] }),
    signedIn,
    validate('json', passwordChangeSchema),
    async (c) => {
      const device = await signInDevice(c, c.var.user.email);
      const user = await changePassword(c, c.var.user, c.req.valid('json'), clientIp(c), origin(c), device);
      await startSession(c, user);
      return c.json({ user: userView(user) });
    },
  )
  /** "Sign out of all devices" in Settings: every session of the user ends, this one included, and no browser gets their pushes. */
  .post('/auth/logout-all', described({ summary: 'Sign out of every device', status: 204 }), signedIn, async (c) => {
    await signOutEverywhere(c.env, c.var.db, c.var.user.id);
    signedOut(c);
    return c.body(null, 204);
  })
  /** Log out in the avatar menu navigates here: the session ends and the browser lands home, signed out. */
  .get('/logout', described({ summary: 'Sign out', status: 302 }), async (c) => {
    // Only our own pages (or the user typing the URL) sign out: a link or image on another site, even a
    // sibling subdomain, just lands on the home page.
    const site = c.req.header('Sec-Fetch-Site');
    if (site && site !== 'same-origin' && site !== 'none') return c.redirect('/', 302);
    const sessionId = readSessionCookie(c);
    if (sessionId) await endSession(c.env.SESSIONS, c.var.db, sessionId);
    signedOut(c);
    return c.redirect('/', 302);
  });
