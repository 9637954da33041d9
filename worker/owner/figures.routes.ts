import { Hono } from 'hono';
import { z } from 'zod';
import { TREND_RANGES, type TrendRange } from '../../core/owner-figures';
import { reportFilterSchema } from '../../core/report-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { plateReadReport } from './plate-reads.service';
import { customerReport } from './customers.service';
import { lotPerformance, managedScope, ownerKpis, ownerReport, revenueTrend } from './figures.service';
import {
  customerReportAnswer,
  lotPerformanceAnswer,
  ownerKpisAnswer,
  ownerReportAnswer,
  plateReadReportAnswer,
  revenueTrendAnswer,
} from '../../core/api-answers/owner';
import { describedAs } from '../http/described';

const location = z.object({ lotId: z.uuid('Unknown lot id').optional() });
const trendQuery = location.extend({
  range: z.enum(Object.keys(TREND_RANGES) as [TrendRange, ...TrendRange[]], { message: 'range must be 7d, 30d or 3m.' }).default('7d'),
});

const described = describedAs('owner');

/** The owner's dashboard and reports, over all their lots or the one asked for (another owner's lot answers 404). */
export const figuresRoutes = new Hono<AppEnv>()
  .get(
    '/owner/kpis',
    described({ summary: "My lots' headline figures", answer: ownerKpisAnswer, refusals: [404] }),
    signedIn,
    validate('query', location),
    async (c) => c.json(await ownerKpis(c.var.db, await managedScope(c.var.db, c.var.user, c.req.valid('query').lotId))),
  )
  .get(
    '/owner/revenue',
    described({ summary: 'My revenue over time', answer: revenueTrendAnswer, refusals: [404] }),
    signedIn,
    validate('query', trendQuery),
    async (c) => {
      const { lotId, range } = c.req.valid('query');
      return c.json(await revenueTrend(c.var.db, await managedScope(c.var.db, c.var.user, lotId), range));
    },
  )
  .get('/owner/lot-performance', described({ summary: "Each lot's figures", answer: lotPerformanceAnswer }), signedIn, async (c) =>
    c.json(await lotPerformance(c.var.db, await managedScope(c.var.db, c.var.user))),
  )
  .get(
    '/owner/reports',
    described({ summary: 'Reports over a period', answer: ownerReportAnswer, refusals: [404] }),
    signedIn,
    validate('query', reportFilterSchema),
    async (c) => {
      const filter = c.req.valid('query');
      return c.json(await ownerReport(c.var.db, await managedScope(c.var.db, c.var.user, filter.lotId), filter));
    },
  )
  .get(
    '/owner/reports/customers',
    described({ summary: 'Customers over a period', answer: customerReportAnswer, refusals: [404] }),
    signedIn,
    validate('query', reportFilterSchema),
    async (c) => {
      const filter = c.req.valid('query');
      return c.json(await customerReport(c.env, c.var.db, await managedScope(c.var.db, c.var.user, filter.lotId), filter));
    },
  )
  .get(
    '/owner/reports/plate-reads',
    described({ summary: 'Plate reads over a period', answer: plateReadReportAnswer, refusals: [404] }),
    signedIn,
    validate('query', reportFilterSchema),
    async (c) => {
      const filter = c.req.valid('query');
      return c.json(await plateReadReport(c.env, c.var.db, await managedScope(c.var.db, c.var.user, filter.lotId), filter));
    },
  );
