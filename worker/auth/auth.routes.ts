import { Hono, type Context } from 'hono';
import { passwordChangeSchema } from '../../core/password-change';
import { loginSchema, signupSchema } from '../../core/signup';
import type { AppEnv, SessionUser } from '../env';
import { clientIp } from '../http/edge';
import { validate } from '../http/validate';
import { forgetSubscriptionsOf } from '../push/push.data';
import { changePassword, signIn, signUp } from './auth.service';
import { readSessionCookie, signedOut, writeSessionCookie } from './session-cookie';
import { createSession, endAllSessions, endSession } from './sessions';

async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const { sessionId, maxAgeSeconds } = await createSession(c.env.SESSIONS, c.var.db, user.id, {
    userAgent: c.req.header('User-Agent') ?? null,
  });
  writeSessionCookie(c, sessionId, maxAgeSeconds);
  // The request now belongs to the new session: an older one sliding on it must not re-send its cookie.
  c.set('sessionId', sessionId);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/signup', validate('json', signupSchema), async (c) => {
    const user = await signUp(c.env, c.var.db, c.req.valid('json'), clientIp(c));
    await startSession(c, user);
    return c.json({ user }, 201);
  })
  .post('/auth/login', validate('json', loginSchema), async (c) => {
    const user = await signIn(c.env, c.var.db, c.req.valid('json'), clientIp(c));
    await startSession(c, user);
    return c.json({ user });
  })
  .get('/auth/user', (c) => c.json(c.var.user!))
  /** Sets a new password; required first of an account signed in with a one-time password. */
  .post('/auth/password', validate('json', passwordChangeSchema), async (c) => {
    const user = await changePassword(c.env, c.var.db, c.var.user!, c.req.valid('json'), clientIp(c));
    await startSession(c, user);
    return c.json({ user });
  })
  /** "Sign out of all devices" in Settings: every session of the user ends, this one included, and no browser gets their pushes. */
  .post('/auth/logout-all', async (c) => {
    await endAllSessions(c.env.SESSIONS, c.var.db, c.var.user!.id);
    await forgetSubscriptionsOf(c.var.db, c.var.user!.id);
    signedOut(c);
    return c.body(null, 204);
  })
  /** Log out in the avatar menu navigates here: the session ends and the browser lands home, signed out. */
  .get('/logout', async (c) => {
    // Only our own pages (or the user typing the URL) sign out: a link or image on another site, even a
    // sibling subdomain, just lands on the home page.
    const site = c.req.header('Sec-Fetch-Site');
    if (site && site !== 'same-origin' && site !== 'none') return c.redirect('/', 302);
    const sessionId = readSessionCookie(c);
    if (sessionId) await endSession(c.env.SESSIONS, c.var.db, sessionId);
    signedOut(c);
    return c.redirect('/', 302);
  });
