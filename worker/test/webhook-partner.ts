/**
 * A partner's server receiving Parkada's webhooks, for the worker tests: it takes the worker's POSTs in
 * place of `fetch` (`vi.stubGlobal('fetch', partner.fetch)`) at PARTNER_ORIGIN, verifies each exactly as
 * docs/api.md (Webhooks, Verifying a delivery) tells a partner to, without the worker's own code, answers
 * 400 to one that fails and otherwise what it is told to (200 unless told). Nothing leaves the test.
 */
import { expect } from 'vitest';
import type { WebhookEventType } from '../../core/webhooks';
import { newId } from '../db/ids';
import { arrived } from './arrival';
import { makeLot } from './booking-fixtures';
import { call } from './helpers';
import { newOwner } from './owner-lots';

export const PARTNER_ORIGIN = 'https://hooks.partner.example';

const TOLERANCE_SECONDS = 300;
const utf8 = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** docs/api.md's steps, one by one. */
export async function verifyParkadaSignature(secret: string, header: string | null, rawBody: string, nowSeconds: number) {
  // 1. Split the header on commas into key=value pairs; take t and v1.
  const fields = new Map((header ?? '').split(',').map((pair) => pair.trim().split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  const v1 = fields.get('v1') ?? '';
  if (!Number.isInteger(t) || !v1) return false;
  // 2. Refuse a timestamp more than 5 minutes from your clock (a replay).
  if (Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  // 3. HMAC-SHA-256, keyed with the webhook's secret, of t, a dot, and the raw body; lowercase hex.
  const key = await crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hex(await crypto.subtle.sign('HMAC', key, utf8.encode(`${t}.${rawBody}`)));
  // 4. Compare in constant time: every character, whatever the first difference.
  if (expected.length !== v1.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ v1.charCodeAt(i);
  return difference === 0;
}

type Received = {
  url: string;
  header: string | null;
  body: string;
  event: { id: string; type: string; createdAt: string; data: { lotId?: string } & Record<string, unknown> };
  verified: boolean;
};

/** An answer to the next delivery: a status, or no answer in time. */
type Answer = number | 'timeout';

export function partnerStandIn(passThrough: typeof fetch) {
  const partner = {
    /** Each webhook's address, and the secret its owner gave the partner. */
    secrets: new Map<string, string>(),
    received: [] as Received[],
    answers: [] as Answer[],
    /** The partner's clock, in seconds: the server's own unless a test fixes it. */
    clock: () => Math.floor(Date.now() / 1000),
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (!request.url.startsWith(PARTNER_ORIGIN)) return passThrough(input, init);
      const body = await request.text();
      const header = request.headers.get('Parkada-Signature');
      const secret = partner.secrets.get(request.url) ?? '';
      const verified = await verifyParkadaSignature(secret, header, body, partner.clock());
      partner.received.push({ url: request.url, header, body, event: JSON.parse(body), verified });
      if (!verified) return new Response('Bad signature', { status: 400 });
      const answer = partner.answers.shift() ?? 200;
      if (answer === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      return new Response(null, { status: answer });
    },
    /** What reached one webhook's address. */
    at: (url: string) => partner.received.filter((delivery) => delivery.url === url),
    /** What reached one webhook's address, once `count` deliveries have (the Queue delivers within a second or so). */
    arrived: (url: string, count = 1) => arrived(() => partner.at(url), count),
  };
  return partner;
}

/** An owner with a lot of their own and a webhook on `events`, whose secret the partner was given. */
export async function subscribedOwner(partner: ReturnType<typeof partnerStandIn>, events: WebhookEventType[] = ['reservation.created']) {
  const owner = await newOwner();
  const lotId = await makeLot(3, { ownerId: owner.user.id });
  const url = `${PARTNER_ORIGIN}/parkada/${newId()}`;
  const res = await call('/api/account/webhooks', { method: 'POST', cookie: owner.cookie, json: { url, events } });
  expect(res.status).toBe(201);
  const { id, secret } = await res.json<{ id: string; secret: string }>();
  partner.secrets.set(url, secret);
  return { ...owner, lotId, url, id, secret };
}
