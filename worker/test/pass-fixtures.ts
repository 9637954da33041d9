/**
 * Lots with pass products, purchases and the gate, for the monthly-pass tests (the demo data must be
 * seeded first: `beforeAll(seedPasses)`, which also signs the demo owner in as `owner`).
 */
import { expect } from 'vitest';
import { ALWAYS_VALID, type PassSchedule } from '../../core/monthly-passes';
import { makeLot } from './booking-fixtures';
import { call, cookieFor, key, seedOnce } from './helpers';

/** The demo owner's session cookie, once `seedPasses` has run. */
export let owner = '';
export async function seedPasses() {
  await seedOnce();
  owner = await cookieFor('owner_admin');
}

export type Product = { id: string; name: string; quantity: number; left: number; paused: boolean; hours: string };
export type Pass = {
  id: string;
  lotId: string;
  plate: string;
  periodKind: string;
  validFrom: string;
  validUntil: string;
  amountCents: number;
  state: string;
  token: string | null;
  autoRenew: boolean;
  renewal: string | null;
};
export type Checkin = { id: string; amountCents: number | null; walkIn: boolean; monthlyPassId: string | null; paidBy: string | null };

export const addProduct = (lotId: string, body: Record<string, unknown>, cookie = owner) =>
  call(`/api/owner/lots/${lotId}/pass-products`, { method: 'POST', cookie, json: body });
export const productBody = (over: Record<string, unknown> = {}) => ({
  name: '24/7 Monthly',
  priceCents: 300_000,
  schedule: ALWAYS_VALID,
  quantity: 1,
  ...over,
});

/** A lot with `slots` slots and one product on sale (24/7 unless said, `quantity` passes). */
export async function passLot(options: { slots?: number; quantity?: number; schedule?: PassSchedule } = {}) {
  const lotId = await makeLot(options.slots ?? 2);
  const res = await addProduct(lotId, productBody({ quantity: options.quantity ?? 1, schedule: options.schedule ?? ALWAYS_VALID }));
  expect(res.status, await res.clone().text()).toBe(201);
  return { lotId, product: await res.json<Product>() };
}

export const buy = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/monthly-passes', { method: 'POST', cookie, json, headers });

export const gateEnter = (json: Record<string, unknown>) =>
  call('/api/checkins/enter', { method: 'POST', cookie: owner, json, headers: key() });
export const gateExit = (id: string, json: Record<string, unknown>) =>
  call(`/api/checkins/${id}/exit`, { method: 'POST', cookie: owner, json, headers: key() });
