import { Hono } from 'hono';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../core/push';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { notFound } from '../../core/refusal';
import { validate } from '../http/validate';
import { unsubscribeBrowser, requireVapid, subscribeBrowser } from './push.service';
import { describedAs } from '../http/described';
import { vapidPublicKeyAnswer } from '../../core/api-answers/push';

const described = describedAs('push');

/** Web Push for the signed-in user's browsers (docs/notifications.md). */
export const pushRoutes = new Hono<AppEnv>()
  .get('/push/vapid-public-key', described({ summary: 'The Web Push public key', answer: vapidPublicKeyAnswer, refusals: [503] }), (c) =>
    c.json({ publicKey: requireVapid(c.env).publicKey }),
  )
  .put(
    '/push/subscription',
    described({ summary: 'Subscribe this browser to notifications', status: 204 }),
    signedIn,
    validate('json', pushSubscriptionSchema),
    async (c) => {
      requireVapid(c.env);
      await subscribeBrowser(c.var.db, c.var.user.id, c.req.valid('json'));
      return c.body(null, 204);
    },
  )
  .delete(
    '/push/subscription',
    described({ summary: 'Unsubscribe this browser', status: 204 }),
    signedIn,
    validate('json', pushEndpointSchema),
    async (c) => {
      if (!(await unsubscribeBrowser(c.var.db, c.var.user.id, c.req.valid('json').endpoint))) throw notFound('Push subscription');
      return c.body(null, 204);
    },
  );
