import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsForSpend } from '../../core/wallet';
import { wallets, walletTransactions } from '../db/schema';
import type { Api } from '../test/api-types';
import { call, cookieFor, db, seedOnce } from '../test/helpers';
import { ledgerSum, newDriver, reservationsFor, topUp, walletRow } from '../test/wallet-driver';
import { payFromWallet, refundToWallet } from './wallet.service';

type WalletSummary = InferResponseType<Api['wallet']['$get'], 200>;
type Transactions = InferResponseType<Api['wallet']['transactions']['$get'], 200>;

beforeAll(seedOnce);

describe('GET /api/wallet', () => {
  it('shows the demo driver the figures of their ledger', async () => {
    const cookie = await cookieFor('parking_user');
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
        expect(row.points).toBe(net.reduce((sum, n) => sum + pointsForSpend(n), 0));
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
