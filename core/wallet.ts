/**
 * Wallet rules shared by the worker and the web: top-up limits and methods, loyalty points and levels,
 * statement months. Amounts are integer centavos.
 */
import { formatPeso } from './money';

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

/** A statement month, `YYYY-MM` (Manila calendar). */
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Loyalty points reward parking spend. */
export const CENTS_PER_POINT = 1000;
export const pointsForSpend = (netSpendCents: number) => Math.floor(Math.max(0, netSpendCents) / CENTS_PER_POINT);

/** Loyalty levels: a driver's standing, earned by parking. */
export type LoyaltyLevel = 'Bronze' | 'Silver' | 'Gold';
export function loyaltyLevel(points: number): LoyaltyLevel {
  if (points >= 1000) return 'Gold';
  if (points >= 500) return 'Silver';
  return 'Bronze';
}

/** Points still needed for the next level, or null at Gold. */
export function pointsToNextLevel(points: number): { level: LoyaltyLevel; missing: number } | null {
  if (points < 500) return { level: 'Silver', missing: 500 - points };
  if (points < 1000) return { level: 'Gold', missing: 1000 - points };
  return null;
}

/** Ledger row types and how people read them. */
export const TRANSACTION_TYPES = ['CREDIT', 'TOPUP', 'DEBIT', 'PAYMENT', 'REFUND'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  CREDIT: 'Credit',
  TOPUP: 'Top-up',
  DEBIT: 'Debit',
  PAYMENT: 'Parking payment',
  REFUND: 'Refund',
};

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
