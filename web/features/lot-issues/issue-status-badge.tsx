import { LOT_ISSUE_STATUS_LABELS, type LotIssueStatus } from '../../../core/lot-issues';
import { cn } from '../../components/ui/cn';

const STYLES: Record<LotIssueStatus, string> = {
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  acknowledged: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  resolved: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
};

export const IssueStatusBadge = ({ status }: { status: LotIssueStatus }) => (
  <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>{LOT_ISSUE_STATUS_LABELS[status]}</span>
);
