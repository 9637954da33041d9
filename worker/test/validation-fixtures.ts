/**
 * Merchants, codes and stays for the merchant-validation tests (the demo data must be seeded first:
 * `beforeAll(seedValidations)`, which also signs the demo owner in as `owner`).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkins } from '../db/schema';
import { HOUR, MINUTE } from './booking-fixtures';
import { call, cookieFor, db, key, seedOnce } from './helpers';

type Merchant = { merchant: { id: string; name: string }; linkToken: string | null };
type Batch = { batchId: string; codes: string[] };
type Closed = {
  id: string;
  amountCents: number;
  validatedCents: number;
  receiptId: string | null;
  validations?: { merchantName: string; label: string; valueCents: number }[];
};

/** The demo owner's session cookie, once `seedValidations` has run. */
export let owner = '';
export async function seedValidations() {
  await seedOnce();
  owner = await cookieFor('owner_admin');
}

export const tomorrow = () => new Date(Date.now() + 24 * HOUR).toISOString();

export async function merchant(lotId: string, body: Record<string, unknown> = {}) {
  const res = await call(`/api/owner/lots/${lotId}/merchants`, { method: 'POST', cookie: owner, json: { name: 'Jollibee', ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Merchant>();
}

export async function codes(merchantId: string, body: Record<string, unknown>) {
  const res = await call(`/api/owner/merchants/${merchantId}/codes`, {
    method: 'POST',
    cookie: owner,
    json: { count: 1, expiresAt: tomorrow(), ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<Batch>()).codes;
}

/** A walk-in let in now, whose entry the records then place `minutesAgo` back. */
export async function walkIn(lotId: string, plate: string, minutesAgo: number) {
  const res = await call('/api/checkins/enter', { method: 'POST', cookie: owner, json: { lotId, plate }, headers: key() });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = await res.json<{ id: string }>();
  await db()
    .update(checkins)
    .set({ entryTs: new Date(Date.now() - minutesAgo * MINUTE).toISOString() })
    .where(eq(checkins.id, id));
  return id;
}

export const apply = (checkinId: string, lotId: string, code: string) =>
  call(`/api/checkins/${checkinId}/validations`, { method: 'POST', cookie: owner, json: { lotId, code } });
export const exit = async (checkinId: string, lotId: string, plate: string) => {
  const res = await call(`/api/checkins/${checkinId}/exit`, { method: 'POST', cookie: owner, json: { lotId, plate }, headers: key() });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<Closed>();
};

/** What a stay of `minutes` costs at the lot without validations (a control stay, checked out at once). */
export async function grossOf(lotId: string, minutes: number) {
  const id = await walkIn(lotId, 'CTL 0001', minutes);
  return (await exit(id, lotId, 'CTL 0001')).amountCents;
}
