/**
 * Signed webhooks (docs/api.md, Webhooks): the events an owner's server may hear of, the request that
 * subscribes to them, and the signature's format, shared by the worker that signs and the tests'
 * stand-in partner that verifies.
 */
import { z } from 'zod';
import { maskPlate } from './vehicles';

export const WEBHOOK_EVENTS = [
  'reservation.created',
  'reservation.cancelled',
  'reservation.modified',
  'stay.started',
  'stay.ended',
  'payout.recorded',
  'review.posted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** An owner keeps at most this many webhooks. */
export const WEBHOOKS_PER_OWNER = 10;

/**
 * Deliveries of one event: the Queue's max_retries (wrangler.toml) is one less. A delivery that fails
 * them all goes to the dead-letter queue, and counts towards pausing its webhook.
 */
export const WEBHOOK_ATTEMPTS = 8;

/** A retry waits a minute, then twice as long each time, up to an hour: 8 attempts span about 2 hours. */
export const webhookRetryDelay = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 3600);

/** A webhook whose deliveries failed for good this many times in a row is paused, and its owner told. */
export const WEBHOOK_PAUSE_AFTER = 5;

/** Each webhook keeps its most recent deliveries, no more. */
export const DELIVERIES_KEPT = 100;

/** How long the partner's server has to answer an attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_SIGNATURE_HEADER = 'Parkada-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<raw body>">` (core/hmac.ts, signedAt). */
export const signatureHeader = (timestamp: number, hex: string) => `t=${timestamp},v1=${hex}`;

/**
 * Hosts a webhook may not name: the loopback, private and link-local ranges and local names. The
 * worker's fetch cannot reach a private network anyway; refusing them says so at once. A public name
 * that resolves to a private address is not caught here (Workers resolve no names).
 */
const PRIVATE_HOST =
  /^(localhost|.+\.localhost|.+\.local|.+\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.\d+\.\d+|\[(::1?|f[cd][0-9a-f]*:.*|fe[89ab][0-9a-f]*:.*|::ffff:.*)\])$/i;

const isPrivateHost = (hostname: string) => PRIVATE_HOST.test(hostname);

const webhookUrl = z
  .url({ protocol: /^https$/, error: 'The webhook URL must be an https address.' })
  .max(2048, 'The webhook URL is too long.')
  .refine(
    (url) => !isPrivateHost(new URL(url).hostname),
    'The webhook URL must be a public address: not localhost, nor a private or link-local network.',
  );

/** POST /api/account/webhooks. */
export const webhookSchema = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `An event is one of ${WEBHOOK_EVENTS.join(', ')}.` }))
    .min(1, 'Choose at least one event.')
    .transform((events) => [...new Set(events)]),
});
export type WebhookInput = z.output<typeof webhookSchema>;

/** What a delivery's row says of it: waiting for its next attempt, answered 2xx, or failed every attempt. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * What an event's `data` says of its object: the lot's id and the fields the owner's screens show,
 * never the driver's e-mail or phone, and a plate masked (core/vehicles.ts): the partner's server
 * keeps what it receives, beyond the retention periods of docs/privacy.md.
 */
type ReservationFacts = {
  id: string;
  lotId: string;
  status: string;
  slotLabel: string | null;
  startTs: string;
  endTs: string;
  amountCents: number;
  vehiclePlate: string | null;
  createdAt: string;
  cancelledAt: string | null;
};

export const reservationEventData = (r: ReservationFacts) => ({
  lotId: r.lotId,
  reservation: {
    id: r.id,
    status: r.status,
    slotLabel: r.slotLabel,
    startTs: r.startTs,
    endTs: r.endTs,
    amountCents: r.amountCents,
    plate: r.vehiclePlate && maskPlate(r.vehiclePlate),
    createdAt: r.createdAt,
    cancelledAt: r.cancelledAt,
  },
});

type StayFacts = {
  id: string;
  lotId: string;
  reservationId: string | null;
  walkIn: boolean;
  plate: string;
  slot: string | null;
  entryTs: string;
  exitTs: string | null;
  amountCents: number | null;
};

export const stayEventData = (s: StayFacts) => ({
  lotId: s.lotId,
  stay: {
    id: s.id,
    reservationId: s.reservationId,
    walkIn: s.walkIn,
    plate: maskPlate(s.plate),
    slotLabel: s.slot,
    entryTs: s.entryTs,
    exitTs: s.exitTs,
    amountCents: s.amountCents,
  },
});

export const reviewEventData = (r: { id: string; lotId: string; rating: number; text: string | null; createdAt: string }) => ({
  lotId: r.lotId,
  review: { id: r.id, rating: r.rating, text: r.text, createdAt: r.createdAt },
});

export const payoutEventData = (p: { id: string; month: string; amountCents: number; paidOn: string; reference: string }) => ({
  payout: { id: p.id, month: p.month, amountCents: p.amountCents, paidOn: p.paidOn, reference: p.reference },
});
