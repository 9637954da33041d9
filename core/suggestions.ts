/**
 * "Best for you" (docs/search.md): the order Find Parking offers beside nearest, and the reasons each
 * lot gives for its place. The weights and the rule live here once; the API (`GET /api/lots?sort=best`)
 * and the offline evaluation (`npm run eval:suggestions`) both rank with `rankForDriver`.
 */
import type { Forecast } from './forecast';
import { WALKABLE_KM } from './geo';
import type { LotAmenities } from './lot-json';
import { formatPeso } from './money';

/** Find Parking's orders (docs/search.md): nearest first (the default), cheapest first for the window, Best for you. */
export const SORTS = ['nearest', 'cheapest', 'best'] as const;
export type Sort = (typeof SORTS)[number];

/** How much each part counts; they add up to 1. Each part is a figure from 0 (worst) to 1 (best). */
export const SUGGESTION_WEIGHTS = { price: 0.3, walk: 0.25, forecast: 0.25, usedBefore: 0.15, amenities: 0.05 } as const;

/** A lot the driver may be offered: its figures for the search's window. */
export type Candidate = {
  id: string;
  /** The price of the chosen duration at the chosen time. */
  priceCents: number;
  /** From the searched place; null when the search has no place (text only). */
  walkKm: number | null;
  /** How full it usually is at the arrival; null or `usuallyFree: null` when unknown. */
  forecast: Forecast | null;
  amenities: LotAmenities;
  /** A slot is free for the window and the lot takes the window (open, within its rules). */
  bookable: boolean;
};

const AMENITY_WORDS = { covered: 'covered', accessible: 'accessible', evCharging: 'EV charging', security: 'guarded' } as const;
type Amenity = keyof typeof AMENITY_WORDS;
const AMENITIES = Object.keys(AMENITY_WORDS) as Amenity[];

/** What a driver has chosen before: completed stays by lot, and the amenities they keep choosing. */
export type DriverHistory = { stays: Map<string, number>; preferred: Amenity[] };

/** Stays a driver needs before their habits count; an amenity is a habit when at least half their stays had it. */
const HABIT_MIN_STAYS = 2;
const HABIT_SHARE = 0.5;
/** Past stays at a lot count up to this many (the third stay says as much as the thirtieth). */
const USED_BEFORE_CAP = 3;
/** A price is worth a reason when it is at least this far under the middle price of the lots around. */
const SAVING_MIN_CENTS = 1000;
const SAVING_MIN_SHARE = 0.05;
/** A forecast is worth a reason when at least this share of the slots is usually free. */
const FORECAST_ROOMY_SHARE = 0.25;
/** A card shows at most this many, in the order below. */
const MAX_REASONS = 3;

export const NO_HISTORY: DriverHistory = { stays: new Map(), preferred: [] };

/** The history from one grouped read: the driver's completed stays per lot, with each lot's amenities. */
export function driverHistoryOf(rows: { lotId: string; stays: number; amenities: LotAmenities }[]): DriverHistory {
  const total = rows.reduce((sum, row) => sum + row.stays, 0);
  const preferred =
    total < HABIT_MIN_STAYS
      ? []
      : AMENITIES.filter((amenity) => rows.reduce((sum, row) => sum + (row.amenities[amenity] ? row.stays : 0), 0) >= total * HABIT_SHARE);
  return { stays: new Map(rows.map((row) => [row.lotId, row.stays])), preferred };
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

type Parts = Record<keyof typeof SUGGESTION_WEIGHTS, number>;

/** Each part of a lot's score, from the same figures its reasons quote. */
function partsOf(lot: Candidate, middlePrice: number, history: DriverHistory, matched: Amenity[]): Parts {
  const usuallyFree = lot.forecast?.usuallyFree ?? null;
  return {
    // Half price scores 1, the middle price 0.5, one and a half times it 0.
    price: middlePrice > 0 ? clamp(0.5 + (middlePrice - lot.priceCents) / middlePrice) : 0.5,
    // Next to the place 1, a walk too long to take (core/geo.ts) 0; no place: the same for every lot.
    walk: lot.walkKm === null ? 0.5 : clamp(1 - lot.walkKm / WALKABLE_KM),
    // The share of slots usually free at the arrival; unknown is the middle.
    forecast: usuallyFree === null || !lot.forecast?.total ? 0.5 : usuallyFree / lot.forecast.total,
    usedBefore: Math.min(history.stays.get(lot.id) ?? 0, USED_BEFORE_CAP) / USED_BEFORE_CAP,
    amenities: history.preferred.length ? matched.length / history.preferred.length : 0,
  };
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const pesos = (cents: number) => formatPeso(Math.round(cents / 100) * 100).replace(/\.00$/, '');
const listed = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]);

/** The reasons, in plain words, from the figures the parts were computed from. */
function reasonsOf(lot: Candidate, middlePrice: number, history: DriverHistory, matched: Amenity[], shortestWalk: number | null) {
  const reasons: string[] = [];
  if (!lot.bookable) reasons.push('not bookable for your time');
  const saving = middlePrice - lot.priceCents;
  if (saving >= SAVING_MIN_CENTS && saving >= middlePrice * SAVING_MIN_SHARE) reasons.push(`${pesos(saving)} less than lots nearby`);
  const forecast = lot.forecast;
  if (forecast?.usuallyFree === 0) reasons.push(`usually full at ${forecast.hour} on ${forecast.weekday}s`);
  else if (forecast?.usuallyFree && forecast.usuallyFree >= forecast.total * FORECAST_ROOMY_SHARE)
    reasons.push(`usually ${forecast.usuallyFree} free at ${forecast.hour} on ${forecast.weekday}s`);
  const stays = history.stays.get(lot.id) ?? 0;
  if (stays) reasons.push(`you parked here ${times(stays)}`);
  if (matched.length) reasons.push(`${listed(matched.map((amenity) => AMENITY_WORDS[amenity]))}, as you usually choose`);
  if (lot.walkKm !== null && lot.walkKm === shortestWalk) reasons.push('the shortest walk');
  return reasons.slice(0, MAX_REASONS);
}

export type Suggestion<T extends Candidate> = T & { score: number; reasons: string[] };

/**
 * The lots in "Best for you" order: the weighted sum of their parts, highest first; a lot that cannot
 * be booked for the window after every one that can; ties keep the order given (nearest first).
 */
export function rankForDriver<T extends Candidate>(lots: T[], history: DriverHistory = NO_HISTORY): Suggestion<T>[] {
  if (!lots.length) return [];
  const middlePrice = median(lots.map((lot) => lot.priceCents));
  const walks = lots.flatMap((lot) => (lot.walkKm === null ? [] : [lot.walkKm]));
  const shortestWalk = walks.length ? Math.min(...walks) : null;
  const ranked = lots.map((lot) => {
    const matched = history.preferred.filter((amenity) => lot.amenities[amenity]);
    const parts = partsOf(lot, middlePrice, history, matched);
    const score = (Object.keys(parts) as (keyof Parts)[]).reduce((sum, part) => sum + SUGGESTION_WEIGHTS[part] * parts[part], 0);
    return { ...lot, score, reasons: reasonsOf(lot, middlePrice, history, matched, shortestWalk) };
  });
  return ranked.sort((a, b) => Number(b.bookable) - Number(a.bookable) || b.score - a.score);
}
