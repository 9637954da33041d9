import { Hono } from 'hono';
import { z } from 'zod';
import { pricingUpdateSchema } from '../../core/pricing';
import type { AppEnv } from '../env';
import { apiError } from '../http/errors';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lot-access';
import { auditStatement } from '../audit/audit.data';
import { pricingRecord, pricingStatement } from './pricing.data';

const lotParams = z.object({ lotId: z.uuid('Unknown lot id') });

/**
 * An owner prices their lot: a static hourly rate, or the rate with three progressive tiers. New
 * prices quote new bookings only; a reservation keeps the price it was sold at.
 */
export const pricingRoutes = new Hono<AppEnv>().patch('/pricing/:lotId', validate('param', lotParams), validate('json', pricingUpdateSchema), async (c) => {
  const { lotId } = c.req.valid('param');
  const update = c.req.valid('json');
  await assertManagesLot(c.var.db, c.var.user!, lotId);
  if (update.lotId && update.lotId !== lotId) throw apiError(400, 'The lotId in the body must match the lot in the path');
  // The change and its audit entry commit together.
  const before = await pricingRecord(c.var.db, lotId);
  await c.env.DB.batch([
    pricingStatement(c.env.DB, c.var.db, lotId, update),
    auditStatement(c.env.DB, c.var.db, c.var.user!, {
      action: 'UPDATE_PRICING',
      subject: `lot:${lotId}`,
      context: { from: before && { strategy: before.strategy, baseRate: before.baseRate, tiers: before.progressiveJson }, to: { strategy: update.strategy, baseRate: update.baseRate, tiers: update.strategy === 'PROGRESSIVE' ? update.progressiveJson : null } },
    }),
  ]);
  return c.json(await pricingRecord(c.var.db, lotId));
});
