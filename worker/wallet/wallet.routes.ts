import { Hono } from 'hono';
import { z } from 'zod';
import { manilaMonthOf } from '../../core/time';
import { REFUND_BEING_CONFIRMED, topupTooLarge } from '../../core/wallet';
import { autoTopupSchema, payCodeSchema, statementMonthSchema, topupSchema } from '../../core/wallet-request';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { paymentView, startTopup } from '../payments/payments.service';
import { paymentProvider } from '../payments/provider';
import { refundTopup } from '../payments/refunds.service';
import { readSettings } from '../platform/settings.data';
import { statementCsv } from './statement-csv';
import { issuePayCode } from './wallet.service';
import { listTransactions, paymentMethodsUsed, readAutoTopup, saveAutoTopup, statement, walletOf, walletSummary } from './wallet.data';

const transactionsQuery = pageQuery.extend({ points: z.enum(['true', 'false']).optional() });
const topupParams = z.object({ paymentId: z.uuid('Unknown top-up id') });
const statementQuery = statementMonthSchema.extend({ format: z.enum(['json', 'csv']).default('json') });

/** The wallet a driver pays for parking from: balance, ledger, top-ups, statements and settings. */
export const walletRoutes = new Hono<AppEnv>()
  .get('/wallet', signedIn, async (c) => c.json(await walletSummary(c.var.db, c.var.user.id)))
  .get('/wallet/transactions', validate('query', transactionsQuery), async (c) => {
    const { limit, cursor, points } = c.req.valid('query');
    const wallet = await walletOf(c.var.db, c.var.user!.id);
    return c.json(await listTransactions(c.var.db, wallet.id, { pointsOnly: points === 'true', page: { limit, cursor } }));
  })
  .post('/wallet/topup', validate('json', topupSchema), async (c) => {
    const input = c.req.valid('json');
    const request = await idempotentRequest(c, 'wallet.topup', input);
    const { payment, replayed } = await startTopup(c.env, c.var.db, input, request, new URL(c.req.url).origin);
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(paymentView(payment, paymentProvider(c.env)), 201);
  })
  /** The driver's own unspent top-up, back to its GCash, Maya or card (docs/wallet.md, Refunds of top-ups). */
  .post('/wallet/topups/:paymentId/refund', validate('param', topupParams), async (c) => {
    const { paymentId } = c.req.valid('param');
    const request = await idempotentRequest(c, 'wallet.topup-refund', { paymentId });
    const { refund, replayed } = await refundTopup(c.env, c.var.db, paymentId, request);
    if (replayed) c.header('Idempotent-Replayed', 'true');
    // PayMongo's answer was lost: accepted for now, held until PayMongo confirms it either way.
    if (refund.status === 'requested') return c.json({ ...refund, message: REFUND_BEING_CONFIRMED }, 202);
    return c.json(refund, 201);
  })
  // The driver's consent for one stay at one lot, up to a limit, to be charged to this wallet (docs/gate.md).
  .post('/wallet/pay-code', validate('json', payCodeSchema), async (c) =>
    c.json(await issuePayCode(c.env, c.var.db, c.var.user!.id, c.req.valid('json')), 201),
  )
  .get('/wallet/statement', validate('query', statementQuery), async (c) => {
    const { month, format } = c.req.valid('query');
    if (month > manilaMonthOf(new Date())) throw apiError(400, 'There is no statement for a future month yet.');
    const wallet = await walletOf(c.var.db, c.var.user!.id);
    const data = await statement(c.var.db, wallet.id, month);
    if (format === 'json') return c.json(data);
    return c.body(statementCsv(data), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="parkada-wallet-${month}.csv"`,
    });
  })
  .get('/wallet/payment-methods', async (c) => c.json(await paymentMethodsUsed(c.var.db, c.var.user!.id)))
  .get('/wallet/auto-topup', async (c) => {
    const wallet = await walletOf(c.var.db, c.var.user!.id);
    const provider = paymentProvider(c.env);
    return c.json({ rule: await readAutoTopup(c.var.db, wallet.id), supported: !!provider?.supportsSavedMethods });
  })
  .put('/wallet/auto-topup', validate('json', autoTopupSchema), async (c) => {
    const wallet = await walletOf(c.var.db, c.var.user!.id);
    const rule = c.req.valid('json');
    const tooLarge = topupTooLarge(rule.amountCents, (await readSettings(c.var.db)).topupMaxCents);
    if (tooLarge) throw apiError(400, tooLarge);
    await saveAutoTopup(c.var.db, wallet.id, rule);
    return c.json({ rule, supported: !!paymentProvider(c.env)?.supportsSavedMethods });
  });
