/**
 * The Manila rate card (docs/pricing.md, "Rate card"): the rates a lot posts at its entrance, per
 * vehicle class: a first block, each succeeding hour or fraction, a daily maximum; a grace period, an
 * overnight fee and a lost-ticket fee. One pure rule: the quote, the booking and the gate all price by
 * `cardPrice`. Amounts are integer centavos.
 */
import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, manilaDate, manilaDateStart } from './time';
import type { VehicleType } from './vehicles';

/** Highest price a card may name: ₱100,000, far above any posted rate, so a typo of zeros is refused. */
const MAX_CARD_CENTS = 10_000_000;
const cents = (what: string) =>
  z
    .number({ error: `${what} is required` })
    .int(`${what} is in whole centavos`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_CARD_CENTS, `${what} is at most ₱100,000`);
const clock = (what: string) =>
  z.string({ error: `${what} is a time, HH:MM` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${what} is a time, HH:MM (00:00–23:59)`);

const classRateSchema = z.object(
  {
    firstHours: z
      .number({ error: 'The first block needs its hours (firstHours)' })
      .int('The first block is whole hours')
      .min(1, 'The first block is 1 to 24 hours')
      .max(24, 'The first block is 1 to 24 hours'),
    firstCents: cents('The first block’s price'),
    succeedingCents: cents('Each succeeding hour’s price'),
    dailyCapCents: cents('The daily maximum').optional(),
  },
  { error: 'A vehicle class needs its first block: { firstHours, firstCents, succeedingCents }' },
);
type ClassRate = z.infer<typeof classRateSchema>;

/** The card as `PATCH /api/pricing/:lotId` takes it with `strategy: 'RATE_CARD'`. */
export const rateCardSchema = z.object(
  {
    graceMinutes: z
      .number({ error: 'The grace period is required, in minutes' })
      .int('The grace period is whole minutes')
      .min(0, 'The grace period is 0 to 30 minutes')
      .max(30, 'The grace period is 0 to 30 minutes'),
    lostTicketCents: cents('The lost-ticket fee'),
    overnight: z
      .object({
        cents: cents('The overnight fee'),
        from: clock('The overnight window’s start'),
        until: clock('The overnight window’s end'),
      })
      .refine((night) => night.from !== night.until, {
        message: 'The overnight window starts and ends at different times',
        path: ['until'],
      })
      .optional(),
    classes: z.object(
      { car: classRateSchema, motorcycle: classRateSchema.optional() },
      { error: 'The card needs its classes, with the car’s first block' },
    ),
  },
  { error: 'A rate card is { graceMinutes, lostTicketCents, overnight?, classes }' },
);
export type RateCard = z.infer<typeof rateCardSchema>;

export const WAIVER_KINDS = ['overnight', 'all'] as const;
/** An owner's waiver of overnight fees, or of every fee, over `[from, to)` (a typhoon, ashfall). */
export type Waiver = { id: string; from: string; to: string; kind: (typeof WAIVER_KINDS)[number]; reason: string };

export type CardLine = { label: string; cents: number };
/** A card's lines with a free-hour voucher's hour taken off, so they still add up to what is charged. */
export const linesLessVoucher = (lines: CardLine[] | undefined, offCents: number) =>
  lines && [...lines, { label: 'Free hour (voucher)', cents: -offCents }];
export type CardStay = { startMs: number; endMs: number; vehicleType?: VehicleType; waivers?: readonly Waiver[]; lostTicket?: boolean };

/** The class a vehicle pays: its own, else the car's (a card without a motorcycle rate charges them as cars). */
const classRateOf = (card: RateCard, vehicleType: VehicleType = 'car') => card.classes[vehicleType] ?? card.classes.car;

/**
 * The card's price of an hour, as the owner's Price Changes record a card: the car's first block per
 * hour (₱50 for 3 hours → ₱16.67). `price-changes.data.ts` computes it in SQL the same way.
 */
export const cardHourCents = (card: RateCard) => Math.round(card.classes.car.firstCents / card.classes.car.firstHours);

/** Started hours in `ms` (a fraction of an hour is an hour). */
const startedHours = (ms: number) => Math.max(0, Math.ceil(ms / HOUR_MS - 1e-9));

const hoursLabel = (hours: number) => `${hours} h`;

/**
 * The stay's time charged by the hour, cut into 24-hour days from its start: the first day opens with
 * the first block, each later day goes on with succeeding hours; each day pays at most the daily
 * maximum (park-and-fly: a week pays seven maximums).
 */
function timeLines(rate: ClassRate, chargedMs: number): CardLine[] {
  const lines: CardLine[] = [];
  for (let day = 0; day * DAY_MS < chargedMs; day++) {
    const dayMs = Math.min(DAY_MS, chargedMs - day * DAY_MS);
    const succeeding = startedHours(day === 0 ? dayMs - rate.firstHours * HOUR_MS : dayMs);
    const dayCents = (day === 0 ? rate.firstCents : 0) + succeeding * rate.succeedingCents;
    const capped = rate.dailyCapCents !== undefined && dayCents > rate.dailyCapCents;
    const dayName = chargedMs > DAY_MS ? `Day ${day + 1}: ` : '';
    if (capped) lines.push({ label: `${dayName}daily maximum`, cents: rate.dailyCapCents ?? 0 });
    else {
      if (day === 0) lines.push({ label: `${dayName}first ${hoursLabel(rate.firstHours)}`, cents: rate.firstCents });
      if (succeeding)
        lines.push({ label: `${day === 0 ? '' : dayName}${hoursLabel(succeeding)} succeeding`, cents: succeeding * rate.succeedingCents });
    }
  }
  return lines;
}

/** `[from, to)` of each waiver of these kinds, as instants. */
const waiverSpans = (waivers: readonly Waiver[], kinds: readonly Waiver['kind'][]) =>
  waivers
    .filter((waiver) => kinds.includes(waiver.kind))
    .map((waiver) => ({ ...waiver, fromMs: Date.parse(waiver.from), toMs: Date.parse(waiver.to) }));

/** How much of `[startMs, endMs)` the spans cover (overlapping spans count once). */
function coveredMs(spans: { fromMs: number; toMs: number }[], startMs: number, endMs: number) {
  let covered = 0;
  let reached = startMs;
  for (const span of [...spans].sort((a, b) => a.fromMs - b.fromMs)) {
    const from = Math.max(span.fromMs, reached);
    const to = Math.min(span.toMs, endMs);
    if (to > from) covered += to - from;
    reached = Math.max(reached, Math.min(span.toMs, endMs));
  }
  return covered;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The overnight windows (whole, Manila time) the stay is inside at some moment, one per night. */
function nightsOf(overnight: NonNullable<RateCard['overnight']>, startMs: number, endMs: number) {
  const from = minutesOf(overnight.from) * MINUTE_MS;
  const crossesMidnight = minutesOf(overnight.until) <= minutesOf(overnight.from);
  const until = minutesOf(overnight.until) * MINUTE_MS + (crossesMidnight ? DAY_MS : 0);
  const nights: { date: string; fromMs: number; toMs: number }[] = [];
  for (let date = addDays(manilaDate(startMs), -1); date <= manilaDate(endMs); date = addDays(date, 1)) {
    const midnight = manilaDateStart(date).getTime();
    const night = { date, fromMs: midnight + from, toMs: midnight + until };
    if (night.fromMs < endMs && night.toMs > startMs) nights.push(night);
  }
  return nights;
}

/** The overnight fee of each night the stay covers, unless a waiver overlaps that night's whole window (whatever part of it the stay covers). */
function overnightLines(card: RateCard, stay: CardStay): CardLine[] {
  if (!card.overnight) return [];
  const { cents } = card.overnight;
  const waived = waiverSpans(stay.waivers ?? [], ['overnight', 'all']);
  return nightsOf(card.overnight, stay.startMs, stay.endMs).map((night) => {
    const waiver = waived.find((span) => span.fromMs < night.toMs && span.toMs > night.fromMs);
    return waiver ? { label: `Overnight ${night.date} waived: ${waiver.reason}`, cents: 0 } : { label: `Overnight ${night.date}`, cents };
  });
}

/**
 * The price of the stay `[startMs, endMs)` by the card. A stay out within the grace period pays
 * nothing; time under an "all" waiver is not charged (the rest is priced as one stay); each night the
 * stay covers pays the overnight fee unless waived; a lost ticket adds its fee. The lines add up to
 * the total.
 */
export function cardPrice(card: RateCard, stay: CardStay): { totalCents: number; lines: CardLine[] } {
  const lengthMs = stay.endMs - stay.startMs;
  const lostTicket: CardLine[] = stay.lostTicket ? [{ label: 'Lost ticket', cents: card.lostTicketCents }] : [];
  const lines =
    lengthMs <= card.graceMinutes * MINUTE_MS
      ? [{ label: `Within the ${card.graceMinutes}-minute grace period`, cents: 0 }, ...lostTicket]
      : [...stayLines(card, stay, lengthMs), ...overnightLines(card, stay), ...lostTicket];
  return { totalCents: lines.reduce((sum, line) => sum + line.cents, 0), lines };
}

function stayLines(card: RateCard, stay: CardStay, lengthMs: number): CardLine[] {
  const waived = waiverSpans(stay.waivers ?? [], ['all']);
  const waivedMs = coveredMs(waived, stay.startMs, stay.endMs);
  const reasons = [...new Set(waived.filter((span) => span.fromMs < stay.endMs && span.toMs > stay.startMs).map((span) => span.reason))];
  const waiverLine =
    waivedMs > 0 ? [{ label: `${hoursLabel(Math.round((waivedMs / HOUR_MS) * 10) / 10)} waived: ${reasons.join(', ')}`, cents: 0 }] : [];
  return [...timeLines(classRateOf(card, stay.vehicleType), lengthMs - waivedMs), ...waiverLine];
}
