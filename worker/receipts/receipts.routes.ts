import { Hono } from 'hono';
import { z } from 'zod';
import { historyFilterOf, historyQuerySchema } from '../../core/history-request';
import type { AppEnv } from '../env';
import { notFound } from '../../core/refusal';
import { pageQuery } from '../http/paging';
import { validate } from '../http/validate';
import { workableLotIds } from '../lots/lot-access';
import { countOwnReceipts, findReceipt, listOwnReceipts } from './receipts.data';

const receiptParams = z.object({ id: z.uuid('Unknown receipt id') });
const listQuery = pageQuery.extend(historyQuerySchema.shape);

/** The driver's receipts, their proof of payment (History's Receipts tab); the web prints them. */
export const receiptRoutes = new Hono<AppEnv>()
  .get('/receipts', validate('query', listQuery), async (c) => {
    const { limit, cursor, ...history } = c.req.valid('query');
    return c.json(await listOwnReceipts(c.var.db, c.var.user!.id, { filter: historyFilterOf(history), page: { limit, cursor } }));
  })
  // Registered before "/receipts/:id" so "counts" is never taken for an id.
  .get('/receipts/counts', validate('query', historyQuerySchema), async (c) =>
    c.json(await countOwnReceipts(c.var.db, c.var.user!.id, historyFilterOf(c.req.valid('query')))),
  )
  .get('/receipts/:id', validate('param', receiptParams), async (c) => {
    const user = c.var.user!;
    const receipt = await findReceipt(c.var.db, c.req.valid('param').id, { userId: user.id, lotIds: await workableLotIds(c.var.db, user) });
    if (!receipt) throw notFound('Receipt');
    return c.json(receipt);
  });
