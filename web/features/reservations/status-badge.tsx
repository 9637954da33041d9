import type { ReservationStatus } from '../../../core/booking';
import { cn } from '../../components/ui/cn';

const STYLES: Record<ReservationStatus, string> = {
  CONFIRMED: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  ACTIVE: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  COMPLETED: 'bg-muted text-foreground',
  CANCELLED: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  EXPIRED: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
};

export const StatusBadge = ({ status }: { status: ReservationStatus }) => (
  <span data-testid="reservation-status" className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>
    {status}
  </span>
);
