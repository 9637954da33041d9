import { Hono } from 'hono';
import { z } from 'zod';
import { manilaMonthOf } from '../../core/time';
import { REFUND_BEING_CONFIRMED } from '../../core/wallet';
import { autoTopupSchema, payCodeSchema, statementMonthSchema, topupSchema } from '../../core/wallet-request';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { idempotentRequest } from '../http/idempotency';
import { signedIn } from '../http/middleware';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { statementCsv } from './statement-csv';
import {
  autoTopupSettings,
  issuePayCode,
  paymentMethodsOf,
  refundTopup,
  saveAutoTopupRule,
  topUp,
  walletStatement,
  walletOverview,
  walletTransactions,
} from './wallet.service';
import { describedAs } from '../http/described';
import {
  autoTopupAnswer,
  payCodeAnswer,
  savedPaymentMethodsAnswer,
  walletAnswer,
  walletTransactionPageAnswer,
} from '../../core/api-answers/wallet';
import { paymentAnswer, topupRefundAnswer } from '../../core/api-answers/payments';

const transactionsQuery = pageQuery.extend({ points: z.enum(['true', 'false']).optional() });
const topupParams = z.object({ paymentId: z.uuid('Unknown top-up id') });
const statementQuery = statementMonthSchema.extend({ format: z.enum(['json', 'csv']).default('json') });

const described = describedAs('wallet');

/** The wallet a driver pays for parking from: balance, ledger, top-ups, statements and settings. */
export const walletRoutes = new Hono<AppEnv>()
  .get('/wallet', described({ summary: "My wallet's balance", answer: walletAnswer }), signedIn, async (c) =>
    c.json(await walletOverview(c.var.db, c.var.user.id)),
  )
  .get(
    '/wallet/transactions',
    described({ summary: "My wallet's transactions", answer: walletTransactionPageAnswer }),
    signedIn,
    validate('query', transactionsQuery),
    async (c) => {
      const { limit, cursor, points } = c.req.valid('query');
      return c.json(await walletTransactions(c.var.db, c.var.user.id, { pointsOnly: points === 'true', page: { limit, cursor } }));
    },
  )
  .post(
    '/wallet/topup',
    described({ summary: 'Top up my wallet', answer: paymentAnswer, idempotent: true, status: 201, refusals: [409, 502, 503] }),
    validate('json', topupSchema),
    async (c) => {
      const input = c.req.valid('json');
      const request = await idempotentRequest(c, 'wallet.topup', input);
      const { topup, replayed } = await topUp(c.env, c.var.db, input, request, new URL(c.req.url).origin);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(topup, 201);
    },
  )
  /** The driver's own unspent top-up, back to its GCash, Maya or card (docs/wallet.md, Refunds of top-ups). */
  .post(
    '/wallet/topups/:paymentId/refund',
    described({ summary: 'Refund a top-up', answer: topupRefundAnswer, idempotent: true, status: [201, 202], refusals: [404, 409, 502] }),
    validate('param', topupParams),
    async (c) => {
      const { paymentId } = c.req.valid('param');
      const request = await idempotentRequest(c, 'wallet.topup-refund', { paymentId });
      const { refund, replayed } = await refundTopup(c.env, c.var.db, paymentId, request);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      // PayMongo's answer was lost: accepted for now, held until PayMongo confirms it either way.
      if (refund.status === 'requested') return c.json({ ...refund, message: REFUND_BEING_CONFIRMED }, 202);
      return c.json(refund, 201);
    },
  )
  // The driver's consent for one stay at one lot, up to a limit, to be charged to this wallet (docs/gate.md).
  .post(
    '/wallet/pay-code',
    described({ summary: 'A code to pay at the gate from my wallet', answer: payCodeAnswer, status: 201, refusals: [402, 409] }),
    signedIn,
    validate('json', payCodeSchema),
    async (c) => c.json(await issuePayCode(c.env, c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .get(
    '/wallet/statement',
    described({ summary: "My wallet's statement (CSV)", media: 'text/csv' }),
    signedIn,
    validate('query', statementQuery),
    async (c) => {
      const { month, format } = c.req.valid('query');
      if (month > manilaMonthOf(new Date())) throw apiError(400, 'There is no statement for a future month yet.');
      const data = await walletStatement(c.var.db, c.var.user.id, month);
      if (format === 'json') return c.json(data);
      return c.body(statementCsv(data), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="parkada-wallet-${month}.csv"`,
      });
    },
  )
  .get(
    '/wallet/payment-methods',
    described({ summary: 'My saved payment methods', answer: savedPaymentMethodsAnswer }),
    signedIn,
    async (c) => c.json(await paymentMethodsOf(c.var.db, c.var.user.id)),
  )
  .get('/wallet/auto-topup', described({ summary: 'My automatic top-up', answer: autoTopupAnswer }), signedIn, async (c) =>
    c.json(await autoTopupSettings(c.env, c.var.db, c.var.user.id)),
  )
  .put(
    '/wallet/auto-topup',
    described({ summary: 'Set my automatic top-up', answer: autoTopupAnswer, refusals: [409] }),
    signedIn,
    validate('json', autoTopupSchema),
    async (c) => c.json(await saveAutoTopupRule(c.env, c.var.db, c.var.user.id, c.req.valid('json'))),
  );
