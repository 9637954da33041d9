import { lotUnavailable } from '../../core/lot-sale';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { lots, payments } from '../db/schema';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce } from '../test/helpers';
import { firstLotId, newDriver, reservationsFor, topUp, walletRow } from '../test/wallet-driver';
import { autoTopupIfLow, payFromWallet } from './wallet.service';

type Transactions = InferResponseType<Api['wallet']['transactions']['$get'], 200>;
type Statement = Exclude<InferResponseType<Api['wallet']['statement']['$get'], 200>, string>; // the CSV is text
type PaymentMethods = InferResponseType<Api['wallet']['payment-methods']['$get'], 200>;
type SavedAutoTopup = InferResponseType<Api['wallet']['auto-topup']['$put'], 200>;
type AutoTopup = InferResponseType<Api['wallet']['auto-topup']['$get'], 200>;

let lotId = '';
beforeAll(async () => {
  await seedOnce();
  lotId = await firstLotId();
});

describe('POST /api/wallet/pay-code', () => {
  const payCode = (cookie: string, json?: unknown) => call('/api/wallet/pay-code', { method: 'POST', cookie, json });

  it('needs the lot and the limit, each refusal naming its field; a lot a driver cannot park at makes no code', async () => {
    const { cookie } = await newDriver();
    const refused = async (json: unknown, status: number, message: string | RegExp) => {
      const res = await payCode(cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect((await res.json<ApiErrorBody>()).message).toMatch(message);
    };
    const missing = await payCode(cookie, {});
    expect(missing.status).toBe(400);
    expect((await missing.json<ApiErrorBody & { issues: { path: string }[] }>()).issues.map((issue) => issue.path)).toEqual([
      'lotId',
      'limitCents',
    ]);
    // Each refusal in the driver's words (the form shows it under its field), the field named beside it.
    const refusedAt = async (json: unknown, field: string, message: string) => {
      const res = await payCode(cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json<ApiErrorBody & { issues: { path: string }[] }>()).toMatchObject({
        message,
        issues: [{ path: field, message }],
      });
    };
    await refusedAt({ limitCents: 10_000 }, 'lotId', 'Choose the parking lot the code pays at.');
    await refusedAt({ lotId: 'greenbelt', limitCents: 10_000 }, 'lotId', 'Choose the parking lot the code pays at.');
    await refusedAt({ lotId }, 'limitCents', 'Enter the most the code pays.');
    await refusedAt({ lotId, limitCents: '100' }, 'limitCents', 'Enter the most the code pays.');
    await refusedAt({ lotId, limitCents: 0 }, 'limitCents', 'The limit must be more than ₱0.00.');
    await refusedAt({ lotId, limitCents: -100 }, 'limitCents', 'The limit must be more than ₱0.00.');
    await refusedAt({ lotId, limitCents: 10.5 }, 'limitCents', 'The limit is a whole number of centavos.');
    await refusedAt({ lotId, limitCents: 5_000_001 }, 'limitCents', 'A pay code pays at most ₱50,000.00.');
    await refused({ lotId: crypto.randomUUID(), limitCents: 10_000 }, 404, 'Parking lot not found');
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    await db().update(lots).set({ isApproved: false }).where(eq(lots.id, lotId));
    await refused({ lotId, limitCents: 10_000 }, 404, 'Parking lot not found');
    await db().update(lots).set({ isApproved: true, isActive: false }).where(eq(lots.id, lotId));
    await refused({ lotId, limitCents: 10_000 }, 409, lotUnavailable(lot.name));
    await db().update(lots).set({ isApproved: lot.isApproved, isActive: lot.isActive }).where(eq(lots.id, lotId));
  });

  it('signs the lot and the limit into the code, which the gate can read', async () => {
    const { cookie } = await newDriver();
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    const res = await payCode(cookie, { lotId, limitCents: 25_000 });
    expect(res.status).toBe(201);
    const code = await res.json<{ token: string; expiresAt: string; lotId: string; lotName: string; limitCents: number }>();
    expect(code).toMatchObject({ lotId, lotName: lot.name, limitCents: 25_000 });
    expect(decodeJwt(code.token)).toMatchObject({ lotId, lotName: lot.name, limitCents: 25_000, aud: 'parkada-pay' });
  });
});

describe('wallet settings', () => {
  it('pages the transactions newest first', async () => {
    const { cookie } = await newDriver();
    for (const amount of [1_000, 2_000, 3_000]) await topUp(cookie, amount);
    const first = await (await call('/api/wallet/transactions?limit=2', { cookie })).json<Transactions>();
    expect(first.items.map((t) => t.amountCents)).toEqual([3_000, 2_000]);
    const second = await (
      await call(`/api/wallet/transactions?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`, { cookie })
    ).json<Transactions>();
    expect(second.items.map((t) => t.amountCents)).toEqual([1_000]);
    expect(second.nextCursor).toBeNull();
    expect((await call('/api/wallet/transactions?limit=0', { cookie })).status).toBe(400);
  });

  it("downloads this month's statement as CSV and JSON, and refuses bad months", async () => {
    const { cookie } = await newDriver();
    await topUp(cookie, 12_345);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const json = await (await call(`/api/wallet/statement?month=${month}`, { cookie })).json<Statement>();
    expect(json).toMatchObject({ month, openingCents: 0, closingCents: 12_345 });
    expect(json.rows[0]).toMatchObject({ type: 'TOPUP', balanceCents: 12_345 });
    const csv = await call(`/api/wallet/statement?month=${month}&format=csv`, { cookie });
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="parkada-wallet-${month}.csv"`);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Date (Asia/Manila),Type,Description,Amount (PHP),Balance (PHP),Points,Reference');
    expect(lines[1]).toBe(',Opening balance,,,0.00,,');
    expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Top-up,Top-up via GCash,123\.45,123\.45,0,sbx_/);
    expect(lines[3]).toBe(',Closing balance,,,123.45,,');
    expect((await call('/api/wallet/statement?month=2026-13', { cookie })).status).toBe(400);
    expect((await call('/api/wallet/statement?month=2999-01', { cookie })).status).toBe(400);
  });

  it('lists the payment methods used', async () => {
    const { cookie } = await newDriver();
    await topUp(cookie, 1_000);
    const methods = await (await call('/api/wallet/payment-methods', { cookie })).json<PaymentMethods>();
    expect(methods).toEqual([expect.objectContaining({ method: 'gcash', provider: 'sandbox', count: 1, totalCents: 1_000 })]);
  });

  it('refuses a threshold past the single top-up limit, or one that is not a number, in pesos', async () => {
    const { cookie } = await newDriver();
    const rule = { enabled: true, thresholdCents: 20_000, amountCents: 50_000, method: 'gcash' };
    for (const [thresholdCents, message] of [
      [2_000_001, 'The threshold is at most ₱20,000.00.'],
      ['200', 'Please enter a valid threshold.'],
    ]) {
      const res = await call('/api/wallet/auto-topup', { method: 'PUT', cookie, json: { ...rule, thresholdCents } });
      expect([res.status, await res.json()]).toEqual([400, expect.objectContaining({ issues: [{ path: 'thresholdCents', message }] })]);
    }
    expect(await (await call('/api/wallet/auto-topup', { cookie })).json<AutoTopup>()).toEqual({ rule: null, supported: true });
  });

  it("refuses an amount past the single top-up limit at the amount's field, so the form shows it there", async () => {
    const { cookie } = await newDriver();
    const rule = { enabled: true, thresholdCents: 20_000, amountCents: 2_000_001, method: 'gcash' };
    const res = await call('/api/wallet/auto-topup', { method: 'PUT', cookie, json: rule });
    const message = 'A single top-up is at most ₱20,000.00.';
    expect([res.status, await res.json()]).toEqual([400, { message, issues: [{ path: 'amountCents', message }] }]);
  });

  it('saves the auto top-up rule and applies it after a payment leaves the balance low', async () => {
    const { user, wallet, cookie } = await newDriver();
    const rule = { enabled: true, thresholdCents: 20_000, amountCents: 50_000, method: 'gcash' };
    expect((await call('/api/wallet/auto-topup', { method: 'PUT', cookie, json: { ...rule, thresholdCents: 5 } })).status).toBe(400);
    expect(await (await call('/api/wallet/auto-topup', { method: 'PUT', cookie, json: rule })).json<SavedAutoTopup>()).toEqual({
      rule,
      supported: true,
    });
    expect(await (await call('/api/wallet/auto-topup', { cookie })).json<AutoTopup>()).toEqual({ rule, supported: true });

    await topUp(cookie, 30_000); // GCash is now a saved method
    const [reservationId] = await reservationsFor(user.id, 1);
    await payFromWallet(db(), {
      userId: user.id,
      reservationId,
      amountCents: 15_000,
      description: 'Parking',
      idempotencyKey: 'auto1',
    });
    await autoTopupIfLow(env, db(), user.id);
    // ₱150 left < ₱200 threshold → ₱500 charged to the saved GCash method.
    expect((await walletRow(wallet.id)).balanceCents).toBe(65_000);
    const autos = await db().select().from(payments).where(eq(payments.origin, 'auto_topup'));
    expect(autos.filter((p) => p.userId === user.id)).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: 50_000 })]);
  });

  it('does not auto top-up past the daily ceiling', async () => {
    const { user, wallet, cookie } = await newDriver();
    await call('/api/wallet/auto-topup', {
      method: 'PUT',
      cookie,
      json: { enabled: true, thresholdCents: 20_000, amountCents: 50_000, method: 'gcash' },
    });
    // ₱49,900 topped up today: a ₱500 automatic top-up would pass the ₱50,000 ceiling.
    for (const amount of [2_000_000, 2_000_000, 990_000]) await topUp(cookie, amount);
    const [reservationId] = await reservationsFor(user.id, 1);
    await payFromWallet(db(), {
      userId: user.id,
      reservationId,
      amountCents: 4_975_000,
      description: 'Parking',
      idempotencyKey: 'auto3',
    });
    await autoTopupIfLow(env, db(), user.id);
    expect((await walletRow(wallet.id)).balanceCents).toBe(15_000);
    expect((await db().select().from(payments).where(eq(payments.origin, 'auto_topup'))).filter((p) => p.userId === user.id)).toEqual([]);
  });

  it('does not auto top-up without a saved method', async () => {
    const { user, wallet, cookie } = await newDriver();
    await call('/api/wallet/auto-topup', {
      method: 'PUT',
      cookie,
      json: { enabled: true, thresholdCents: 20_000, amountCents: 50_000, method: 'card' },
    });
    await topUp(cookie, 30_000); // GCash only
    const [reservationId] = await reservationsFor(user.id, 1);
    await payFromWallet(db(), {
      userId: user.id,
      reservationId,
      amountCents: 15_000,
      description: 'Parking',
      idempotencyKey: 'auto2',
    });
    await autoTopupIfLow(env, db(), user.id);
    expect((await walletRow(wallet.id)).balanceCents).toBe(15_000);
  });
});
