/** Set-up shared by the wallet's test files: fresh drivers, reservations to pay for, and top-ups made as production makes them. */
import { eq, sql } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { expect } from 'vitest';
import { newId } from '../db/ids';
import { lots, reservations, wallets, walletTransactions } from '../db/schema';
import { createAccount } from '../users/users.data';
import { walletOf } from '../wallet/wallet.data';
import { payFromWallet } from '../wallet/wallet.service';
import type { Api } from './api-types';
import { call, db, signedInAs, signupBody } from './helpers';

export type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
export type Decided = InferResponseType<Api['payments']['sandbox'][':id'][':decision']['$post'], 200>;

/** A fresh driver with an empty wallet and a session. */
export async function newDriver() {
  const { password: _, mobile: phone, role: _role, ...fields } = signupBody();
  const user = await createAccount(db(), { ...fields, phone, passwordHash: 'x', signupRole: 'parking_user' });
  const wallet = await walletOf(db(), user.id);
  return { user, wallet, cookie: await signedInAs(user.id) };
}

/** The lot the reservations below are at: the demo data's first (seed it first). */
export const firstLotId = async () => (await db().select({ id: lots.id }).from(lots).limit(1))[0].id;

/** Reservation rows to pay for (the ledger references them). */
export async function reservationsFor(userId: string, count: number) {
  const lotId = await firstLotId();
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
export async function topUp(cookie: string, amountCents: number) {
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

/** The sum of a wallet's ledger rows and of their points. */
export const ledgerSum = async (walletId: string) =>
  (
    await db()
      .select({ sum: sql<number>`COALESCE(SUM(amount_cents), 0)`, points: sql<number>`COALESCE(SUM(points_delta), 0)` })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, walletId))
  )[0];

export const walletRow = async (walletId: string) => (await db().select().from(wallets).where(eq(wallets.id, walletId)))[0];

/**
 * Points earned the way production earns them: a top-up, then a parking payment of `points` × ₱10 for
 * a stay already completed (so none of them wait on a cancellation). Spends the whole top-up.
 */
export async function earnPoints(driver: { user: { id: string }; cookie: string }, points: number) {
  const lotId = await firstLotId();
  const reservationId = newId();
  await db()
    .insert(reservations)
    .values({
      id: reservationId,
      userId: driver.user.id,
      lotId,
      status: 'COMPLETED',
      startTs: '2026-01-05T01:00:00.000Z',
      endTs: '2026-01-05T03:00:00.000Z',
      amountCents: points * 1_000,
    });
  await topUp(driver.cookie, points * 1_000);
  const paid = await payFromWallet(db(), {
    userId: driver.user.id,
    reservationId,
    amountCents: points * 1_000,
    description: 'Parking',
    idempotencyKey: `reservation:${reservationId}:booking`,
  });
  expect(paid.ok).toBe(true);
  return reservationId;
}
