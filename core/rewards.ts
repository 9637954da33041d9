/**
 * Orange Rewards: what points buy (docs/wallet.md, Rewards). Points are earned by parking
 * (`pointsForSpend`, ./wallet: 1 point per ₱10 paid); this catalogue is the one place that says what
 * they are worth. Amounts are integer centavos.
 */
import { formatPeso } from './money';
import type { PriceQuote } from './pricing';
import { DAY_MS } from './time';

/**
 * Wallet credit per point: 10 centavos, so 100 points are ₱10. A point is earned per ₱10 paid, so
 * credit gives back 1% of what was spent on parking, the usual rate of a card's or a mall's points.
 */
export const CREDIT_CENTS_PER_POINT = 10;

/** How long a free-hour voucher can be used, from its redemption. */
const VOUCHER_DAYS = 90;

export const REWARD_KINDS = ['credit', 'free_hour'] as const;
type RewardKind = (typeof REWARD_KINDS)[number];
export type Reward = {
  id: string;
  kind: RewardKind;
  name: string;
  description: string;
  costPoints: number;
  /** What a credit reward puts in the wallet; 0 for a voucher. */
  creditCents: number;
};

const credit = (costPoints: number): Reward => {
  const creditCents = costPoints * CREDIT_CENTS_PER_POINT;
  return {
    id: `credit-${costPoints}`,
    kind: 'credit',
    name: `${formatPeso(creditCents)} wallet credit`,
    description: `${formatPeso(creditCents)} added to your wallet at once, to spend on any parking.`,
    costPoints,
    creditCents,
  };
};

/**
 * The catalogue. The free hour costs what ₱50 of credit does, and is worth an hour at the lot it is
 * used at (₱80 at the default rate): the better buy for a driver who parks, as a loyalty reward should be.
 */
export const REWARDS: readonly Reward[] = [
  credit(100),
  credit(500),
  credit(1000),
  {
    id: 'free-hour',
    kind: 'free_hour',
    name: 'One free hour',
    description: `A voucher for one hour off a booking, at the lot of your choice. Used once, within ${VOUCHER_DAYS} days.`,
    costPoints: 500,
    creditCents: 0,
  },
];

export const findReward = (id: string) => REWARDS.find((reward) => reward.id === id) ?? null;

/** Why a reward cannot be redeemed with the points held, or null when it can. */
export const rewardShortfall = (reward: Reward, points: number) =>
  points >= reward.costPoints ? null : `You need ${(reward.costPoints - points).toLocaleString('en-PH')} more points for this reward.`;

export const voucherExpiry = (redeemedAt: Date) => new Date(redeemedAt.getTime() + VOUCHER_DAYS * DAY_MS);

export const VOUCHER_STATES = ['unused', 'used', 'expired'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];
export const voucherState = (voucher: { usedAt: string | null; expiresAt: string }, now: Date): VoucherState => {
  if (voucher.usedAt) return 'used';
  return Date.parse(voucher.expiresAt) <= now.getTime() ? 'expired' : 'unused';
};

/**
 * What a free hour takes off a stay: one of its billed hours, at what the stay pays per hour (tiers
 * and bands included), never more than the stay costs. A one-hour stay is free.
 */
export const freeHourOffCents = (price: Pick<PriceQuote, 'totalCents' | 'hours'>) =>
  Math.min(price.totalCents, Math.round(price.totalCents / Math.max(1, price.hours)));
