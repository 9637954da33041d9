import { Hono } from 'hono';
import { loginSchema, signupSchema } from '../../core/signup';
import { sessions } from '../db/schema';
import { newId } from '../db/ids';
import type { AppEnv, SessionUser } from '../env';
import { apiError } from '../http/errors';
import { validate } from '../http/validate';
import { createAccount, findUserByEmail } from '../users/users.data';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
import { clearSignInFailures, recordSignInFailure, signInRetryAfter } from './rate-limit';
import { clearSessionCookie, createSession, destroySession, readSessionCookie, writeSessionCookie } from './sessions';

const clientIp = (req: Request) => req.headers.get('CF-Connecting-IP') ?? 'local';

async function startSession(c: Parameters<typeof writeSessionCookie>[0], user: SessionUser) {
  const sessionId = await createSession(c.env.SESSIONS, user.id);
  await c.var.db.insert(sessions).values({ id: newId(), userId: user.id, userAgent: c.req.header('User-Agent') ?? null });
  writeSessionCookie(c, sessionId);
  // The request now belongs to the new session: an older one sliding on it must not re-send its cookie.
  c.set('sessionId', sessionId);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/signup', validate('json', signupSchema), async (c) => {
    const input = c.req.valid('json');
    if (await findUserByEmail(c.var.db, input.email)) {
      throw apiError(409, 'An account with this e-mail already exists. Sign in instead.');
    }
    const user = await createAccount(c.var.db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.mobile,
      passwordHash: await hashPassword(input.password),
      signupRole: input.role,
    });
    await startSession(c, user);
    return c.json({ user }, 201);
  })
  .post('/auth/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = clientIp(c.req.raw);
    const retryAfter = await signInRetryAfter(c.env.SESSIONS, email, ip);
    if (retryAfter > 0) {
      const minutes = Math.ceil(retryAfter / 60);
      throw apiError(429, `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    const account = await findUserByEmail(c.var.db, email);
    // Unknown e-mails still pay for one hash, so response time does not reveal which accounts exist.
    const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account || !valid) {
      await recordSignInFailure(c.env.SESSIONS, email, ip);
      throw apiError(401, 'Incorrect e-mail or password.');
    }
    await clearSignInFailures(c.env.SESSIONS, email);
    const { passwordHash: _secret, ...user } = account;
    await startSession(c, user);
    return c.json({ user });
  })
  .get('/auth/user', (c) => c.json(c.var.user!))
  /** Spec 2.3: the avatar menu navigates here; the session ends and the browser goes home. */
  .get('/logout', async (c) => {
    // Only our own pages (or the user typing the URL) sign out: a link or image on another site, even a
    // sibling subdomain, just lands on the home page.
    const site = c.req.header('Sec-Fetch-Site');
    if (site && site !== 'same-origin' && site !== 'none') return c.redirect('/', 302);
    const sessionId = readSessionCookie(c);
    if (sessionId) await destroySession(c.env.SESSIONS, sessionId);
    c.set('sessionId', null);
    clearSessionCookie(c);
    return c.redirect('/', 302);
  });
