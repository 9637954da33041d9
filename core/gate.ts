/**
 * Rules of the gate, shared by the worker (to enforce) and the attendant screens (to offer): the
 * request shapes, the override reasons, what a stay costs at check-out, and the undo window.
 */
import { z } from 'zod';
import { closingAfter, type LotHours, type LotRules } from './booking';
import { continuedCents, dayPriceCents, type LotPricing, quote, type StayTerms } from './pricing';
import { pesosToCents } from './money';
import { normalizePlate, VEHICLE_TYPES } from './vehicles';
import type { GatePaymentMethod } from './wallet';
import type { CardLine } from './rate-card';
import { HOUR_MS, MINUTE_MS } from './time';

export const OVERRIDE_REASONS = ['system_error', 'lost_ticket', 'payment_issue', 'emergency', 'customer_service', 'other'] as const;
export type OverrideReason = (typeof OVERRIDE_REASONS)[number];
export const OVERRIDE_REASON_LABELS: Record<OverrideReason, string> = {
  system_error: 'System error',
  lost_ticket: 'Lost ticket',
  payment_issue: 'Payment issue',
  emergency: 'Emergency',
  customer_service: 'Customer service',
  other: 'Other',
};

export const MISSING_PLATE = 'Please enter the vehicle plate number';
export const OVERRIDE_REASON_REQUIRED = 'Please provide a reason for the override';
/** A check-in can be undone this long after the entry, and only before any exit. */
export const UNDO_MINUTES = 5;
/** Entries and exits recorded offline may carry their own time, at most this old, and only by an override past BACKDATE_MINUTES. */
const OFFLINE_MAX_AGE_HOURS = 24;
/** How far back an entry or exit time may be given without an override: a device's offline capture, not a chosen price. */
const BACKDATE_MINUTES = 15;
/** A device's clock may run this far ahead; such a time counts as the server's now. */
const CLOCK_AHEAD_MINUTES = 5;
export const NAME_THE_CAR = 'Name the car leaving: its plate or its pass.';

/**
 * A walk-in is let in only onto a slot that stays free this long (a lot's rule, `walkInHorizonMinutes`),
 * so a car that stays a while never takes a slot sold to a driver who arrives after it.
 */
export const WALK_IN_HORIZON_MINUTES = 120;
/** What the owner's lot form offers (the rule itself takes 15 minutes to 12 hours). */
export const WALK_IN_HORIZON_CHOICES = [30, 60, 120, 180, 240, 360] as const;

/** Until when a walk-in's slot must stay free: the lot's horizon from now, or its closing time today if earlier. */
export function walkInHorizonEnd(lot: { hours: LotHours; rules: LotRules }, now: Date): Date {
  const horizon = new Date(now.getTime() + (lot.rules.walkInHorizonMinutes ?? WALK_IN_HORIZON_MINUTES) * MINUTE_MS);
  const closing = closingAfter(lot.hours, now);
  return closing && closing < horizon ? closing : horizon;
}

const plate = z
  .string({ error: MISSING_PLATE })
  .transform((raw) => normalizePlate(raw))
  .refine((value) => value.length > 0, MISSING_PLATE)
  .refine((value) => value.length <= 20, 'A plate has at most 20 characters.');
const slot = z
  .string()
  .trim()
  .max(20, 'A slot label has at most 20 characters.')
  .transform((value) => value.toUpperCase() || undefined)
  .optional();
const instant = z.iso.datetime({ offset: true, error: 'Give the time as an ISO date-time.' });
const overrideFields = {
  override: z.boolean().optional(),
  overrideReason: z.enum(OVERRIDE_REASONS, { error: OVERRIDE_REASON_REQUIRED }).optional(),
};
const overrideNeedsReason = (body: { action: string; override?: boolean; overrideReason?: string }) =>
  !(body.override || body.action === 'override') || !!body.overrideReason;

/**
 * What the gate's camera read of the plate, sent with the check-in whose plate it filled (docs/gate.md,
 * Plate recognition): the text read, how sure the reader was, and whether the attendant changed it.
 * Never the image.
 */
const plateReadSchema = z.object(
  {
    text: plate,
    confidence: z
      .number({ error: 'A plate read’s confidence is a number from 0 to 1.' })
      .min(0, 'A plate read’s confidence is a number from 0 to 1.')
      .max(1, 'A plate read’s confidence is a number from 0 to 1.'),
    corrected: z.boolean({ error: 'Say whether the attendant corrected the plate read.' }),
  },
  { error: 'A plate read is { text, confidence, corrected }.' },
);
export type PlateRead = z.infer<typeof plateReadSchema>;

/** A read the attendant kept is the plate checked in; one they corrected is not. */
const readMatchesPlate = ({ plate, plateRead }: { plate: string; plateRead?: PlateRead }) =>
  !plateRead || (plateRead.text === plate) !== plateRead.corrected;

/** POST /api/checkins/enter. */
export const enterSchema = z
  .object({
    id: z.uuid('A check-in id is a UUID.').optional(),
    plate,
    slot,
    action: z.enum(['checkin', 'override']).default('checkin'),
    entryTs: instant.optional(),
    lotId: z.uuid('Unknown lot id'),
    reservationId: z.uuid('Unknown reservation id').optional(),
    passToken: z.string().min(10).max(4_000).optional(),
    /** A walk-in's vehicle, for a slot of its type; unsaid (an older queued entry), any free slot will do. */
    vehicleType: z.enum(VEHICLE_TYPES, { error: 'Vehicle type must be car or motorcycle.' }).optional(),
    plateRead: plateReadSchema.optional(),
    ...overrideFields,
  })
  .refine(overrideNeedsReason, { message: OVERRIDE_REASON_REQUIRED, path: ['overrideReason'] })
  .refine(readMatchesPlate, {
    message: 'A plate read the attendant kept is the plate checked in, and a corrected one is not.',
    path: ['plateRead', 'corrected'],
  });
export type EnterRequest = z.infer<typeof enterSchema>;

/** POST /api/checkins/:checkinId/exit. */
export const exitSchema = z
  .object({
    plate: plate.optional(),
    passToken: z.string().min(10).max(4_000).optional(),
    /** The driver's "pay with Parkada" code: their consent to pay this stay from their own wallet. */
    payCode: z.string().min(10).max(4_000).optional(),
    lotId: z.uuid('Unknown lot id'),
    exitTs: instant.optional(),
    action: z.enum(['checkout', 'override']).default('checkout'),
    lostTicket: z.boolean().optional(),
    ...overrideFields,
  })
  .refine(overrideNeedsReason, { message: OVERRIDE_REASON_REQUIRED, path: ['overrideReason'] })
  .refine((body) => body.plate !== undefined || body.passToken !== undefined, { message: NAME_THE_CAR, path: ['plate'] });
export type ExitRequest = z.infer<typeof exitSchema>;

export const isOverride = (body: { action: string; override?: boolean }) => body.override === true || body.action === 'override';

/**
 * What a stay costs at the exit, hour by hour at the rate the lot charges for that hour (its band's
 * applied dynamic rate, else its base rate: `core/pricing.ts`). Reserved time is already paid; past
 * the reservation's end each started hour is charged at its rate, without a tier discount (a car 61
 * minutes late pays two hours; seconds past the end are not an hour). A walk-in pays what booking the
 * same stay would have cost: each started hour, one hour at least, with the lot's tier discount.
 */
export function gateCharge(stay: GateStay): { hours: number; amountCents: number; lines?: CardLine[] } {
  const wholeMinutesMs = (ms: number) => Math.max(0, Math.floor(ms / MINUTE_MS)) * MINUTE_MS;
  const terms: StayTerms = { vehicleType: stay.vehicleType, lostTicket: stay.lostTicket };
  if (stay.reservedUntilMs === null) {
    const { hours, totalCents, lines } = quote(stay.pricing, wholeMinutesMs(stay.exitMs - stay.entryMs), stay.entryMs, terms);
    return { hours, amountCents: totalCents, lines };
  }
  const overMs = wholeMinutesMs(stay.exitMs - stay.reservedUntilMs);
  if (stay.pricing.strategy === 'RATE_CARD' && stay.pricing.rateCard) return cardOverstay(stay, stay.reservedUntilMs, overMs, terms);
  if (overMs === 0) return { hours: 0, amountCents: 0 };
  const { hours, grossCents } = quote(stay.pricing, overMs, stay.reservedUntilMs);
  return { hours, amountCents: grossCents };
}

export type GateStay = { entryMs: number; exitMs: number; reservedUntilMs: number | null; pricing: LotPricing } & StayTerms;

/**
 * A rate card's overstay is what extending the stay to the exit costs (the card's succeeding hours,
 * its daily maximum and nights, from the entry), plus the lost-ticket fee at a lost-ticket exit.
 */
function cardOverstay(stay: GateStay, paidUntilMs: number, overMs: number, terms: StayTerms) {
  const card = stay.pricing.rateCard;
  const times = { startMs: stay.entryMs, paidUntilMs, endMs: paidUntilMs + overMs };
  const lostCents = terms.lostTicket && card ? card.lostTicketCents : 0;
  const hours = overMs ? Math.ceil(overMs / HOUR_MS) : 0;
  return { hours, amountCents: continuedCents(stay.pricing, times, { vehicleType: terms.vehicleType }) + lostCents };
}

/**
 * What a stay owes when the gate sees the car leave after its driver declared its exit by tap: its
 * charge to the seen exit less its charge to the declared one, by the one rule above. The time past
 * the declared exit is paid by the lot's rules, and no started hour is paid twice (docs/gate.md, A
 * declared exit seen at the gate).
 */
export function chargePastDeclaredExit(stay: Parameters<typeof gateCharge>[0] & { declaredExitMs: number }) {
  const seen = gateCharge(stay);
  const declared = gateCharge({ ...stay, exitMs: stay.declaredExitMs });
  return { hours: seen.hours - declared.hours, amountCents: Math.max(0, seen.amountCents - declared.amountCents) };
}

/**
 * Whether a reservation's overstay is taken from its driver's wallet without a pay code: booking
 * agreed to an overstay, not to an unbounded one. At most `capCents`, the lot's price for a day from
 * the reservation's end; a dearer overstay is collected whole at the gate, in cash or with a pay code
 * (docs/gate.md, Who moves whose money).
 */
export function overstayFromWallet(amountCents: number, pricing: LotPricing, reservedUntilMs: number) {
  const capCents = dayPriceCents(pricing, reservedUntilMs);
  return { capCents, fromWallet: amountCents <= capCents };
}

/** What the exit's decision of who pays rests on (docs/gate.md, Who moves whose money). */
export type PaymentBasis = {
  amountCents: number;
  /** A pay code shown, or the driver's tap: their consent to pay it all from their wallet, or the exit is refused. */
  consented: boolean;
  /** The end of the stay's reservation: its driver's wallet pays the overstay without a pay code, up to a day's price. */
  reservedUntilMs: number | null;
  pricing: LotPricing;
  /** The balance of the wallet that may pay (the consenting driver's, else the reservation's), or null when none may. */
  balanceCents: number | null;
};

/**
 * Who pays a stay at the exit: nobody when it costs nothing (a pass, validations, a voucher, on time);
 * the wallet that may pay when it covers the charge, within the cap without consent; else cash at the
 * gate, saying the cap it went above. Cash is never what a consent pays (one charge, one payer): the
 * exit refuses a consent decided 'cash', its wallet short.
 */
export function whoPays(basis: PaymentBasis): { paidBy: GatePaymentMethod | null; walletCapCents: number | null } {
  const { amountCents, consented, reservedUntilMs, balanceCents } = basis;
  if (amountCents === 0) return { paidBy: null, walletCapCents: null };
  const cap = !consented && reservedUntilMs !== null ? overstayFromWallet(amountCents, basis.pricing, reservedUntilMs) : null;
  const walletCovers = balanceCents !== null && balanceCents >= amountCents && (cap?.fromWallet ?? true);
  return { paidBy: walletCovers ? 'wallet' : 'cash', walletCapCents: cap && !cap.fromWallet ? cap.capCents : null };
}

/**
 * A car entering on a booking (a reservation, a monthly pass) is the car booked: the refusal naming
 * both plates, or null. An override with a reason lets another car in, audited.
 */
export const otherCarThanBooked = (what: 'reservation' | 'monthly pass', bookedPlate: string | null, plate: string) =>
  bookedPlate && normalizePlate(bookedPlate) !== normalizePlate(plate) ? `This ${what} is for ${bookedPlate}, not ${plate}.` : null;

/** Whether a check-in may still be undone at `now`. */
export const undoable = (entry: { entryTs: string; exitTs: string | null; undoneAt?: string | null }, now = new Date()) =>
  !entry.exitTs && !entry.undoneAt && now.getTime() - Date.parse(entry.entryTs) <= UNDO_MINUTES * MINUTE_MS;

export type GateTime = { ok: true; time: Date } | { ok: false; status: 400 | 409; message: string };

/**
 * The time an entry or exit is recorded and priced at: the server's now, or a device's capture time
 * at most BACKDATE_MINUTES back and not before the shift began. Earlier needs an override with a
 * reason (audited), and never more than OFFLINE_MAX_AGE_HOURS back. A time slightly ahead (a device
 * clock) counts as now; further ahead is refused.
 */
export function gateTime(
  at: string | undefined,
  now: Date,
  rules: { what: 'entry' | 'exit'; override: boolean; shiftStartedAt?: string | null },
): GateTime {
  if (!at) return { ok: true, time: now };
  const time = new Date(at);
  if (time.getTime() > now.getTime() + CLOCK_AHEAD_MINUTES * MINUTE_MS)
    return { ok: false, status: 400, message: 'The time given is in the future.' };
  if (time.getTime() >= now.getTime()) return { ok: true, time: now };
  if (now.getTime() - time.getTime() > OFFLINE_MAX_AGE_HOURS * HOUR_MS)
    return { ok: false, status: 400, message: `The time given is more than ${OFFLINE_MAX_AGE_HOURS} hours ago.` };
  const earliest = Math.max(now.getTime() - BACKDATE_MINUTES * MINUTE_MS, rules.shiftStartedAt ? Date.parse(rules.shiftStartedAt) : 0);
  if (time.getTime() < earliest && !rules.override)
    return {
      ok: false,
      status: 409,
      message: `An ${rules.what} time more than ${BACKDATE_MINUTES} minutes back, or before your shift began, needs an override with a reason.`,
    };
  return { ok: true, time };
}

/** POST /api/owner/checkins/:checkinId/refund: part or all of a gate charge, paid back the way it came. */
export const gateRefundSchema = z.object({
  amountCents: z
    .number({ error: 'Give the amount to refund in centavos.' })
    .int('Give the amount in whole centavos.')
    .positive('Refund more than ₱0.00.'),
  reason: z
    .string({ error: 'Say why the charge is refunded.' })
    .trim()
    .min(3, 'Say why the charge is refunded.')
    .max(300, 'Keep the reason under 300 characters.'),
  /** The stay's lot: how a stay moved out of D1 into its lot's object is found (docs/gate.md, Where a stay lives). */
  lotId: z.uuid('Unknown lot id').optional(),
});
export type GateRefundRequest = z.infer<typeof gateRefundSchema>;

/** The refund dialog: the amount typed in pesos, checked as the request's centavos (its messages, at the amount's field). */
export const gateRefundFormSchema = z
  .object({ amount: z.string().transform(pesosToCents).pipe(gateRefundSchema.shape.amountCents), reason: gateRefundSchema.shape.reason })
  .transform(({ amount, reason }): GateRefundRequest => ({ amountCents: amount, reason }));
