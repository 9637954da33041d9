/** The answers of worker/webhooks/ (docs/api.md, Webhooks); the one-time answer is in core/api-answers.ts. */
import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../webhooks';
import { instant } from './shared';

/** A webhook as its list shows it: never its secret. */
export const webhookAnswer = z
  .looseObject({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    failures: z.number().int().describe('Deliveries failed in a row; the webhook pauses after too many.'),
    pausedAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Webhook' });

export const webhooksAnswer = z.array(webhookAnswer).meta({ id: 'Webhooks' });

export const webhookDeliveriesAnswer = z
  .array(
    z.looseObject({
      id: z.string(),
      eventId: z.string(),
      eventType: z.enum(WEBHOOK_EVENTS),
      status: z.enum(DELIVERY_STATUSES),
      attempts: z.number().int(),
      lastStatusCode: z.number().int().nullable(),
      lastError: z.string().nullable(),
      lastAttemptAt: instant.nullable(),
      createdAt: instant,
    }),
  )
  .meta({ id: 'WebhookDeliveries' });
