import type { ReviewStatus } from '../../../core/approvals';
import { formatDateTime } from '../../../core/time';
import { ReviewBadge } from './review-badge';

type Submission = {
  id: string;
  status: ReviewStatus;
  submittedAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
  notes: string | null;
};

/** A lot's submissions and the decisions on them, newest first: shown to its owner and to the reviewer of a resubmission. */
export function SubmissionHistory({ submissions, title = 'Review history' }: { submissions: Submission[]; title?: string }) {
  if (!submissions.length) return null;
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ol className="space-y-2 text-sm" data-testid="submission-history">
        {submissions.map((submission) => (
          <li key={submission.id} className="rounded-lg border border-border p-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-muted-foreground">Sent {formatDateTime(submission.submittedAt)}</span>
              <ReviewBadge status={submission.status} />
            </div>
            {submission.notes && <p className="mt-1">Owner’s note: {submission.notes}</p>}
            {submission.decidedAt && (
              <p className="mt-1">
                Decided {formatDateTime(submission.decidedAt)}
                {submission.decisionReason ? `: ${submission.decisionReason}` : ''}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
