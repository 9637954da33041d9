import type { StatementStatus } from '../../../core/statements';

/** How a statement's status reads, and its badge's colours: on the owner's statements, their PDF and the admin's payouts. */
export const STATUS_LABELS: Record<StatementStatus, { label: string; tone: string }> = {
  open: { label: 'Open — the month so far', tone: 'bg-muted text-foreground' },
  closed: { label: 'Closed — payout due', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' },
  paid: { label: 'Paid', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100' },
  carried: {
    label: 'Closed — below zero, carried to next month',
    tone: 'bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100',
  },
};
