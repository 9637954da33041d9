/**
 * Web Push (docs/notifications.md): the subscription a browser hands the app, and the message the
 * service worker shows. Shared by the worker, which stores and sends, and the app and its service
 * worker, which subscribe and show.
 */
import { z } from 'zod';

const base64url = (what: string, bytes: number) =>
  z
    .string({ error: `${what} is required.` })
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url.`)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, `${what} must be ${bytes} bytes.`);

/** `PushSubscription.toJSON()`, as the browser gives it: an https endpoint, its P-256 key and auth secret. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The push endpoint must be an https address.' })
    .max(2048, 'The push endpoint is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('The p256dh key', 65), auth: base64url('The auth secret', 16) }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = pushSubscriptionSchema.pick({ endpoint: true });

/** The notification's one action: Extend 1 hour, which opens the reservation's Extend dialog, priced. */
export const EXTEND_ACTION = 'extend';

/** What a push carries, encrypted: the service worker shows it as is. `url`: what a tap opens. */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  /** One notification per tag on the device: a later one about the same booking replaces it. */
  tag: string;
  /** Where the Extend action leads (the reservation's page with its dialog open), when it has one. */
  extendUrl?: string;
};

/** The reservation page with its Extend dialog open: the Extend action's target. */
export const extendUrlOf = (reservationId: string) => `/reservation/${reservationId}?action=extend`;
