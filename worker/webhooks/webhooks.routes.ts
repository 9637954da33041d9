import { Hono } from 'hono';
import { z } from 'zod';
import { webhookCreatedAnswer } from '../../core/api-answers';
import { webhookSchema } from '../../core/webhooks';
import type { AppEnv } from '../env';
import { webhookAnswer, webhookDeliveriesAnswer, webhooksAnswer } from '../../core/api-answers/webhooks';
import { describedAs } from '../http/described';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { createWebhook, listWebhooks, removeWebhook, resendDelivery, resumeWebhook, webhookDeliveries } from './webhooks.service';

const described = describedAs('webhooks');
const webhookParams = z.object({ id: z.uuid('Unknown webhook id') });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid('Unknown delivery id') });

/** An owner's signed webhooks and their deliveries (docs/api.md, Webhooks); owners only (core/roles.ts). */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/account/webhooks', described({ summary: 'My webhooks, never their secrets', answer: webhooksAnswer }), signedIn, async (c) =>
    c.json(await listWebhooks(c.var.db, c.var.user.id)),
  )
  .post(
    '/account/webhooks',
    described({ summary: 'Add a webhook', status: 201, answer: webhookCreatedAnswer, refusals: [409] }),
    signedIn,
    validate('json', webhookSchema),
    async (c) => c.json(await createWebhook({ env: c.env, db: c.var.db }, c.var.user.id, c.req.valid('json')), 201),
  )
  .delete(
    '/account/webhooks/:id',
    described({ summary: 'Delete a webhook', status: 204, refusals: [404] }),
    signedIn,
    validate('param', webhookParams),
    async (c) => {
      await removeWebhook(c.var.db, c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .post(
    '/account/webhooks/:id/resume',
    described({ summary: 'Resume a paused webhook', answer: webhookAnswer, refusals: [404] }),
    signedIn,
    validate('param', webhookParams),
    async (c) => c.json(await resumeWebhook(c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  .get(
    '/account/webhooks/:id/deliveries',
    described({ summary: "A webhook's recent deliveries", answer: webhookDeliveriesAnswer, refusals: [404] }),
    signedIn,
    validate('param', webhookParams),
    async (c) => c.json(await webhookDeliveries(c.var.db, c.var.user.id, c.req.valid('param').id)),
  )
  .post(
    '/account/webhooks/:id/deliveries/:deliveryId/resend',
    described({ summary: 'Send a delivery again', status: 202, refusals: [404] }),
    signedIn,
    validate('param', deliveryParams),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      await resendDelivery({ env: c.env, db: c.var.db }, c.var.user.id, id, deliveryId);
      return c.body(null, 202);
    },
  );
