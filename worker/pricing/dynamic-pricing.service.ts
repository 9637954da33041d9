/**
 * Dynamic pricing of an owner's lots: the Enable AI Pricing switch, the band suggestions read from
 * the lot's own records, and applying one. The model is `core/dynamic-pricing.ts` (docs/pricing.md).
 */
import { lotHours } from '../../core/lot-json';
import {
  bandOccupancies,
  demandLevelOf,
  HISTORY_WEEKS,
  occupancyProfile,
  openHoursOf,
  percent,
  suggestBandRate,
  type ApplyDynamic,
  type DynamicSuggestion,
} from '../../core/dynamic-pricing';
import { appliedBandRates } from '../../core/lot-pricing';
import { formatPeso } from '../../core/money';
import { bandLabel, hourLabel, manilaDayIndex, manilaDayIndexStart, PRICE_BANDS } from '../../core/price-bands';
import { auditStatement } from '../audit/audit.data';
import { commit, type DB } from '../db/client';
import { pageOf, type PageRequest } from '../db/pages';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import type { SessionUser } from '../env';
import { notFound, refusal } from '../../core/refusal';
import { assertManagesLot } from '../lots/lots.service';
import { hourlyOccupancy } from './occupancy.data';
import { bandRateChangeStatement } from './price-changes.data';
import { bandRatesStatement, dynamicPricingLots, dynamicToggleStatement, type DynamicPricingLot } from './pricing.data';

export type LotSuggestion = DynamicSuggestion & { lotId: string; lotName: string };

const isOff = (lot: { name: string }) => `Dynamic pricing is off for ${lot.name}. Turn on Enable AI Pricing to see suggestions.`;

/** The lot's history: the last four whole weeks (to Manila midnight today), or since the lot was created; its hours read from the records. */
async function historyOf(db: DB, lot: DynamicPricingLot, now: Date) {
  const endDay = manilaDayIndex(now.getTime());
  const firstDay = Math.max(endDay - HISTORY_WEEKS * 7, manilaDayIndex(Date.parse(lot.createdAt)));
  const hours = await hourlyOccupancy(db, lot.id, manilaDayIndexStart(firstDay), manilaDayIndexStart(endDay), now.getTime());
  return { hours, window: { totalSlots: lot.totalSlots, firstDay, endDay, isOpen: openHoursOf(lotHours(lot)) } };
}

async function occupanciesOf(db: DB, lot: DynamicPricingLot, now: Date) {
  const { hours, window } = await historyOf(db, lot, now);
  const applied = appliedBandRates(lot.bandRatesJson);
  // A band whose rate was applied is judged only on the whole days since.
  const firstDaysByBand = Object.fromEntries(
    Object.entries(applied).map(([band, rate]) => [band, manilaDayIndex(Date.parse(rate.appliedAt)) + 1]),
  );
  return { applied, bands: bandOccupancies(hours, { ...window, firstDaysByBand }) };
}

/** Every band of the lot with a whole day of history: what it saw and the rate it suggests. */
async function suggestionsForLot(db: DB, lot: DynamicPricingLot, now: Date): Promise<LotSuggestion[]> {
  const { applied, bands } = await occupanciesOf(db, lot, now);
  return bands.map((seen) => ({
    lotId: lot.id,
    lotName: lot.name,
    ...suggestBandRate(seen, {
      baseRateCents: lot.baseRate,
      currentRateCents: applied[seen.band]?.rateCents ?? lot.baseRate,
      totalSlots: lot.totalSlots,
    }),
  }));
}

/** Changes first (the surest first), then the bands to leave as they are, in band order. */
const byUrgency = (a: LotSuggestion, b: LotSuggestion) =>
  Number(b.change !== 'keep') - Number(a.change !== 'keep') ||
  b.confidence - a.confidence ||
  PRICE_BANDS.indexOf(a.band) - PRICE_BANDS.indexOf(b.band);

/**
 * `GET /api/owner/pricing/dynamic-suggestions`: for one lot (409 while its switch is off), or for a
 * page of the owner's lots whose switch is on (every owner's for the super admin), by lot name; none
 * on: an empty list and a message saying why.
 */
export async function listDynamicSuggestions(db: DB, user: SessionUser, query: { lotId?: string; page: PageRequest }, now: Date) {
  const { lotId, page } = query;
  if (lotId) {
    await assertManagesLot(db, user, lotId);
    const [lot] = await dynamicPricingLots(db, { lotId });
    if (!lot?.dynamicEnabled) throw refusal('conflict', isOff(lot));
    return suggestionsPage(await suggestionsForLot(db, lot, now), null);
  }
  const rows = await dynamicPricingLots(db, { ownerId: user.role === 'super_admin' ? null : user.id, page });
  const { items: enabled, nextCursor } = pageOf(
    rows,
    page,
    (lot) => ({ key: lot.name, id: lot.id }),
    (lot) => lot,
  );
  if (!enabled.length && !page.cursor)
    return {
      suggestions: [],
      message: 'Dynamic pricing is off for all your lots. Turn on Enable AI Pricing to see suggestions.',
      nextCursor,
    };
  return suggestionsPage((await Promise.all(enabled.map((lot) => suggestionsForLot(db, lot, now)))).flat(), nextCursor);
}

const suggestionsPage = (suggestions: LotSuggestion[], nextCursor: string | null) => ({
  suggestions: suggestions.sort(byUrgency),
  message:
    suggestions.length || nextCursor
      ? null
      : 'No suggestions yet: they need at least one whole day of records since dynamic pricing began.',
  nextCursor,
});

/** The Enable AI Pricing switch; turning it off puts the lot back on its base rate (applied band rates are kept). */
export async function setDynamicPricing(db: DB, user: SessionUser, lotId: string, enabled: boolean) {
  await assertManagesLot(db, user, lotId);
  const [before] = await dynamicPricingLots(db, { lotId });
  await commit(db, [
    dynamicToggleStatement(db, lotId, enabled),
    auditStatement(db, user, {
      action: 'UPDATE_PRICING',
      subject: `lot:${lotId}`,
      context: { from: { dynamicEnabled: before.dynamicEnabled }, to: { dynamicEnabled: enabled } },
    }),
  ]);
  return { lotId, dynamicEnabled: enabled };
}

/**
 * `POST /api/pricing/apply-dynamic`: the band's rate becomes the suggestion, recomputed here; the
 * owner names the price they saw, so a suggestion that changed meanwhile is refused, not applied.
 */
export async function applyDynamicSuggestion(db: DB, user: SessionUser, body: ApplyDynamic, now: Date) {
  await assertManagesLot(db, user, body.lotId);
  const [lot] = await dynamicPricingLots(db, { lotId: body.lotId });
  if (!lot) throw notFound('Parking lot');
  if (!lot.dynamicEnabled) throw refusal('conflict', isOff(lot));
  const suggestion = (await suggestionsForLot(db, lot, now)).find((candidate) => candidate.band === body.band);
  const label = bandLabel(body.band);
  if (!suggestion) throw refusal('conflict', `There is no suggestion for ${label} yet: it needs at least one whole day of records.`);
  if (suggestion.suggestedPrice !== body.suggestedPrice) {
    throw refusal(
      'conflict',
      `The suggestion for ${label} is now ${formatPeso(suggestion.suggestedPrice)}; refresh the suggestions to see why.`,
      { suggestion },
    );
  }
  if (suggestion.change === 'keep')
    throw refusal('conflict', `${label} already has the suggested rate of ${formatPeso(suggestion.currentPrice)}.`);

  const applied = {
    ...appliedBandRates(lot.bandRatesJson),
    [body.band]: { rateCents: suggestion.suggestedPrice, appliedAt: now.toISOString() },
  };
  try {
    // The rate, its record among the lot's price changes and its audit entry commit together, and only over the band rates read above.
    await commit(db, [
      bandRatesStatement(db, lot.id, lot.bandRatesJson, applied),
      abortUnlessChanged(db),
      bandRateChangeStatement(db, lot.id, body.band, suggestion.currentPrice, suggestion.suggestedPrice, now),
      auditStatement(db, user, {
        action: 'UPDATE_PRICING',
        subject: `lot:${lot.id}`,
        context: {
          band: body.band,
          from: { rateCents: suggestion.currentPrice },
          to: { rateCents: suggestion.suggestedPrice },
          reason: suggestion.reason,
        },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error)) throw refusal('conflict', 'The lot’s pricing changed meanwhile; refresh the suggestions and try again.');
    throw error;
  }
  return { lotId: lot.id, band: body.band, rateCents: suggestion.suggestedPrice, appliedAt: now.toISOString() };
}

/**
 * The pricing screen's side panels for one lot, from its records whether or not dynamic pricing is
 * on: Current Performance (history, average occupancy, each band), Peak Hours Analysis and Pricing
 * Alerts (bands at 80% or more, and under 30%).
 */
export async function pricingInsights(db: DB, user: SessionUser, lotId: string, now: Date) {
  await assertManagesLot(db, user, lotId);
  const [lot] = await dynamicPricingLots(db, { lotId });
  const { hours, window } = await historyOf(db, lot, now);
  const profile = occupancyProfile(hours, window);
  const applied = appliedBandRates(lot.bandRatesJson);
  const bands = bandOccupancies(hours, window).map((seen) => ({
    band: seen.band,
    label: bandLabel(seen.band),
    occupancy: percent(seen.occupancy),
    peakHour: seen.peakHour,
    demandLevel: demandLevelOf(seen.occupancy),
    rateCents: (lot.dynamicEnabled && applied[seen.band]?.rateCents) || lot.baseRate,
  }));
  const next = lot.dynamicEnabled ? 'Its suggestion is in the list.' : 'Turn on Enable AI Pricing for a suggested rate.';
  const alerts: { type: 'warning' | 'info'; message: string }[] = [
    ...bands
      .filter((band) => band.demandLevel === 'HIGH')
      .map((band) => ({
        type: 'warning' as const,
        message: `${band.label}: ${band.occupancy}% of the slots are taken at ${hourLabel(band.peakHour)}, so drivers struggle to find a space. ${next}`,
      })),
  ];
  const quiet = bands.filter((band) => band.demandLevel === 'VERY_LOW');
  if (quiet.length) {
    alerts.push({
      type: 'info',
      message: `Under 30% of the slots are taken even at the busiest hour of ${quiet.map((band) => band.label).join(', ')}; a lower rate could draw drivers.`,
    });
  }
  if (!profile.days) alerts.push({ type: 'info', message: 'No whole day of records yet: these figures start after the lot’s first day.' });
  return {
    lotId,
    dynamicEnabled: lot.dynamicEnabled,
    days: profile.days,
    averageOccupancy: percent(profile.averageOccupancy),
    peakHours: profile.peakHours.map((peak) => ({
      ...peak,
      occupancy: percent(peak.occupancy),
      label: `${peak.dayType === 'weekday' ? 'Weekdays' : 'Weekends'} ${hourLabel(peak.hour)}`,
    })),
    bands,
    alerts,
  };
}
