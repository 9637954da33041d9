/**
 * The one pricing rule of the product, used by the worker to charge and by the web to quote
 * (docs/pricing.md has worked examples). Amounts are integer centavos.
 */
import { DEFAULT_RATE_CENTS } from './money';
import { bandAt, type PriceBand } from './price-bands';
import { cardPrice, type CardLine, type RateCard, type Waiver } from './rate-card';
import { HOUR_MS } from './time';
import type { VehicleType } from './vehicles';

/** A tier: from this many hours (1–24) the whole stay pays the base rate × the multiplier (0.1–2.0, in steps of 0.1). */
export type PricingTier = { durationHours: number; rateMultiplier: number };

/** Default tiers: the longer the stay, the less each hour costs. */
export const DEFAULT_TIERS: PricingTier[] = [
  { durationHours: 2, rateMultiplier: 1.0 },
  { durationHours: 4, rateMultiplier: 0.9 },
  { durationHours: 8, rateMultiplier: 0.8 },
];

export const PRICING_STRATEGIES = ['STATIC', 'PROGRESSIVE', 'RATE_CARD'] as const;
export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];

/** The static rate an owner may set: ₱10 to ₱500 an hour, in centavos. */
export const MIN_RATE_CENTS = 1_000;
export const MAX_RATE_CENTS = 50_000;

export type LotPricing = {
  strategy: PricingStrategy;
  baseRateCents: number;
  tiers?: PricingTier[] | null;
  /** Hourly rates of the bands a dynamic suggestion was applied to (only while dynamic pricing is on). */
  bandRates?: Partial<Record<PriceBand, number>> | null;
  /** The posted rates of a `RATE_CARD` lot (core/rate-card.ts), and the owner's waivers of its fees. */
  rateCard?: RateCard | null;
  waivers?: readonly Waiver[] | null;
};

/** Who is parked, where the price depends on it: a rate card's vehicle class, and the gate's lost-ticket fee. */
export type StayTerms = { vehicleType?: VehicleType; lostTicket?: boolean };

export type PriceQuote = {
  strategy: LotPricing['strategy'];
  baseRateCents: number;
  /** Billed hours: every started hour counts. */
  hours: number;
  rateMultiplier: number;
  /** The sum of the billed hours' rates (base, or their band's), before the tier discount. */
  grossCents: number;
  /** The billed hours priced at a band rate, per band (absent when every hour paid the base rate). */
  bandHours?: { band: PriceBand; hours: number; rateCents: number }[];
  discountCents: number;
  totalCents: number;
  /** The 12% VAT contained in the total (prices are VAT-inclusive). */
  vatCents: number;
  /** A rate card's lines (first block, succeeding hours, daily maximum, nights…), adding up to the total. */
  lines?: CardLine[];
};

/** Every started hour is billed: 61 minutes is 2 hours. */
export const billedHours = (durationMs: number) => Math.max(1, Math.ceil(durationMs / HOUR_MS - 1e-9));

/**
 * The multiplier for a whole stay is that of the longest tier the stay reaches (durationHours ≤ billed
 * hours); a stay shorter than every tier pays ×1.0. STATIC pricing always pays ×1.0.
 */
export function tierMultiplier(pricing: LotPricing, hours: number): number {
  if (pricing.strategy !== 'PROGRESSIVE') return 1;
  const reached = (pricing.tiers?.length ? pricing.tiers : DEFAULT_TIERS).filter((tier) => tier.durationHours <= hours);
  return reached.length ? reached.reduce((a, b) => (b.durationHours > a.durationHours ? b : a)).rateMultiplier : 1;
}

/** The rate of the billed hour that starts at `ms`: its band's applied rate, else the base rate (also while a form's start is not a time yet). */
function hourRate(pricing: LotPricing, baseRateCents: number, ms: number) {
  const band = pricing.bandRates && Number.isFinite(ms) ? bandAt(ms) : null;
  const rateCents = band && pricing.bandRates?.[band];
  return band && rateCents ? { band, rateCents } : { band: null, rateCents: baseRateCents };
}

/** How many of a stay's billed hours start in each band (the quote prices each at its band's rate where one is applied). */
export function billedHoursByBand(durationMs: number, startMs: number): Map<PriceBand, number> {
  const counts = new Map<PriceBand, number>();
  for (let i = 0; i < billedHours(durationMs); i++) {
    const band = bandAt(startMs + i * HOUR_MS);
    counts.set(band, (counts.get(band) ?? 0) + 1);
  }
  return counts;
}

/**
 * The price of a stay from `startMs`. Each billed hour pays the rate of the band its start falls in
 * (the base rate where no band rate is applied); the tier multiplier of the whole stay then applies
 * to their sum.
 */
export function quote(pricing: LotPricing, durationMs: number, startMs: number, terms: StayTerms = {}): PriceQuote {
  if (pricing.strategy === 'RATE_CARD' && pricing.rateCard) return cardQuote(pricing, pricing.rateCard, durationMs, startMs, terms);
  const baseRateCents = pricing.baseRateCents || DEFAULT_RATE_CENTS;
  const hours = billedHours(durationMs);
  const rates = Array.from({ length: hours }, (_, i) => hourRate(pricing, baseRateCents, startMs + i * HOUR_MS));
  const grossCents = rates.reduce((sum, hour) => sum + hour.rateCents, 0);
  const rateMultiplier = tierMultiplier(pricing, hours);
  const totalCents = Math.round(grossCents * rateMultiplier);
  const banded = new Map<PriceBand, { band: PriceBand; hours: number; rateCents: number }>();
  for (const { band, rateCents } of rates) if (band) banded.set(band, { band, rateCents, hours: (banded.get(band)?.hours ?? 0) + 1 });
  return {
    strategy: pricing.strategy,
    baseRateCents,
    hours,
    rateMultiplier,
    grossCents,
    ...(banded.size && { bandHours: [...banded.values()] }),
    discountCents: grossCents - totalCents,
    totalCents,
    vatCents: vatIncluded(totalCents),
  };
}

/** A rate card's price of the stay, in a quote's terms: no tiers, no discount. */
function cardQuote(pricing: LotPricing, card: RateCard, durationMs: number, startMs: number, terms: StayTerms): PriceQuote {
  const { totalCents, lines } = cardPrice(card, { ...terms, startMs, endMs: startMs + durationMs, waivers: pricing.waivers ?? [] });
  const baseRateCents = pricing.baseRateCents || DEFAULT_RATE_CENTS;
  const common = { strategy: pricing.strategy, baseRateCents, hours: billedHours(durationMs), rateMultiplier: 1 };
  return { ...common, grossCents: totalCents, discountCents: 0, totalCents, vatCents: vatIncluded(totalCents), lines };
}

/** A day at a lot, as the gate and the wallet count it (the wallet's overstay cap, a pay code's default limit). */
const DAY_PRICE_HOURS = 24;

/**
 * The lot's price for a day from `fromMs`: each of its hours at the rate the lot charges then, with no
 * tier discount, so it covers a day's overstay and a day's walk-in alike.
 */
export const dayPriceCents = (pricing: LotPricing, fromMs: number) => quote(pricing, DAY_PRICE_HOURS * HOUR_MS, fromMs).grossCents;

/** Philippine VAT (12%) contained in a VAT-inclusive amount. */
export const vatIncluded = (totalCents: number) => Math.round((totalCents * 12) / 112);

/**
 * What an extension costs (docs/booking.md, Time already paid keeps its price): only the added time,
 * at the prices in force now: the whole new window less the old one, both priced now, so the tier
 * the longer stay reaches counts. Never below zero: an extension returns no money, and the time
 * already bought keeps the price it was bought at.
 */
export const extensionCents = (pricing: LotPricing, current: { startTs: string; endTs: string }, end: Date, terms: StayTerms = {}) =>
  continuedCents(pricing, { startMs: Date.parse(current.startTs), paidUntilMs: Date.parse(current.endTs), endMs: end.getTime() }, terms);

/** What a stay continued past the time paid costs: the whole stay less the part paid, both priced now, never below zero. */
export function continuedCents(pricing: LotPricing, stay: { startMs: number; paidUntilMs: number; endMs: number }, terms: StayTerms = {}) {
  const longer = quote(pricing, stay.endMs - stay.startMs, stay.startMs, terms).totalCents;
  const bought = quote(pricing, stay.paidUntilMs - stay.startMs, stay.startMs, terms).totalCents;
  return Math.max(0, longer - bought);
}
