import { Hono } from 'hono';
import { z } from 'zod';
import { TREND_RANGES, type TrendRange } from '../../core/owner-figures';
import { reportFilterSchema } from '../../core/report-request';
import type { AppEnv } from '../env';
import { validate } from '../http/validate';
import { assertManagesLot } from '../lots/lots.service';
import { customerReport, lotPerformance, ownerKpis, ownerReport, revenueTrend, scopeOf } from './figures.service';

const location = z.object({ lotId: z.uuid('Unknown lot id').optional() });
const trendQuery = location.extend({
  range: z.enum(Object.keys(TREND_RANGES) as [TrendRange, ...TrendRange[]], { message: 'range must be 7d, 30d or 3m.' }).default('7d'),
});

/** The owner's dashboard and reports, over all their lots or the one asked for (another owner's lot answers 404). */
export const figuresRoutes = new Hono<AppEnv>()
  .get('/owner/kpis', validate('query', location), async (c) => {
    const { lotId } = c.req.valid('query');
    if (lotId) await assertManagesLot(c.var.db, c.var.user!, lotId);
    return c.json(await ownerKpis(c.var.db, scopeOf(c.var.user!, lotId)));
  })
  .get('/owner/revenue', validate('query', trendQuery), async (c) => {
    const { lotId, range } = c.req.valid('query');
    if (lotId) await assertManagesLot(c.var.db, c.var.user!, lotId);
    return c.json(await revenueTrend(c.var.db, scopeOf(c.var.user!, lotId), range));
  })
  .get('/owner/lot-performance', async (c) => c.json(await lotPerformance(c.var.db, scopeOf(c.var.user!))))
  .get('/owner/reports', validate('query', reportFilterSchema), async (c) => {
    const filter = c.req.valid('query');
    if (filter.lotId) await assertManagesLot(c.var.db, c.var.user!, filter.lotId);
    return c.json(await ownerReport(c.var.db, scopeOf(c.var.user!, filter.lotId), filter));
  })
  .get('/owner/reports/customers', validate('query', reportFilterSchema), async (c) => {
    const filter = c.req.valid('query');
    if (filter.lotId) await assertManagesLot(c.var.db, c.var.user!, filter.lotId);
    return c.json(await customerReport(c.var.db, scopeOf(c.var.user!, filter.lotId), filter));
  });
