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

/**
 * The browsers' own push services, the only hosts the worker posts a push to (it would otherwise post to
 * any https address a client named): Chrome's FCM, Mozilla's autopush, Apple's and Microsoft's WNS.
 * `*.` matches any subdomain.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Whether an endpoint is at a push service's host, on https's own port. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const { protocol, port, hostname } = new URL(endpoint);
  if (protocol !== 'https:' || port !== '') return false;
  return PUSH_SERVICE_HOSTS.some((host) => (host.startsWith('*.') ? hostname.endsWith(host.slice(1)) : hostname === host));
}

const httpsEndpoint = z
  .url({ protocol: /^https$/, error: 'The push endpoint must be an https address.' })
  .max(2048, 'The push endpoint is too long.');

/** `PushSubscription.toJSON()`, as the browser gives it: a push service's endpoint, its P-256 key and auth secret. */
export const pushSubscriptionSchema = z.object({
  endpoint: httpsEndpoint.refine(
    isPushServiceEndpoint,
    "The push endpoint must be an address of a browser's push service (Google, Mozilla, Apple or Microsoft).",
  ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('The p256dh key', 65), auth: base64url('The auth secret', 16) }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** Unsubscribing names any https endpoint: one saved before the hosts were checked can still be removed. */
export const pushEndpointSchema = z.object({ endpoint: httpsEndpoint });

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
