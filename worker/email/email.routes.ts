import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { unsubscribe, UNSUBSCRIBE_LINK_INVALID } from './unsubscribe.service';
import { noticeAnswer } from '../../core/api-answers/auth';
import { describedAs } from '../http/described';

const unsubscribeQuery = z.object({ token: z.string({ error: UNSUBSCRIBE_LINK_INVALID }).min(1, UNSUBSCRIBE_LINK_INVALID).max(1000) });

const described = describedAs('email');

export const emailRoutes = new Hono<AppEnv>()
  /** RFC 8058 one-click unsubscribe: a POST (never a GET, which link scanners make) with no session. */
  .post(
    '/email/unsubscribe',
    described({ summary: 'Unsubscribe in one click (RFC 8058)', answer: noticeAnswer, refusals: [503] }),
    validate('query', unsubscribeQuery),
    async (c) => {
      await unsubscribe(c.env, c.var.db, c.req.valid('query').token);
      return c.json({ message: 'You will get no more promotional e-mails from Parkada.' });
    },
  );
