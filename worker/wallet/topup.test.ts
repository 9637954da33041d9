import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAILY_TOPUP_MAX_CENTS, TOPUP_MAX_CENTS } from '../../core/wallet';
import { notifications, payments } from '../db/schema';
import { PAYMENT_UNAVAILABLE } from '../payments/provider';
import { createSandboxProvider, signSandboxPayload, SIGNATURE_HEADER } from '../payments/sandbox-provider';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce } from '../test/helpers';
import { ledgerSum, newDriver, topUp, walletRow, type Decided, type Topup } from '../test/wallet-driver';

type WalletSummary = InferResponseType<Api['wallet']['$get'], 200>;
type Transactions = InferResponseType<Api['wallet']['transactions']['$get'], 200>;
type PaymentsConfig = InferResponseType<Api['payments']['config']['$get'], 200>;
type WebhookAnswer = InferResponseType<Api['payments']['webhook'][':provider']['$post'], 200>;

beforeAll(seedOnce);

describe('top-up through the sandbox provider', () => {
  it('needs an Idempotency-Key and moves no money before the webhook', async () => {
    const { cookie, wallet } = await newDriver();
    const missing = await call('/api/wallet/topup', { method: 'POST', cookie, json: { amountCents: 50_000, method: 'gcash' } });
    expect(missing.status).toBe(400);
    expect((await missing.json<ApiErrorBody>()).message).toContain('Idempotency-Key');

    const res = await call('/api/wallet/topup', {
      method: 'POST',
      cookie,
      json: { amountCents: 50_000, method: 'maya' },
      headers: { 'Idempotency-Key': 'topup-key-0001' },
    });
    expect(res.status).toBe(201);
    const payment = await res.json<Topup>();
    expect(payment).toMatchObject({
      status: 'pending',
      amountCents: 50_000,
      method: 'maya',
      sandbox: true,
      checkoutUrl: `/checkout?payment=${payment.id}`,
    });
    expect((await walletRow(wallet.id)).balanceCents).toBe(0);
  });

  it('credits once when the payer approves, and the transaction and notification appear', async () => {
    const { cookie, wallet, user } = await newDriver();
    const paid = await topUp(cookie, 50_000);
    expect(paid.status).toBe('succeeded');
    expect((await walletRow(wallet.id)).balanceCents).toBe(50_000);
    const again = await call(`/api/payments/sandbox/${paid.id}/approve`, { method: 'POST', cookie });
    expect(again.status).toBe(409);
    expect((await walletRow(wallet.id)).balanceCents).toBe(50_000);

    const list = await (await call('/api/wallet/transactions', { cookie })).json<Transactions>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ type: 'TOPUP', amountCents: 50_000, description: 'Top-up via GCash', label: 'Top-up' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type)).toContain('PAYMENT_SUCCESS');
    expect(await (await call('/api/wallet', { cookie })).json<WalletSummary>()).toMatchObject({
      balanceCents: 50_000,
      totalCreditsCents: 50_000,
      totalSpentCents: 0,
    });
  });

  it('credits nothing when the payer declines', async () => {
    const { cookie, wallet, user } = await newDriver();
    const created = await (
      await call('/api/wallet/topup', {
        method: 'POST',
        cookie,
        json: { amountCents: 20_000, method: 'card' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
    ).json<Topup>();
    const declined = await (await call(`/api/payments/sandbox/${created.id}/decline`, { method: 'POST', cookie })).json<Decided>();
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'The payer declined the payment.' });
    expect((await walletRow(wallet.id)).balanceCents).toBe(0);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type)).toContain('PAYMENT_FAILED');
  });

  it('replays the first result for a repeated Idempotency-Key and refuses the key for another body', async () => {
    const { cookie } = await newDriver();
    const send = (amountCents: number) =>
      call('/api/wallet/topup', {
        method: 'POST',
        cookie,
        json: { amountCents, method: 'gcash' },
        headers: { 'Idempotency-Key': 'same-key-123456' },
      });
    const first = await send(30_000);
    const second = await send(30_000);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await second.json<Topup>()).id).toBe((await first.json<Topup>()).id);
    const other = await send(40_000);
    expect(other.status).toBe(409);
    expect((await other.json<ApiErrorBody>()).message).toContain('different request');
    expect(await db().select().from(payments).where(eq(payments.amountCents, 30_000))).toSatisfy((rows: unknown[]) => rows.length >= 1);
  });

  it('answers concurrent twins with one payment', async () => {
    const { cookie, user } = await newDriver();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('/api/wallet/topup', {
          method: 'POST',
          cookie,
          json: { amountCents: 10_000, method: 'gcash' },
          headers: { 'Idempotency-Key': 'twin-key-000001' },
        }),
      ),
    );
    const ids = new Set(await Promise.all(results.map(async (r) => (await r.json<Topup>()).id)));
    expect(ids.size).toBe(1);
    expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
  });

  it.each([
    [{ amountCents: 0, method: 'gcash' }, 'Please enter a valid amount.'],
    [{ amountCents: -500, method: 'gcash' }, 'Please enter a valid amount.'],
    [{ amountCents: 10.5, method: 'gcash' }, 'Amount must be a whole number of centavos.'],
    [{ amountCents: '500', method: 'gcash' }, 'Please enter a valid amount.'],
    [{ amountCents: TOPUP_MAX_CENTS + 1, method: 'gcash' }, 'A single top-up is at most ₱20,000.00.'],
    [{ amountCents: 10_000, method: 'bitcoin' }, 'Choose GCash, Maya or card.'],
  ])('refuses %j with a clear 400', async (json, message) => {
    const { cookie, user } = await newDriver();
    const res = await call('/api/wallet/topup', { method: 'POST', cookie, json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(res.status).toBe(400);
    expect((await res.json<ApiErrorBody>()).message).toBe(message);
    expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it("puts a top-up past the single limit at the amount's field, so the form shows it there", async () => {
    const { cookie } = await newDriver();
    const json = { amountCents: TOPUP_MAX_CENTS + 1, method: 'gcash' };
    const res = await call('/api/wallet/topup', { method: 'POST', cookie, json, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await res.json<ApiErrorBody>()).issues).toEqual([{ path: 'amountCents', message: 'A single top-up is at most ₱20,000.00.' }]);
  });

  it('caps top-ups per Manila day', async () => {
    const { cookie } = await newDriver();
    for (let i = 0; i < DAILY_TOPUP_MAX_CENTS / TOPUP_MAX_CENTS - 0.5; i++) await topUp(cookie, TOPUP_MAX_CENTS);
    const over = await call('/api/wallet/topup', {
      method: 'POST',
      cookie,
      json: { amountCents: TOPUP_MAX_CENTS, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(over.status).toBe(400);
    expect((await over.json<ApiErrorBody>()).message).toBe(
      'Top-ups are limited to ₱50,000.00 per day; you can add up to ₱10,000.00 more today.',
    );
  });

  it('holds the daily ceiling against parallel top-ups', async () => {
    const { cookie, user } = await newDriver();
    const start = (amountCents: number) =>
      call('/api/wallet/topup', {
        method: 'POST',
        cookie,
        json: { amountCents, method: 'gcash' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(TOPUP_MAX_CENTS)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect((await refused.json<ApiErrorBody>()).message).toBe(
      'Top-ups are limited to ₱50,000.00 per day; you can add up to ₱10,000.00 more today.',
    );
    expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(2);
  });

  it('never lets parallel top-ups of any amounts pass the daily ceiling together (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 100, max: TOPUP_MAX_CENTS / 100 }), { minLength: 2, maxLength: 8 }), async (pesos) => {
        const { cookie, user } = await newDriver();
        const answers = await Promise.all(
          pesos.map((p) =>
            call('/api/wallet/topup', {
              method: 'POST',
              cookie,
              json: { amountCents: p * 100, method: 'gcash' },
              headers: { 'Idempotency-Key': crypto.randomUUID() },
            }),
          ),
        );
        const started = await db().select().from(payments).where(eq(payments.userId, user.id));
        const total = started.reduce((sum, p) => sum + p.amountCents, 0);
        expect(total).toBeLessThanOrEqual(DAILY_TOPUP_MAX_CENTS);
        expect(started).toHaveLength(answers.filter((a) => a.status === 201).length);
        // Each refusal was right: what is left at the end is less than it asked for.
        for (const [i, a] of answers.entries()) if (a.status === 400) expect(pesos[i] * 100).toBeGreaterThan(DAILY_TOPUP_MAX_CENTS - total);
      }),
      { numRuns: 6 },
    );
  });

  it("shows the spec's unavailable message when no provider is configured", async () => {
    const { cookie } = await newDriver();
    const bindings = { PAYMENT_PROVIDER: undefined };
    expect(await (await call('/api/payments/config', { cookie, bindings })).json<PaymentsConfig>()).toEqual({
      available: false,
      message: PAYMENT_UNAVAILABLE,
    });
    const res = await call('/api/wallet/topup', {
      method: 'POST',
      cookie,
      bindings,
      json: { amountCents: 10_000, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(503);
    expect((await res.json<ApiErrorBody>()).message).toBe(PAYMENT_UNAVAILABLE);
  });

  it.each(['production', 'staging', undefined])('runs the sandbox gateway only in development, never with APP_ENV %s', async (appEnv) => {
    const { cookie } = await newDriver();
    const bindings = { APP_ENV: appEnv };
    expect(await (await call('/api/payments/config', { cookie, bindings })).json<PaymentsConfig>()).toEqual({
      available: false,
      message: PAYMENT_UNAVAILABLE,
    });
    const res = await call('/api/wallet/topup', {
      method: 'POST',
      cookie,
      bindings,
      json: { amountCents: 10_000, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(503);
  });

  it("hides other people's payments", async () => {
    const a = await newDriver();
    const b = await newDriver();
    const created = await (
      await call('/api/wallet/topup', {
        method: 'POST',
        cookie: a.cookie,
        json: { amountCents: 10_000, method: 'gcash' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
    ).json<Topup>();
    expect((await call(`/api/payments/${created.id}`, { cookie: b.cookie })).status).toBe(404);
    expect((await call(`/api/payments/sandbox/${created.id}/approve`, { method: 'POST', cookie: b.cookie })).status).toBe(404);
    expect((await walletRow(a.wallet.id)).balanceCents).toBe(0);
  });
});

describe('the payment webhook', () => {
  const sandbox = createSandboxProvider(env.SANDBOX_WEBHOOK_SECRET!);

  async function pendingPayment(amountCents = 25_000) {
    const driver = await newDriver();
    const res = await call('/api/wallet/topup', {
      method: 'POST',
      cookie: driver.cookie,
      json: { amountCents, method: 'gcash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const { id } = await res.json<Topup>();
    const [payment] = await db().select().from(payments).where(eq(payments.id, id));
    return { ...driver, payment };
  }
  const post = (body: string, headers: Headers) => call('/api/payments/webhook/sandbox', { method: 'POST', body, headers });

  it('credits exactly once however often the same event is delivered', async () => {
    const { payment, wallet } = await pendingPayment();
    const { body, headers } = await sandbox.webhookFor({
      type: 'payment.paid',
      paymentId: payment.id,
      providerRef: payment.providerRef!,
      amountCents: payment.amountCents,
    });
    const first = await post(body, headers);
    expect(await first.json<WebhookAnswer>()).toMatchObject({ received: true, status: 'credited' });
    for (let i = 0; i < 3; i++) expect(await (await post(body, headers)).json<WebhookAnswer>()).toMatchObject({ status: 'duplicate' });
    // A second, distinct event for the same payment credits nothing either.
    const other = await sandbox.webhookFor({
      type: 'payment.paid',
      paymentId: payment.id,
      providerRef: payment.providerRef!,
      amountCents: payment.amountCents,
    });
    expect(await (await post(other.body, other.headers)).json<WebhookAnswer>()).toMatchObject({ status: 'duplicate' });
    expect((await walletRow(wallet.id)).balanceCents).toBe(25_000);
    expect((await ledgerSum(wallet.id)).sum).toBe(25_000);
  });

  it('refuses a forged, tampered or stale signature with 401 and credits nothing', async () => {
    const { payment, wallet } = await pendingPayment();
    const event = {
      id: 'evt_forged',
      type: 'payment.paid',
      paymentId: payment.id,
      providerRef: payment.providerRef,
      amountCents: payment.amountCents,
    };
    const body = JSON.stringify(event);
    const forged = new Headers({ [SIGNATURE_HEADER]: await signSandboxPayload('not-the-secret', body) });
    const tampered = new Headers({
      [SIGNATURE_HEADER]: await signSandboxPayload(env.SANDBOX_WEBHOOK_SECRET!, JSON.stringify({ ...event, amountCents: 1 })),
    });
    const stale = new Headers({
      [SIGNATURE_HEADER]: await signSandboxPayload(env.SANDBOX_WEBHOOK_SECRET!, body, new Date(Date.now() - 10 * 60_000)),
    });
    for (const headers of [forged, tampered, stale, new Headers()]) {
      const res = await post(body, headers);
      expect(res.status).toBe(401);
      expect(await res.json<ApiErrorBody>()).toEqual({ message: 'Invalid webhook signature.' });
    }
    expect((await walletRow(wallet.id)).balanceCents).toBe(0);
    expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0].status).toBe('pending');
  });

  it('refuses a signed event whose amount differs from the payment', async () => {
    const { payment, wallet } = await pendingPayment();
    const { body, headers } = await sandbox.webhookFor({
      type: 'payment.paid',
      paymentId: payment.id,
      providerRef: payment.providerRef!,
      amountCents: payment.amountCents * 10,
    });
    expect((await post(body, headers)).status).toBe(400);
    expect((await walletRow(wallet.id)).balanceCents).toBe(0);
  });
});
