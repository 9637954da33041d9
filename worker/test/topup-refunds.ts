/** Set-up shared by the tests of refunds of top-ups to their source (worker/payments/refund*.test.ts). */
import { eq } from 'drizzle-orm';
import type { InferResponseType } from 'hono/client';
import { expect } from 'vitest';
import { REFUND_CONFIRMATION_GRACE_MS } from '../../core/wallet';
import { notifications, topupRefunds, walletTransactions } from '../db/schema';
import type { Api } from './api-types';
import { call, db } from './helpers';
import { bindings, deliver, type newDriver, paidEvent, paymentRow, paymongo, topUp } from './paymongo-stand-in';

export type Topup = InferResponseType<Api['wallet']['topup']['$post'], 201>;
export type Refund = InferResponseType<Api['wallet']['topups'][':paymentId']['refund']['$post'], 201>;
export type BeingConfirmed = InferResponseType<Api['wallet']['topups'][':paymentId']['refund']['$post'], 202>;
export type Detail = InferResponseType<Api['payments'][':id']['$get'], 200>;
export type Driver = Awaited<ReturnType<typeof newDriver>>;

/** A top-up paid through PayMongo's checkout (its paid event delivered): the wallet is credited. */
export async function paidTopup(driver: Driver, amountCents: number, method = 'gcash') {
  const payment = await (await topUp(driver.cookie, amountCents, method)).json<Topup>();
  const sessionId = (await paymentRow(payment.id)).providerRef!;
  expect(await (await deliver(await paidEvent(sessionId))).json()).toMatchObject({ status: 'credited' });
  return (await paymentRow(payment.id))!;
}

export const refund = (cookie: string, paymentId: string, key: string = crypto.randomUUID(), env: Partial<typeof bindings> = bindings) =>
  call(`/api/wallet/topups/${paymentId}/refund`, { method: 'POST', cookie, headers: { 'Idempotency-Key': key }, bindings: env });

export const ledgerOf = (walletId: string) => db().select().from(walletTransactions).where(eq(walletTransactions.walletId, walletId));
export const shownRows = async (cookie: string) =>
  (await (await call('/api/wallet/transactions', { cookie, bindings })).json<{ items: { id: string; type: string }[] }>()).items;
const noticesTitled = async (userId: string, title: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((note) => note.title === title);
export const refundNotices = (userId: string) => noticesTitled(userId, 'Top-up Refunded');
export const failureNotices = (userId: string) => noticesTitled(userId, 'Top-up Refund Not Made');
export const detail = async (cookie: string, id: string) => (await call(`/api/payments/${id}`, { cookie, bindings })).json<Detail>();
/** The ledger rows that put a refund's money back (keyed `…:returned`). */
export const returnedRows = async (walletId: string) =>
  (await ledgerOf(walletId)).filter((row) => row.type === 'TOPUP_REFUND' && row.idempotencyKey?.endsWith(':returned'));
export const attemptOf = async (paymentId: string) =>
  (await db().select().from(topupRefunds).where(eq(topupRefunds.paymentId, paymentId)))[0];
/** The attempt as if asked for longer ago than the grace. */
export const agePastGrace = (refundId: string) =>
  db()
    .update(topupRefunds)
    .set({ createdAt: new Date(Date.now() - REFUND_CONFIRMATION_GRACE_MS - 1_000).toISOString() })
    .where(eq(topupRefunds.id, refundId));

/** A refund asked for while PayMongo's answer is lost (`lost`: it made the refund; `silent`, `unavailable`: it did not). */
export async function refundWithoutAnswer(driver: Driver, paymentId: string, answer: 'lost' | 'silent' | 'unavailable') {
  paymongo.nextRefund = answer;
  const res = await refund(driver.cookie, paymentId);
  expect(res.status).toBe(202);
  paymongo.nextRefund = 'accept';
  return res.json<BeingConfirmed>();
}
