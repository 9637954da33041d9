/** The answers of worker/pricing/ (docs/pricing.md): a lot's prices, dynamic suggestions and what changes did. */
import { z } from 'zod';
import { DEMAND_LEVELS } from '../dynamic-pricing';
import { PRICE_BANDS, type PriceBand } from '../price-bands';
import { PRICING_STRATEGIES } from '../pricing';
import { WAIVER_KINDS, rateCardSchema } from '../rate-card';
import { cents, instant } from './shared';

const band = z.enum(PRICE_BANDS as [PriceBand, ...PriceBand[]]);

export const dynamicSuggestionsAnswer = z
  .looseObject({
    suggestions: z.array(
      z.looseObject({
        lotId: z.string(),
        lotName: z.string(),
        band,
        currentPrice: cents,
        suggestedPrice: cents,
        change: z.enum(['raise', 'keep', 'lower']),
        demandLevel: z.enum(DEMAND_LEVELS),
        confidence: z.number().describe('Percent.'),
        reason: z.string(),
      }),
    ),
    message: z.string().nullable(),
    nextCursor: z.string().nullable().describe('Ask with `?cursor=` for the next lots; null after the last.'),
  })
  .meta({ id: 'DynamicSuggestions' });

export const priceChangeReportAnswer = z
  .looseObject({
    lotId: z.string(),
    lotName: z.string(),
    windowDays: z.number().int(),
    elasticity: z.looseObject({ estimate: z.number().nullable(), changesCounted: z.number().int(), message: z.string() }),
    changes: z.array(
      z.looseObject({
        id: z.string(),
        changedAt: instant,
        band: band.nullable().describe('Null for a change of the base rate.'),
        fromCents: cents,
        toCents: cents,
        counted: z.boolean(),
        arcElasticity: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'PriceChangeReport' });

export const pricingInsightsAnswer = z
  .looseObject({
    lotId: z.string(),
    dynamicEnabled: z.boolean(),
    days: z.number().int(),
    averageOccupancy: z.number(),
    bands: z.array(z.looseObject({ band, label: z.string(), occupancy: z.number(), demandLevel: z.enum(DEMAND_LEVELS), rateCents: cents })),
    alerts: z.array(z.looseObject({ type: z.enum(['warning', 'info']), message: z.string() })),
  })
  .meta({ id: 'PricingInsights' });

export const dynamicPricingAnswer = z.looseObject({ lotId: z.string(), dynamicEnabled: z.boolean() }).meta({ id: 'DynamicPricing' });

export const appliedSuggestionAnswer = z
  .looseObject({ lotId: z.string(), band, rateCents: cents, appliedAt: instant })
  .meta({ id: 'AppliedSuggestion' });

export const waiverAnswer = z
  .looseObject({ id: z.string(), from: instant, to: instant, kind: z.enum(WAIVER_KINDS), reason: z.string() })
  .meta({ id: 'Waiver' });

export const waiverRemovedAnswer = z.looseObject({ deleted: z.string() }).meta({ id: 'WaiverRemoved' });

export const lotPricingAnswer = z
  .looseObject({
    lotId: z.string(),
    strategy: z.enum(PRICING_STRATEGIES),
    baseRate: cents,
    currency: z.literal('PHP'),
    progressiveJson: z.array(z.looseObject({ durationHours: z.number(), rateMultiplier: z.number() })).nullable(),
    rateCard: rateCardSchema.nullable(),
  })
  .meta({ id: 'LotPricing' });
