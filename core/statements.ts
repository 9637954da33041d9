/**
 * Owners' statements (docs/owner.md, "Statements and payouts"): what the platform collected for a
 * lot in a Manila month, what it keeps and what it owes the owner. Pure rules; the sums come from the
 * lot's money rollup.
 */
import type { MoneyKind } from './booking';
import { addDays, manilaDate } from './time';

/** What a statement line counts, from the kind of each movement. */
export const STATEMENT_PARTS = [
  { part: 'bookingsCents', label: 'Bookings', kinds: ['BOOKING', 'MODIFICATION'] },
  { part: 'extensionsCents', label: 'Extensions', kinds: ['EXTENSION'] },
  { part: 'overstaysCents', label: 'Overstays', kinds: ['OVERSTAY'] },
  { part: 'walkInsCents', label: 'Walk-ins', kinds: ['WALK_IN'] },
  { part: 'monthlyPassesCents', label: 'Monthly passes', kinds: ['MONTHLY_PASS'] },
  { part: 'refundsCents', label: 'Refunds', kinds: ['REFUND'] },
] as const satisfies readonly { part: string; label: string; kinds: readonly MoneyKind[] }[];
type StatementPart = (typeof STATEMENT_PARTS)[number]['part'];

/** Money of a lot in a month as the rollup holds it: per kind, what came through the wallet and in cash at the gate. */
export type MonthMoney = { kind: string; method: 'wallet' | 'cash'; cents: number }[];

export type StatementFigures = Record<StatementPart, number> & {
  /** Paid through the platform (the wallet), refunds deducted. */
  collectedCents: number;
  commissionBasisPoints: number;
  commissionCents: number;
  /** What the platform owes the owner for the month: collected less commission. */
  payableCents: number;
  /** Taken in cash at the gate, refunds in cash deducted: the owner holds it already. */
  cashCents: number;
  /**
   * Merchant validations given at the lot's exits (docs/passes.md, "Merchant validations"): parking
   * neither the platform nor the owner collected from drivers, for the owner to invoice the merchants.
   * Its own line, outside what was collected.
   */
  validatedCents: number;
};

/** The platform's commission on what it collected, rounded to the centavo (half away from zero). */
export const commissionOf = (collectedCents: number, basisPoints: number) =>
  Math.sign(collectedCents) * Math.round((Math.abs(collectedCents) * basisPoints) / 10_000);

/** A lot's figures for a month from its money and the commission rate in force. */
export function statementFigures(money: MonthMoney, commissionBasisPoints: number, validatedCents = 0): StatementFigures {
  const wallet = money.filter((row) => row.method === 'wallet');
  const parts = Object.fromEntries(
    STATEMENT_PARTS.map(({ part, kinds }) => [
      part,
      wallet.filter((row) => (kinds as readonly string[]).includes(row.kind)).reduce((sum, row) => sum + row.cents, 0),
    ]),
  ) as Record<StatementPart, number>;
  const collectedCents = STATEMENT_PARTS.reduce((sum, { part }) => sum + parts[part], 0);
  const commissionCents = commissionOf(collectedCents, commissionBasisPoints);
  return {
    ...parts,
    collectedCents,
    commissionBasisPoints,
    commissionCents,
    payableCents: collectedCents - commissionCents,
    cashCents: money.filter((row) => row.method === 'cash').reduce((sum, row) => sum + row.cents, 0),
    validatedCents,
  };
}

export const STATEMENT_STATUSES = ['open', 'closed', 'paid', 'carried'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/**
 * What an owner's earlier months leave to the next: nothing while each was owed at least what was
 * paid (an unpaid balance stays due on its own month); what the owner owes the platform when a month
 * ended below zero (refunds above the month's takings, or an overpayment), netted from the months after.
 */
export function balanceCarried(months: { owedCents: number; paidCents: number }[]) {
  let carried = 0;
  for (const { owedCents, paidCents } of months) carried = Math.min(0, owedCents + carried - paidCents);
  return carried;
}

/** A month is open until its last Manila day has ended. */
export const monthClosed = (month: string, now: Date) => manilaDate(now) > lastDayOf(month);

/** The Manila days of a month, `YYYY-MM`. */
export const firstDayOf = (month: string) => `${month}-01`;
export const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return addDays(`${number === 12 ? year + 1 : year}-${String((number % 12) + 1).padStart(2, '0')}-01`, -1);
};
/** The month before and the month after, `YYYY-MM`. */
export const previousMonth = (month: string) => addDays(firstDayOf(month), -1).slice(0, 7);
export const nextMonth = (month: string) => addDays(lastDayOf(month), 1).slice(0, 7);
/** Every month from `from` to `to` included. */
export function eachMonth(from: string, to: string) {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/** Open while the month runs; then closed until payouts cover what was owed, paid after; carried when it ended below zero. */
export const statementStatus = (closed: boolean, owedCents: number, paidCents: number): StatementStatus =>
  !closed ? 'open' : owedCents - paidCents < 0 ? 'carried' : paidCents >= owedCents ? 'paid' : 'closed';

/** The statement's rows as CSV cells: one per lot, then the total (docs/owner.md, "Statements and payouts"). */
export const STATEMENT_CSV_HEADER = [
  'Lot',
  ...STATEMENT_PARTS.map(({ label }) => label),
  'Collected',
  'Commission (deducted)',
  'Adjustments',
  'Payable',
  'Cash at the gate',
  'Validated (invoice merchants)',
];
