import { env } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAILY_TOPUP_MAX_CENTS, TOPUP_MAX_CENTS } from '../../core/wallet';
import { lots, notifications, payments, reservations, wallets, walletTransactions } from '../db/schema';
import { newId } from '../db/ids';
import { PAYMENT_UNAVAILABLE } from '../payments/provider';
import { createSandboxProvider, signSandboxPayload, SIGNATURE_HEADER } from '../payments/sandbox-provider';
import { DEMO_ACCOUNTS } from '../seed/seed';
import type { Api, ApiErrorBody } from '../test/api-types';
import { call, db, seedOnce, signedInAs, signupBody } from '../test/helpers';
import { createAccount } from '../users/users.data';
import { autoTopupIfLow, payFromWallet, refundToWallet } from './wallet.service';
import { walletOf } from './wallet.data';

type WalletSummary = InferResponseType<Api['wallet']['$get'], 200>;
type Transactions = InferResponseType<Api['wallet']['transactions']['$get'], 200>;
type Statement = Exclude<InferResponseType<Api['wallet']['statement']['$get'], 200>, string>; // the CSV is text
type PaymentMethods = InferResponseType<Api['wallet']['payment-methods']['$get'], 200>;
type SavedAutoTopup = InferResponseType<Api['wallet']['auto-topup']['$put'], 200>;
type AutoTopup = InferResponseType<Api['wallet']['auto-topup']['$get'], 200>;
type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
type Decided = InferResponseType<Api['payments']['sandbox'][':id'][':decision']['$post'], 200>;
type PaymentsConfig = InferResponseType<Api['payments']['config']['$get'], 200>;
type WebhookAnswer = InferResponseType<Api['payments']['webhook'][':provider']['$post'], 200>;

let lotId = '';
beforeAll(async () => {
  await seedOnce();
  [{ id: lotId }] = await db().select({ id: lots.id }).from(lots).limit(1);
});

/** A fresh driver with an empty wallet and a session. */
async function newDriver() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  const wallet = await walletOf(db(), user.id);
  return { user, wallet, cookie: await signedInAs(user.id) };
}

/** Reservation rows to pay for (the ledger references them). */
async function reservationsFor(userId: string, count: number) {
  const ids = Array.from({ length: count }, () => newId());
  for (const id of ids) {
    await db().insert(reservations).values({
      id,
      userId,
      lotId,
      status: 'CONFIRMED',
      startTs: '2026-12-01T01:00:00.000Z',
      endTs: '2026-12-01T03:00:00.000Z',
      amountCents: 0,
    });
  }
  return ids;
}

/** Credits a wallet the way production does: a sandbox top-up approved on its checkout. */
async function topUp(cookie: string, amountCents: number) {
  const created = await call('/api/wallet/topup', {
    method: 'POST',
    cookie,
    json: { amountCents, method: 'gcash' },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(created.status).toBe(201);
  const payment = await created.json<Topup>();
  const approved = await call(`/api/payments/sandbox/${payment.id}/approve`, { method: 'POST', cookie });
  expect(approved.status).toBe(200);
  return approved.json<Decided>();
}

const ledgerSum = async (walletId: string) =>
  (
    await db()
      .select({ sum: sql<number>`COALESCE(SUM(amount_cents), 0)`, points: sql<number>`COALESCE(SUM(points_delta), 0)` })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, walletId))
  )[0];
const walletRow = async (walletId: string) => (await db().select().from(wallets).where(eq(wallets.id, walletId)))[0];

describe('GET /api/wallet', () => {
  it('shows the demo driver the figures of their ledger', async () => {
    const cookie = await signedInAs((await db().query.users.findFirst({ where: (u, { eq }) => eq(u.email, DEMO_ACCOUNTS[0].email) }))!.id);
    const res = await call('/api/wallet', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json<WalletSummary>()).toMatchObject({
      balanceCents: 100_000,
      points: 0,
      level: 'Bronze',
      totalCreditsCents: 100_000,
      totalSpentCents: 0,
      monthPoints: 0,
    });
  });
});

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

describe('paying and refunding from the wallet', () => {
  it('50 concurrent payments against a balance that covers 10 leave exactly 10 paid', async () => {
    const { user, wallet, cookie } = await newDriver();
    await topUp(cookie, 10_000);
    const ids = await reservationsFor(user.id, 50);
    const results = await Promise.all(
      ids.map((reservationId) =>
        payFromWallet(db(), {
          userId: user.id,
          reservationId,
          amountCents: 1_000,
          description: 'Parking',
          idempotencyKey: `reservation:${reservationId}:booking`,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient_funds')).toHaveLength(40);
    const row = await walletRow(wallet.id);
    expect(row.balanceCents).toBe(0);
    expect((await ledgerSum(wallet.id)).sum).toBe(0);
  });

  it('says how much is missing and moves nothing when the balance is short', async () => {
    const { user, wallet, cookie } = await newDriver();
    await topUp(cookie, 5_000);
    const [reservationId] = await reservationsFor(user.id, 1);
    const result = await payFromWallet(db(), {
      userId: user.id,
      reservationId,
      amountCents: 8_000,
      description: 'Parking',
      idempotencyKey: 'k1',
    });
    expect(result).toEqual({ ok: false, reason: 'insufficient_funds', balanceCents: 5_000, missingCents: 3_000 });
    expect((await walletRow(wallet.id)).balanceCents).toBe(5_000);
  });

  it('never posts the same movement twice', async () => {
    const { user, wallet, cookie } = await newDriver();
    await topUp(cookie, 10_000);
    const [reservationId] = await reservationsFor(user.id, 1);
    const movement = {
      userId: user.id,
      reservationId,
      amountCents: 4_000,
      description: 'Parking',
      idempotencyKey: `reservation:${reservationId}:booking`,
    };
    expect((await payFromWallet(db(), movement)).ok).toBe(true);
    expect(await payFromWallet(db(), movement)).toEqual({ ok: false, reason: 'duplicate' });
    expect((await walletRow(wallet.id)).balanceCents).toBe(6_000);
  });

  it('earns 1 point per ₱10 of parking, never on top-ups, and refunds take them back', async () => {
    const { user, wallet, cookie } = await newDriver();
    await topUp(cookie, 100_000);
    expect((await walletRow(wallet.id)).points).toBe(0);
    const [r1, r2] = await reservationsFor(user.id, 2);
    await payFromWallet(db(), {
      userId: user.id,
      reservationId: r1,
      amountCents: 9_500,
      description: 'Parking',
      idempotencyKey: 'p1',
    });
    expect((await walletRow(wallet.id)).points).toBe(9);
    await refundToWallet(db(), {
      userId: user.id,
      reservationId: r1,
      amountCents: 1_500,
      description: 'Shorter stay',
      idempotencyKey: 'r1',
    });
    expect((await walletRow(wallet.id)).points).toBe(8); // floor(₱80 / ₱10)
    await payFromWallet(db(), {
      userId: user.id,
      reservationId: r2,
      amountCents: 40_000,
      description: 'Parking',
      idempotencyKey: 'p2',
    });
    await refundToWallet(db(), {
      userId: user.id,
      reservationId: r1,
      amountCents: 8_000,
      description: 'Cancelled',
      idempotencyKey: 'r2',
    });
    expect(await (await call('/api/wallet', { cookie })).json<WalletSummary>()).toMatchObject({
      points: 40,
      monthPoints: 40,
      totalSpentCents: 40_000,
      balanceCents: 60_000,
    });
    const history = await (await call('/api/wallet/transactions?points=true', { cookie })).json<Transactions>();
    expect(history.items.map((t) => t.pointsDelta)).toEqual([-8, 40, -1, 9]);
  });

  it('keeps balance = sum of the ledger = credits − spent, and points = Σ floor(net per reservation / ₱10), for any sequence', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
      fc.record({
        kind: fc.constant('pay' as const),
        reservation: fc.integer({ min: 0, max: 2 }),
        amount: fc.integer({ min: 1, max: 15_000 }),
      }),
      fc.record({
        kind: fc.constant('refund' as const),
        reservation: fc.integer({ min: 0, max: 2 }),
        amount: fc.integer({ min: 1, max: 15_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const { user, wallet, cookie } = await newDriver();
        const ids = await reservationsFor(user.id, 3);
        const net = [0, 0, 0];
        let expected = 0;
        for (const [i, step] of ops.entries()) {
          if (step.kind === 'topup') {
            await topUp(cookie, step.amount);
            expected += step.amount;
            continue;
          }
          // A refund never exceeds what was paid for that reservation.
          const amount = step.kind === 'refund' ? Math.min(step.amount, net[step.reservation]) : step.amount;
          if (amount === 0) continue;
          const movement = {
            userId: user.id,
            reservationId: ids[step.reservation],
            amountCents: amount,
            description: step.kind,
            idempotencyKey: `op${i}`,
          };
          const result = step.kind === 'pay' ? await payFromWallet(db(), movement) : await refundToWallet(db(), movement);
          expect(result.ok).toBe(step.kind === 'refund' || expected >= amount);
          if (!result.ok) continue;
          const signed = step.kind === 'pay' ? amount : -amount;
          net[step.reservation] += signed;
          expected -= signed;
        }
        const row = await walletRow(wallet.id);
        const ledger = await ledgerSum(wallet.id);
        const summary = await (await call('/api/wallet', { cookie })).json<WalletSummary>();
        expect(row.balanceCents).toBe(expected);
        expect(ledger.sum).toBe(row.balanceCents);
        expect(summary.totalCreditsCents - summary.totalSpentCents).toBe(row.balanceCents);
        expect(row.points).toBe(net.reduce((sum, n) => sum + Math.floor(n / 1000), 0));
        expect(ledger.points).toBe(row.points);
        expect(row.balanceCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15 },
    );
  });

  it('is append-only: the database refuses to edit or delete a ledger row', async () => {
    const { wallet, cookie } = await newDriver();
    await topUp(cookie, 1_000);
    await expect(
      db().update(walletTransactions).set({ amountCents: 999_999 }).where(eq(walletTransactions.walletId, wallet.id)),
    ).rejects.toThrow();
    await expect(db().delete(walletTransactions).where(eq(walletTransactions.walletId, wallet.id))).rejects.toThrow();
    await expect(db().update(wallets).set({ balanceCents: -1 }).where(eq(wallets.id, wallet.id))).rejects.toThrow();
    expect((await walletRow(wallet.id)).balanceCents).toBe(1_000);
  });
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
    await refused({ limitCents: 10_000 }, 400, /^lotId: /);
    await refused({ lotId: 'greenbelt', limitCents: 10_000 }, 400, /^lotId: /);
    await refused({ lotId }, 400, /^limitCents: /);
    for (const limitCents of [0, -100, 10.5, '100', 5_000_001]) await refused({ lotId, limitCents }, 400, /^limitCents: /);
    await refused({ lotId: crypto.randomUUID(), limitCents: 10_000 }, 404, 'Parking lot not found');
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    await db().update(lots).set({ isApproved: false }).where(eq(lots.id, lotId));
    await refused({ lotId, limitCents: 10_000 }, 404, 'Parking lot not found');
    await db().update(lots).set({ isApproved: true, isActive: false }).where(eq(lots.id, lotId));
    await refused({ lotId, limitCents: 10_000 }, 409, `${lot.name} is not open for parking right now: a pay code cannot be made for it.`);
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
