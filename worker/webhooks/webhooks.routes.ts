import { Hono } from 'hono';
import { z } from 'zod';
import { webhookSchema } from '../../core/webhooks';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { createWebhook, listWebhooks, removeWebhook, resendDelivery, resumeWebhook, webhookDeliveries } from './webhooks.service';

const webhookParams = z.object({ id: z.uuid('Unknown webhook id') });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid('Unknown delivery id') });

/** An owner's signed webhooks and their deliveries (docs/api.md, Webhooks); owners only (core/roles.ts). */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/account/webhooks', signedIn, async (c) => c.json(await listWebhooks(c.var.db, c.var.user.id)))
  .post('/account/webhooks', signedIn, validate('json', webhookSchema), async (c) =>
    c.json(await createWebhook(c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .delete('/account/webhooks/:id', signedIn, validate('param', webhookParams), async (c) => {
    await removeWebhook(c.var.db, c.var.user.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/account/webhooks/:id/resume', signedIn, validate('param', webhookParams), async (c) =>
    c.json(await resumeWebhook(c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  .get('/account/webhooks/:id/deliveries', signedIn, validate('param', webhookParams), async (c) =>
    c.json(await webhookDeliveries(c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  .post('/account/webhooks/:id/deliveries/:deliveryId/resend', signedIn, validate('param', deliveryParams), async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    await resendDelivery({ env: c.env, db: c.var.db }, c.var.user.id, id, deliveryId);
    return c.body(null, 202);
  });
