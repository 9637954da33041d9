/**
 * Wallet rules shared by the worker and the web: top-up limits and methods, loyalty points and levels,
 * statement months. Amounts are integer centavos.
 */
import { formatPeso } from './money';
import { DAY_MS, formatDateTime, MINUTE_MS } from './time';

export const TOPUP_METHODS = ['gcash', 'maya', 'card'] as const;
export type TopupMethod = (typeof TOPUP_METHODS)[number];
export const TOPUP_METHOD_LABELS: Record<TopupMethod, string> = { gcash: 'GCash', maya: 'Maya', card: 'Credit / Debit Card' };

/** Quick amounts of the Top Up dialog, in pesos: the usual top-ups in one tap. */
export const QUICK_TOPUP_PESOS = [100, 500, 1000, 2000] as const;

/**
 * Server-side ceilings (anti-fraud, and e-money wallet limits of Philippine gateways): the defaults of
 * the platform settings, which the worker checks (the schemas below cannot know the stored values).
 */
export const TOPUP_MAX_CENTS = 2_000_000; // ₱20,000 per top-up
export const DAILY_TOPUP_MAX_CENTS = 5_000_000; // ₱50,000 per Manila calendar day

/** The single top-up limit's refusal, or null when the amount is within it. */
export const topupTooLarge = (amountCents: number, topupMaxCents: number) =>
  amountCents > topupMaxCents ? `A single top-up is at most ${formatPeso(topupMaxCents)}.` : null;

/** The daily ceiling's refusal: what is left today, given what today's top-ups already use. */
export const dailyTopupExceeded = (dailyMaxCents: number, usedTodayCents: number) =>
  `Top-ups are limited to ${formatPeso(dailyMaxCents)} per day; you can add up to ${formatPeso(Math.max(0, dailyMaxCents - usedTodayCents))} more today.`;

/** A statement month, `YYYY-MM` (Manila calendar). */
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Loyalty points reward parking spend. */
export const CENTS_PER_POINT = 1000;
export const pointsForSpend = (netSpendCents: number) => Math.floor(Math.max(0, netSpendCents) / CENTS_PER_POINT);

/**
 * The points a driver has earned: those held plus those spent on rewards. Refunds take back what a
 * reservation no longer earns; redeeming does not, so a reward never lowers the level.
 */
export const pointsEarned = (held: number, redeemed: number) => held + redeemed;

/** Loyalty levels: a driver's standing, from the points earned by parking (`pointsEarned`), not those held. */
export const LOYALTY_LEVELS = ['Bronze', 'Silver', 'Gold'] as const;
export type LoyaltyLevel = (typeof LOYALTY_LEVELS)[number];
export function loyaltyLevel(points: number): LoyaltyLevel {
  if (points >= 1000) return 'Gold';
  if (points >= 500) return 'Silver';
  return 'Bronze';
}

/** Points still to earn for the next level, or null at Gold. */
export function pointsToNextLevel(points: number): { level: LoyaltyLevel; missing: number } | null {
  if (points < 500) return { level: 'Silver', missing: 500 - points };
  if (points < 1000) return { level: 'Gold', missing: 1000 - points };
  return null;
}

/** Ledger row types and how people read them. */
export const TRANSACTION_TYPES = ['CREDIT', 'TOPUP', 'DEBIT', 'PAYMENT', 'REFUND', 'TOPUP_REFUND', 'REWARD'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  CREDIT: 'Credit',
  TOPUP: 'Top-up',
  DEBIT: 'Debit',
  PAYMENT: 'Parking payment',
  REFUND: 'Refund',
  /** An unspent top-up paid back to its GCash, Maya or card (negative); booking refunds stay `REFUND`, to the wallet. */
  TOPUP_REFUND: 'Top-up refund',
  /** Points redeemed (negative points), with the wallet credit they bought, if any (core/rewards.ts). */
  REWARD: 'Reward',
};

/** A top-up's state: pending until the gateway says paid or failed, expired when its checkout's life ran out unpaid. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How long a checkout stays open for us: past it, an unpaid top-up is expired (and no longer counts
 * against the daily ceiling). A payment the gateway captures later is still credited.
 */
export const CHECKOUT_LIFE_MS = 30 * MINUTE_MS;

/**
 * A refund of a top-up to its source: `requested` while the gateway is asked, and after, while its
 * answer was lost, until the gateway is asked again ("being confirmed"; the wallet already debited),
 * `pending` or `succeeded` as the gateway answered, `refused` when it said no or the refund failed
 * (the money went back to the wallet, and the attempt is not shown as a refund).
 */
export const TOPUP_REFUND_STATUSES = ['requested', 'pending', 'succeeded', 'refused'] as const;
export type TopupRefundStatus = (typeof TOPUP_REFUND_STATUSES)[number];

/**
 * How long a refund whose answer was lost waits before a gateway that shows no refund of ours means
 * it never got there (and the money comes back): well past a request still on its way to it.
 */
export const REFUND_CONFIRMATION_GRACE_MS = 5 * MINUTE_MS;

/** What the driver is told of a refund whose answer was lost, and of a `requested` one on its page. */
export const REFUND_BEING_CONFIRMED =
  'Your refund is being confirmed with PayMongo. The money stays out of your wallet until PayMongo confirms it, and comes back if the refund did not go through.';

/** PayMongo's refund windows, in days from the date of payment, per method (docs/wallet.md). */
const TOPUP_REFUND_WINDOW_DAYS: Record<TopupMethod, number> = { gcash: 180, maya: 365, card: 60 };
/** Where a refund goes, in the driver's words. */
export const REFUND_DESTINATION: Record<TopupMethod, string> = { gcash: 'GCash', maya: 'Maya', card: 'card' };

export type RefundableTopup = {
  status: PaymentStatus;
  method: TopupMethod;
  amountCents: number;
  /** When the gateway confirmed the payment. */
  completedAt: string | null;
  /** The refund already made or under way, if any (refused attempts do not count). */
  refundedAt: string | null;
};

export type RefundEligibility =
  | { eligible: true; deadline: string }
  | { eligible: false; reason: 'not_paid' | 'refunded' | 'too_old' | 'spent'; message: string };

/**
 * Whether a top-up can go back to its source now: paid, never refunded, within PayMongo's window for
 * its method, and not spent, which means the wallet still holds the whole top-up (the refund is whole).
 */
export function topupRefundEligibility(topup: RefundableTopup, balanceCents: number, now: Date): RefundEligibility {
  const to = REFUND_DESTINATION[topup.method];
  if (topup.status !== 'succeeded' || !topup.completedAt)
    return { eligible: false, reason: 'not_paid', message: `Only a completed top-up can be refunded; this one is ${topup.status}.` };
  if (topup.refundedAt)
    return {
      eligible: false,
      reason: 'refunded',
      message: `This top-up was already refunded to your ${to} on ${formatDateTime(topup.refundedAt)}.`,
    };
  const days = TOPUP_REFUND_WINDOW_DAYS[topup.method];
  const deadline = new Date(new Date(topup.completedAt).getTime() + days * DAY_MS);
  if (now >= deadline)
    return {
      eligible: false,
      reason: 'too_old',
      message: `A ${to} top-up can be refunded within ${days} days of payment; this one is older.`,
    };
  if (balanceCents < topup.amountCents)
    return {
      eligible: false,
      reason: 'spent',
      message: `Part of this top-up was spent: your wallet holds ${formatPeso(balanceCents)}, less than the ${formatPeso(topup.amountCents)} to refund.`,
    };
  return { eligible: true, deadline: deadline.toISOString() };
}

/** How money at a gate was paid (and is paid back): from the driver's wallet, or cash at the lot. */
export const GATE_PAYMENT_METHODS = ['wallet', 'cash'] as const;
export type GatePaymentMethod = (typeof GATE_PAYMENT_METHODS)[number];

/**
 * A driver's "pay with Parkada" code: shown in the app, scanned at a gate's exit, it lets that exit
 * charge the driver's own wallet (docs/gate.md, Who moves whose money). Short-lived and single-use.
 */
export const PAY_CODE_MINUTES = 5;
/** The audience of a pay code's JWT: what tells it from a pass at the gate. */
export const PAY_CODE_AUDIENCE = 'parkada-pay';
/**
 * What a pay code consents to besides its driver (`sub`): one lot, and at most this much. Readable by
 * the gate's screen from the token itself; the server verifies the signature before trusting them.
 */
export type PayCodeClaims = {
  lotId: string;
  lotName: string;
  limitCents: number;
  /** A free-hour voucher of the driver's to take an hour off a stay that is not a reservation (docs/wallet.md, Rewards). */
  voucherId?: string;
};
