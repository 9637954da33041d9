import { REVIEW_FILTER_LABELS, type ReviewStatus } from '../../../core/approvals';
import { cn } from '../../components/ui/cn';

const STYLES: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  approved: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

export const ReviewBadge = ({ status }: { status: ReviewStatus }) => (
  <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>{REVIEW_FILTER_LABELS[status]}</span>
);
