import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '../../../core/time';
import { Spinner } from '../../components/ui/spinner';
import type { LotIssue } from '../../lib/lot-issues';
import { IssueStatusBadge } from './issue-status-badge';

const IssueDialog = lazy(() => import('./issue-dialog'));

/** Reports as rows; each opens its thread. `showLot`: the lot's name on each (a list across lots). */
export function IssueList({ issues, empty, showLot = false }: { issues: LotIssue[]; empty: string; showLot?: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  if (issues.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-border">
        {issues.map((issue) => (
          <li key={issue.id}>
            <button
              type="button"
              onClick={() => setOpen(issue.id)}
              className="flex w-full flex-col gap-1 py-3 text-left hover:bg-muted/50 focus-visible:bg-muted/50"
            >
              {/* Named by what it shows (WCAG 2.5.3), with the words a screen reader needs besides. */}
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {issue.categoryLabel}
                  <span className="sr-only"> report,</span>
                </span>
                <IssueStatusBadge status={issue.status} />
                {issue.photoUrl && (
                  <>
                    <Camera aria-hidden className="h-4 w-4 text-muted-foreground" />
                    <span className="sr-only">with a photo</span>
                  </>
                )}
                <span className="ml-auto text-xs text-muted-foreground">{formatDateTime(issue.createdAt)}</span>
              </span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{issue.text}</span>
              <span className="text-xs text-muted-foreground">
                {[showLot && issue.lotName, issue.reporterName, issue.plate, issue.slotLabel && `Slot ${issue.slotLabel}`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={<Spinner label="Loading report" />}>
          <IssueDialog id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
