import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { findOwnReceipt, listOwnReceipts } from './receipts.data';

const receiptParams = z.object({ id: z.uuid('Unknown receipt id') });

/** The driver's receipts (spec 2.9's Receipts tab made real); the web prints them. */
export const receiptRoutes = new Hono<AppEnv>()
  .get('/receipts', async (c) => c.json(await listOwnReceipts(c.var.db, c.var.user!.id)))
  .get('/receipts/:id', validate('param', receiptParams), async (c) => {
    const receipt = await findOwnReceipt(c.var.db, c.var.user!.id, c.req.valid('param').id);
    if (!receipt) throw notFound('Receipt');
    return c.json(receipt);
  });
