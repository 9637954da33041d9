import { Hono } from 'hono';
import { z } from 'zod';
import { applyDynamicSchema, dynamicToggleSchema } from '../../core/dynamic-pricing';
import { SUGGESTION_LOTS_PAGE } from '../../core/paging';
import { pricingUpdateSchema, waiverRequestSchema } from '../../core/pricing-request';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { pageQueryOf } from '../http/paging';
import { validate } from '../http/validate';
import { applyDynamicSuggestion, listDynamicSuggestions, pricingInsights, setDynamicPricing } from './dynamic-pricing.service';
import { priceChangeReport } from './price-changes.service';
import { updatePricing } from './pricing.service';
import { addWaiver, removeWaiver } from './waivers.service';
import {
  appliedSuggestionAnswer,
  dynamicPricingAnswer,
  dynamicSuggestionsAnswer,
  lotPricingAnswer,
  priceChangeReportAnswer,
  pricingInsightsAnswer,
  waiverAnswer,
  waiverRemovedAnswer,
} from '../../core/api-answers/pricing';
import { describedAs } from '../http/described';

const lotParams = z.object({ lotId: z.uuid('Unknown lot id') });
const suggestionsQuery = pageQueryOf(SUGGESTION_LOTS_PAGE).extend({ lotId: z.uuid('Unknown lot id').optional() });
const pageAndLot = ({ lotId, limit, cursor }: z.output<typeof suggestionsQuery>) => ({ lotId, page: { limit, cursor } });
const insightsQuery = z.object({ lotId: z.uuid('Choose a lot') });
const ownerLotParams = z.object({ id: z.uuid('Unknown lot id') });
const waiverParams = ownerLotParams.extend({ waiverId: z.uuid('Unknown waiver id') });

const described = describedAs('pricing');

/**
 * An owner prices their lot: a static hourly rate, or the rate with three progressive tiers, and
 * band rates applied from dynamic suggestions. New prices quote new bookings only; a reservation
 * keeps the price it was sold at.
 */
export const pricingRoutes = new Hono<AppEnv>()
  .get(
    '/owner/pricing/dynamic-suggestions',
    described({ summary: 'Suggested price changes', answer: dynamicSuggestionsAnswer, refusals: [404, 409] }),
    signedIn,
    validate('query', suggestionsQuery),
    async (c) => c.json(await listDynamicSuggestions(c.var.db, c.var.user, pageAndLot(c.req.valid('query')), new Date())),
  )
  .get(
    '/owner/reports/price-changes',
    described({ summary: 'What price changes did', answer: priceChangeReportAnswer, refusals: [404] }),
    signedIn,
    validate('query', insightsQuery),
    async (c) => c.json(await priceChangeReport(c.var.db, c.var.user, c.req.valid('query').lotId, new Date())),
  )
  .get(
    '/owner/pricing/insights',
    described({ summary: 'Pricing insights', answer: pricingInsightsAnswer, refusals: [404] }),
    signedIn,
    validate('query', insightsQuery),
    async (c) => c.json(await pricingInsights(c.var.db, c.var.user, c.req.valid('query').lotId, new Date())),
  )
  .put(
    '/pricing/:lotId/dynamic',
    described({ summary: 'Turn dynamic pricing on or off for a lot', answer: dynamicPricingAnswer, refusals: [404] }),
    signedIn,
    validate('param', lotParams),
    validate('json', dynamicToggleSchema),
    async (c) => c.json(await setDynamicPricing(c.var.db, c.var.user, c.req.valid('param').lotId, c.req.valid('json').enabled)),
  )
  .post(
    '/pricing/apply-dynamic',
    described({ summary: 'Apply suggested prices', answer: appliedSuggestionAnswer, refusals: [404, 409] }),
    signedIn,
    validate('json', applyDynamicSchema),
    async (c) => c.json(await applyDynamicSuggestion(c.var.db, c.var.user, c.req.valid('json'), new Date())),
  )
  .post(
    '/owner/lots/:id/waivers',
    described({ summary: 'Waive a fee for a plate', answer: waiverAnswer, status: 201, refusals: [404, 409] }),
    signedIn,
    validate('param', ownerLotParams),
    validate('json', waiverRequestSchema),
    async (c) => c.json(await addWaiver(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .delete(
    '/owner/lots/:id/waivers/:waiverId',
    described({ summary: 'Remove a waiver', answer: waiverRemovedAnswer, refusals: [404] }),
    signedIn,
    validate('param', waiverParams),
    async (c) => c.json(await removeWaiver(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('param').waiverId)),
  )
  .patch(
    '/pricing/:lotId',
    described({ summary: "Change a lot's prices", answer: lotPricingAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', lotParams),
    validate('json', pricingUpdateSchema),
    async (c) => c.json(await updatePricing(c.var.db, c.var.user, c.req.valid('param').lotId, c.req.valid('json'))),
  );
