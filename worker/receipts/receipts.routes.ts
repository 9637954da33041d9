import { Hono } from 'hono';
import { z } from 'zod';
import { historyFilterOf, historyQuerySchema } from '../../core/history-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { notFound } from '../../core/refusal';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { readableReceipt, receiptCounts, receiptsPage } from './receipts.service';
import { describedAs } from '../http/described';
import { receiptAnswer, receiptCountsAnswer, receiptPageAnswer } from '../../core/api-answers/receipts';

const receiptParams = z.object({ id: z.uuid('Unknown receipt id') });
const listQuery = pageQuery.extend(historyQuerySchema.shape);

const described = describedAs('receipts');

/** The driver's receipts, their proof of payment (History's Receipts tab); the web prints them. */
export const receiptRoutes = new Hono<AppEnv>()
  .get('/receipts', described({ summary: 'My receipts', answer: receiptPageAnswer }), signedIn, validate('query', listQuery), async (c) => {
    const { limit, cursor, ...history } = c.req.valid('query');
    return c.json(
      await receiptsPage({ env: c.env, db: c.var.db }, c.var.user.id, { filter: historyFilterOf(history), page: { limit, cursor } }),
    );
  })
  // Registered before "/receipts/:id" so "counts" is never taken for an id.
  .get(
    '/receipts/counts',
    described({ summary: 'How many receipts by tab', answer: receiptCountsAnswer }),
    signedIn,
    validate('query', historyQuerySchema),
    async (c) => c.json(await receiptCounts({ env: c.env, db: c.var.db }, c.var.user.id, historyFilterOf(c.req.valid('query')))),
  )
  .get(
    '/receipts/:id',
    described({ summary: 'One receipt', answer: receiptAnswer, refusals: [404] }),
    signedIn,
    validate('param', receiptParams),
    async (c) => {
      const receipt = await readableReceipt({ env: c.env, db: c.var.db }, c.req.valid('param').id, c.var.user);
      if (!receipt) throw notFound('Receipt');
      return c.json(receipt);
    },
  );
